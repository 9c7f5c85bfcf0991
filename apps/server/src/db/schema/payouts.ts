import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PAYEE_STATUSES, PAYOUT_METHODS, PAYOUT_STATUSES } from '@parlance/shared';
import { users } from './users';

/** A translator's payout methods on file: one account per method (PayPal e-mail, Payoneer id, IBAN). */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    account: text('account').notNull(),
    /** a Payoneer payee waits for approval; PayPal and wire are active at once */
    status: text('status', { enum: PAYEE_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payout_methods_user_method_uq').on(t.userId, t.method)],
);

/**
 * Payout (convert) requests. The credits move only through the ledger (ADR 0063); this row is the
 * request's state, and `payout_request_history` its moves.
 */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    account: text('account').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    targetDate: timestamp('target_date', { withTimezone: true }).notNull(),
    /** the provider's id of the item once sent */
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payout_requests_user_idx').on(t.userId, t.createdAt, t.id),
    index('payout_requests_status_idx').on(t.status, t.targetDate),
  ],
);

export const payoutRequestHistory = pgTable(
  'payout_request_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => payoutRequests.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    /** who moved it; null for the system (the provider's answer, the scheduler) */
    actorId: integer('actor_id').references(() => users.id),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_request_history_request_idx').on(t.requestId, t.id)],
);

/**
 * The offline payout sandbox's own items (platform/payouts/sandbox.ts): what a real provider keeps on
 * its side, kept in our database so that a restart or a second instance still knows every item sent.
 */
export const payoutSandboxItems = pgTable(
  'payout_sandbox_items',
  {
    ref: text('ref').primaryKey(),
    /** our request id: the same request sent twice is one item */
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    account: text('account').notNull(),
    netCredits: bigint('net_credits', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('payout_sandbox_items_request_uq').on(t.requestId)],
);

/** The payout providers' webhook events already applied, by the provider's event id (each once). */
export const payoutProviderEvents = pgTable(
  'payout_provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    requestId: bigint('request_id', { mode: 'number' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payout_provider_events_pk', columns: [t.provider, t.eventId] })],
);
