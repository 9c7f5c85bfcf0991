import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { apiKeys } from './profile';
import { users } from './users';

/**
 * A customer's consent that an OAuth client acts for them (authorization-code grant): one row per
 * code exchanged. Its access tokens name it (claim `gid`) and stop working once it is revoked; the
 * refresh token is kept as a SHA-256 and rotates, the previous one kept to spot a replay.
 */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: serial('id').primaryKey(),
    clientKeyId: integer('client_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    refreshHash: text('refresh_hash'),
    previousRefreshHash: text('previous_refresh_hash'),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('oauth_grants_user_idx').on(t.userId),
    uniqueIndex('oauth_grants_refresh_hash_uq').on(t.refreshHash),
    index('oauth_grants_previous_refresh_hash_idx').on(t.previousRefreshHash),
  ],
);

/** A single-use authorization code (only its SHA-256), bound to what the person allowed. */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    clientKeyId: integer('client_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    scopes: text('scopes').array().notNull(),
    codeChallenge: text('code_challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** the grant its exchange made: a second exchange revokes it (RFC 6749 section 4.1.2) */
    grantId: integer('grant_id').references(() => oauthGrants.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('oauth_codes_expires_at_idx').on(t.expiresAt)],
);
