import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { payments } from './ordering';
import { projects } from './projects';

/**
 * Credits sent back to the card a payment was made with (a cancelled project's refund the customer
 * asked for on the card). Pending until the processor answers; a failed one leaves the credits with
 * the customer.
 */
export const cardRefunds = pgTable(
  'card_refunds',
  {
    id: serial('id').primaryKey(),
    /** our reference, and the processor's idempotency key of the refund */
    key: text('key').notNull().unique(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    projectId: integer('project_id').references(() => projects.id),
    amountCredits: bigint('amount_credits', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_refunds_project_uq').on(t.projectId).where(sql`${t.projectId} IS NOT NULL`),
    index('card_refunds_status_idx').on(t.status),
    check('card_refunds_amount_positive', sql`${t.amountCredits} > 0`),
  ],
);

/** Webhook events of a card processor that were accepted: each event id once. */
export const processorEvents = pgTable(
  'processor_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
