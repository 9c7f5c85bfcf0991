import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client';
import { safeEqual } from '../../platform/crypto';
import { serverKey } from '../../platform/keys';

// The short-lived signed link of a file: bound to the resource and to the user it was made for.

/** How long a download_url works. */
export const RESOURCE_LINK_TTL_MS = 5 * 60 * 1000;

function signature(key: string, resourceId: string, userId: number, expires: number): string {
  return createHmac('sha256', key).update(`resource:${resourceId}:${userId}:${expires}`).digest('base64url');
}

export function signResourceToken(key: string, resourceId: string, userId: number, now: Date): string {
  const expires = now.getTime() + RESOURCE_LINK_TTL_MS;
  return `${expires}.${signature(key, resourceId, userId, expires)}`;
}

/** True when the token was made by us for this resource and user and has not expired. */
export function verifyResourceToken(
  key: string,
  token: string,
  resourceId: string,
  userId: number,
  now: Date,
): boolean {
  const match = /^(\d{1,16})\.([\w-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (!(expires > now.getTime())) return false;
  return safeEqual(match[2], signature(key, resourceId, userId, expires));
}

/** The download_url of a resource for a user. */
export function resourceDownloadUrl(key: string, resourceId: string, userId: number, now: Date): string {
  return `/api/2/resources/${resourceId}/file?token=${encodeURIComponent(signResourceToken(key, resourceId, userId, now))}`;
}

const keys = new WeakMap<object, Promise<string>>();

/** The HMAC key of the links: one per database, shared by every instance on it. */
export function resourceLinkKey(db: Db): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = serverKey(db, 'resource-links');
    keys.set(db, key);
    // a failed read is not cached: the next call reads again (the caller sees the error)
    key.catch(() => keys.delete(db));
  }
  return key;
}
