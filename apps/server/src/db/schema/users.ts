import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['customer', 'translator', 'admin'] }).notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    email: text('email').notNull(),
    name: text('name').notNull(),
    // null until the user sets one (accounts created by an admin or a partner)
    passwordHash: text('password_hash'),
    country: text('country'),
    company: text('company').notNull().default(''),
    phone: text('phone'),
    industry: text('industry'),
    currency: text('currency').notNull().default('USD'),
    thumbUrl: text('thumb_url'),
    myTeamStatus: boolean('my_team_status').notNull().default(false),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    // a second secret while the user moves two-step login to a new authenticator app; it replaces
    // totp_secret once a code from the old app (or a recovery code) and one from the new check out
    totpPendingSecret: text('totp_pending_secret'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    policyAcceptedAt: timestamp('policy_accepted_at', { withTimezone: true }),
    registrationPage: text('registration_page'),
    // the staff member who looks after this customer (account managers' customer lists)
    accountManagerId: integer('account_manager_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_type_idx').on(t.type),
    index('users_name_lower_idx').on(sql`lower(${t.name})`),
    index('users_account_manager_idx').on(t.accountManagerId, t.id),
  ],
);

/**
 * Single-use recovery codes of two-step login: only the SHA-256 of each (the codes are 60 random
 * bits, so a slow hash adds nothing; a plain digest lets one conditional DELETE spend a code).
 */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha-256 of the 256-bit session id in the cookie; the id itself is never stored
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    // set while an admin acts as userId: the admin to restore
    actingAdminId: integer('acting_admin_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const aclGroups = pgTable('acl_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
});

export const userAclGroups = pgTable(
  'user_acl_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => aclGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // sha-256 of the token sent by mail
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['reset', 'create'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // wrong two-step codes given with this link; at the limit the link is spent (guessing a code
    // then needs a new mail, on top of the route's rate limit)
    codeFailures: integer('code_failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);
