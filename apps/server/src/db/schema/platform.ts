import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    // stored: kept here only (no SMTP_URL); sent: delivered to the SMTP server; failed: see error
    status: text('status', { enum: ['stored', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    /** the strings of the message that sign someone in (links, codes): shown masked */
    secrets: jsonb('secrets').$type<string[]>().notNull().default([]),
    /** a mail a mailing switch governs: whose switch, and which (null: a transactional mail) */
    userId: integer('user_id'),
    flag: text('flag'),
    /** the extra headers it carried (List-Unsubscribe, List-Unsubscribe-Post) */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_to_idx').on(t.toAddress)],
);

/** Scheduled mails already sent, by a key naming the mail and its occasion: each goes once. */
export const mailMarks = pgTable('mail_marks', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    // the person who did it (the admin, also while acting as someone)
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_actor_idx').on(t.actorId)],
);

/** Secrets generated once per database (JWT and captcha keys), shared by every server instance. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spent captcha solutions, so that one solution cannot be replayed before it expires. */
export const captchaSpent = pgTable(
  'captcha_spent',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_spent_expires_idx').on(t.expiresAt)],
);

/**
 * Rate-limit counters shared by every server instance (platform/rate-limit-store.ts): one row per
 * key and window, upserted once per counted request. UNLOGGED in the migration: counters are not
 * worth a WAL write and may be lost in a crash. Expired rows are swept by the scheduler.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);
