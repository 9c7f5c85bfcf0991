import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys, users } from '../db/schema';
import { safeEqual, sha256 } from './crypto';
import type { UserRow } from './session';

// Customer API keys: `prl_<public id>_<secret>`. The database keeps the public id (to find the row
// by index) and the SHA-256 of the whole key; the key itself is shown to its owner once.

const PREFIX = 'prl';
const KEY_SHAPE = /^prl_([a-f0-9]{16})_([A-Za-z0-9_-]{43})$/;

export interface NewApiKey {
  key: string;
  publicId: string;
  hash: string;
  hint: string;
}

/** A new random key (64-bit public id, 256-bit secret) and what is stored of it. */
export function generateApiKey(): NewApiKey {
  const publicId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const key = `${PREFIX}_${publicId}_${secret}`;
  return { key, publicId, hash: sha256(key), hint: key.slice(-4) };
}

/**
 * The user an API key belongs to, or null for a malformed, unknown or revoked key. One indexed
 * read; the hash is compared in constant time. For the customer API (an `X-Api-Key` header or the
 * like): `const user = await verifyApiKey(db, key, now)`.
 */
export async function verifyApiKey(db: Db, key: string, now: Date = new Date()): Promise<UserRow | null> {
  const match = KEY_SHAPE.exec(key.trim());
  if (!match) return null;
  const [row] = await db
    .select({ user: users, keyId: apiKeys.id, secretHash: apiKeys.secretHash })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.publicId, match[1]), eq(apiKeys.kind, 'key')));
  if (!row || !safeEqual(row.secretHash, sha256(key.trim()))) return null;
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.keyId));
  return row.user;
}
