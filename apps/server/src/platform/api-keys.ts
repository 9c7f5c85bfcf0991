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

/** The scopes of the customer API: read (GET), order (quotes and orders, messages, approve), pay. */
export const API_SCOPES = ['read', 'order', 'pay'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export interface ApiCaller {
  user: UserRow;
  /** the api_keys row (the key, or the OAuth client of an access token): the rate limit's bucket */
  keyId: number;
  scopes: ApiScope[];
}

export function scopesOf(stored: readonly string[]): ApiScope[] {
  return API_SCOPES.filter((s) => stored.includes(s));
}

/**
 * The caller an API key belongs to, or null for a malformed, unknown or revoked (deleted) key. One
 * indexed read; the hash is compared in constant time. `lastUsedAt` is written at most once a minute.
 */
export async function authenticateApiKey(db: Db, key: string, now: Date = new Date()): Promise<ApiCaller | null> {
  const match = KEY_SHAPE.exec(key.trim());
  if (!match) return null;
  const [row] = await db
    .select({
      user: users,
      keyId: apiKeys.id,
      secretHash: apiKeys.secretHash,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.publicId, match[1]), eq(apiKeys.kind, 'key')));
  if (!row || !safeEqual(row.secretHash, sha256(key.trim()))) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.keyId));
  }
  return { user: row.user, keyId: row.keyId, scopes: scopesOf(row.scopes) };
}

/** The user an API key belongs to, or null for a malformed, unknown or revoked key. */
export async function verifyApiKey(db: Db, key: string, now: Date = new Date()): Promise<UserRow | null> {
  return (await authenticateApiKey(db, key, now))?.user ?? null;
}

/** The OAuth client (client credentials grant) with this id and secret, or null. */
export async function authenticateOauthClient(
  db: Db,
  clientId: string,
  clientSecret: string,
  now: Date,
): Promise<ApiCaller | null> {
  if (!/^[a-f0-9]{24}$/.test(clientId)) return null;
  const [row] = await db
    .select({ user: users, keyId: apiKeys.id, secretHash: apiKeys.secretHash, scopes: apiKeys.scopes })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.publicId, clientId), eq(apiKeys.kind, 'oauth')));
  if (!row || !safeEqual(row.secretHash, sha256(clientSecret))) return null;
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.keyId));
  return { user: row.user, keyId: row.keyId, scopes: scopesOf(row.scopes) };
}

/** The caller of an access token's client, if the client still exists with that id (not rotated). */
export async function oauthCallerById(db: Db, keyId: number, clientId: string): Promise<ApiCaller | null> {
  const [row] = await db
    .select({ user: users, keyId: apiKeys.id, scopes: apiKeys.scopes })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.publicId, clientId), eq(apiKeys.kind, 'oauth')));
  return row ? { user: row.user, keyId: row.keyId, scopes: scopesOf(row.scopes) } : null;
}
