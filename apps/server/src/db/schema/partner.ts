import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CLIENT_ALERT_TYPES } from '@parlance/shared';
import { ledgerTransactions } from './ledger';
import { projects } from './projects';
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

export const COMMISSION_STATUSES = ['credited', 'none', 'before'] as const;

/**
 * The partner's commission on one cleared project of a customer they referred (ADR 0096): one row
 * per project, written in the transaction that credits it, so a project is judged once. 'credited'
 * has its ledger transaction; 'none' rounded to nothing; 'before' cleared before commissions were
 * credited (settled by hand, ADR 0082).
 */
export const partnerCommissions = pgTable(
  'partner_commissions',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id').notNull(),
    /** what the customer paid for the project (VAT excluded, after discounts) less what was refunded */
    baseCredits: bigint('base_credits', { mode: 'number' }).notNull(),
    /** the commission rate applied, in hundredths of a percent */
    basisPoints: integer('basis_points').notNull(),
    commissionCredits: bigint('commission_credits', { mode: 'number' }).notNull(),
    status: text('status', { enum: COMMISSION_STATUSES }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_commissions_partner_created_idx').on(t.partnerId, t.createdAt),
    check('partner_commissions_status_known', sql`${t.status} IN ('credited', 'none', 'before')`),
    check(
      'partner_commissions_credited_has_entry',
      sql`(${t.status} = 'credited') = (${t.ledgerTransactionId} IS NOT NULL)`,
    ),
    check('partner_commissions_amounts', sql`${t.baseCredits} >= 0 AND ${t.commissionCredits} >= 0`),
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
