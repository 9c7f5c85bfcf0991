import { createHmac } from 'node:crypto';
import { safeEqual } from '../../platform/crypto';

// The "finish later" link: `resume=<expiry>.<HMAC-SHA256(key, pid.expiry)>`. It names one order and
// grants that order only; it expires after RESUME_TTL_MS. The key is a server key of its own.

export const RESUME_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function signature(key: string, pid: string, expiresAt: number): string {
  return createHmac('sha256', key).update(`po-resume.${pid}.${expiresAt}`).digest('base64url');
}

export function signResumeToken(key: string, pid: string, now: Date): string {
  const expiresAt = now.getTime() + RESUME_TTL_MS;
  return `${expiresAt.toString(36)}.${signature(key, pid, expiresAt)}`;
}

/** True when the token was made for this order by this server and has not expired. */
export function verifyResumeToken(key: string, pid: string, token: string, now: Date): boolean {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expiresAt = Number.parseInt(match[1], 36);
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= now.getTime()) return false;
  return safeEqual(match[2], signature(key, pid, expiresAt));
}
