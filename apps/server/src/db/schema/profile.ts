import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { languages } from './reference';
import { sessions, users } from './users';

/** Account details beyond the sign-in data (spec 2 section 3, Account): address and city. */
export const accountDetails = pgTable('account_details', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  phoneVerified: boolean('phone_verified').notNull().default(false),
  /** social network links (updateNetworksInfo): network id -> https URL */
  networks: jsonb('networks').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Mailing preference flags (spec 2 section 3). Only the flags a user changed are stored; every
 * other flag reads as its default (MAILING_DEFAULTS), so a new flag needs no data migration.
 */
export const mailingPreferences = pgTable('mailing_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Further addresses that receive the user's mails (spec 2 section 3: uid, email). */
export const secondaryEmails = pgTable(
  'secondary_emails',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('secondary_emails_user_email_uq').on(t.userId, sql`lower(${t.email})`)],
);

/**
 * API credentials of a customer: one API key and one OAuth client. Only SHA-256 hashes of the
 * secrets are stored; the key's first characters (prefix) find the row without a scan.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['key', 'oauth'] }).notNull(),
    /** key: the public prefix (the part before the dot); oauth: the client id */
    publicId: text('public_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** the last four characters of the secret, so the owner can tell keys apart */
    secretHint: text('secret_hint').notNull(),
    redirectUri: text('redirect_uri'),
    /** oauth: the application's name, shown on the consent page (null: named after its owner) */
    name: text('name'),
    /** what the key (or the client's tokens) may do on the customer API: read, order, pay */
    scopes: text('scopes').array().notNull().default(sql`'{read,order,pay}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_user_kind_uq').on(t.userId, t.kind),
    uniqueIndex('api_keys_public_id_uq').on(t.publicId),
  ],
);

/** The translator's own profile text and settings (spec 2 sections 2-3). */
export const translatorDetails = pgTable('translator_details', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** language slugs */
  nativeLanguage: text('native_language'),
  nativeLanguage2: text('native_language2'),
  isOnlyExpert: boolean('is_only_expert').notNull().default(false),
  bio: text('bio').notNull().default(''),
  timeZone: text('time_zone'),
  referees: jsonb('referees')
    .$type<{ name: string; email: string; company: string; relationship: string }[]>()
    .notNull()
    .default([]),
  software: jsonb('software').$type<string[]>().notNull().default([]),
  services: jsonb('services').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Files of the profile: CV, government ID, certifications and the avatar, in the file storage. */
export const profileUploads = pgTable(
  'profile_uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['cv', 'gov_id', 'certification', 'avatar'] }).notNull(),
    storageId: text('storage_id').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profile_uploads_user_idx').on(t.userId, t.kind)],
);

/** Sub-accounts (beneficiaries): customer accounts a parent customer created and may switch to. */
export const subAccounts = pgTable(
  'sub_accounts',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** an account is the sub-account of one parent at most */
    childId: integer('child_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** when the sub-account lacks credits for an order, the parent's credits are moved in first */
    autoTransfer: boolean('auto_transfer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sub_accounts_parent_idx').on(t.parentId)],
);

/** A session switched from a parent into one of its sub-accounts: whom "back" returns to. */
export const sessionSwitches = pgTable('session_switches', {
  sessionHash: text('session_hash')
    .primaryKey()
    .references(() => sessions.idHash, { onDelete: 'cascade' }),
  parentId: integer('parent_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

/** Deleted accounts: when and why (the user row stays, anonymised, for the ledger and invoices). */
export const deletedAccounts = pgTable('deleted_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  reason: text('reason').notNull(),
  comment: text('comment').notNull().default(''),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's reusable project notes (instructions for translators), /profile/custom_notes. */
export const projectNotes = pgTable(
  'project_notes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_notes_user_idx').on(t.userId, t.id)],
);

/** A phone number being verified: the code's hash, its expiry and the wrong tries so far. */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Languages a translator transcribes audio in (setTranscriptionSkill); matching reads them. */
export const translatorTranscriptionLanguages = pgTable(
  'translator_transcription_languages',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** language slug */
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('translator_transcription_languages_uq').on(t.userId, t.language)],
);

/**
 * Telegram notifications: the start code of the bot link (short-lived, one use), then the chat the
 * bot talks to once the user pressed Start, and whether notifications are on.
 */
export const telegramSubscriptions = pgTable(
  'telegram_subscriptions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    startCode: text('start_code'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    chatId: text('chat_id'),
    username: text('username'),
    subscribed: boolean('subscribed').notNull().default(false),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('telegram_subscriptions_code_uq').on(t.startCode)],
);

/**
 * A translator's voice-over sample, one per language they voice (spec 1 §2, /voice). The audio is
 * in the file storage; customers browse voices by language (the index) and play the sample.
 */
export const voiceSamples = pgTable(
  'voice_samples',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** a language slug (languages.slug) */
    language: text('language')
      .notNull()
      .references(() => languages.slug),
    storageId: text('storage_id').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voice_samples_user_language_uq').on(t.userId, t.language),
    index('voice_samples_language_idx').on(t.language, t.createdAt, t.id),
    index('voice_samples_created_idx').on(t.createdAt, t.id),
  ],
);
