import { sql } from 'drizzle-orm';
import { CREDIT_ACTION_TYPES } from '@parlance/shared';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users';

// The credits ledger: integer credits (1 credit = 0.01 USD), double-entry, immutable.
// Triggers that drizzle cannot express (balanced transactions, immutability, balance upkeep) are
// in the custom migration `ledger-guards`; see ADR 0014.

/** Accounts owned by a user. */
export const USER_ACCOUNT_KINDS = [
  'customer_credits',
  'translator_pending',
  'translator_available',
  'translator_payout_pending',
] as const;
/** Accounts of the platform itself: one per kind, no owner. */
export const PLATFORM_ACCOUNT_KINDS = [
  'platform_payments_received',
  'platform_revenue',
  'platform_promotions',
  'platform_vat',
  'platform_payouts',
] as const;
export const ACCOUNT_KINDS = [...USER_ACCOUNT_KINDS, ...PLATFORM_ACCOUNT_KINDS] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

// One list with the statement's action types (packages/shared statements.ts): a kind added here only
// once made a sub-account's statement fail.
export const TRANSACTION_KINDS = CREDIT_ACTION_TYPES;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    // null for platform accounts; a user with money history cannot be deleted (no cascade)
    ownerId: integer('owner_id').references(() => users.id),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    currency: text('currency').notNull().default('credits'),
    // kept equal to SUM(ledger_entries.amount) by a trigger on ledger_entries, in the same statement
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_owner_kind_uq').on(t.ownerId, t.kind).nullsNotDistinct(),
    check('ledger_accounts_currency_credits', sql`${t.currency} = 'credits'`),
    check('ledger_accounts_balance_non_negative', sql`${t.allowNegative} OR ${t.balance} >= 0`),
    check('ledger_accounts_owner_matches_kind', sql`starts_with(${t.kind}, 'platform_') = (${t.ownerId} IS NULL)`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: TRANSACTION_KINDS }).notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    // a retry with the same key returns this transaction instead of posting again
    idempotencyKey: text('idempotency_key').unique('ledger_transactions_idempotency_key_uq'),
    // sha-256 of the request that used the key, to refuse the same key for a different request
    requestHash: text('request_hash'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transactions_created_idx').on(t.createdAt),
    check('ledger_transactions_key_has_hash', sql`(${t.idempotencyKey} IS NULL) = (${t.requestHash} IS NULL)`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    // positive: credited to the account; negative: debited from it
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // statements read an account's entries newest first, paginated
    index('ledger_entries_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_non_zero', sql`${t.amount} <> 0`),
  ],
);

/** Stored answers of money-moving HTTP requests, so that a retry gets the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    // null only inside the transaction that claimed the key (never visible to others)
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('idempotency_keys_user_key_uq').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
