import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CLIENT_ALERT_TYPES } from '@parlance/shared';
import { users } from './users';

// Partner / affiliate program and client-alert routing (ADR 0082).

/** A user's referral code, made the first time they open /partner or /affiliate-program. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_codes_code_uq').on(t.code)],
);

/** A sign-up through a referral link: one referrer per user, written in the sign-up's transaction. */
export const referrals = pgTable(
  'referrals',
  {
    referredId: integer('referred_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the partner report: a referrer's sign-ups by date, newest first
    index('referrals_referrer_created_idx').on(t.referrerId, t.createdAt, t.referredId),
    check('referrals_not_self', sql`${t.referrerId} <> ${t.referredId}`),
  ],
);

/** Per customer and alert: which staff get the mail (spec 2 section 3, "Alert config"). */
export const clientAlertSettings = pgTable(
  'client_alert_settings',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alert: text('alert', { enum: CLIENT_ALERT_TYPES }).notNull(),
    am: boolean('am').notNull(),
    sales: boolean('sales').notNull(),
    support: boolean('support').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.alert] })],
);
