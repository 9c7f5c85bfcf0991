import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ledgerTransactions } from './ledger';
import { users } from './users';

// The back office: credit actions staff take on a user's credits, and the probation
// parameters of matching. Every credit action that moved credits points at its ledger transaction.

export const creditActions = pgTable(
  'credit_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // a correction, or one run of a recurring action, is a child of the action it belongs to
    parentId: integer('parent_id'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    reason: text('reason').notNull(),
    // credits, signed as they moved on the user's account
    amount: bigint('amount', { mode: 'number' }).notNull(),
    remarks: text('remarks').notNull().default(''),
    invoiceId: text('invoice_id'),
    operatorId: integer('operator_id').references(() => users.id),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    // recurring actions (addcredit, buycredit): 'none', 'weekly' or 'monthly'
    recurrence: text('recurrence').notNull().default('none'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_actions_user_idx').on(t.userId, t.createdAt),
    index('credit_actions_parent_idx').on(t.parentId),
    index('credit_actions_due_idx').on(t.nextRunAt).where(sql`${t.nextRunAt} IS NOT NULL`),
    check('credit_actions_recurrence', sql`${t.recurrence} IN ('none', 'weekly', 'monthly')`),
  ],
);

/** One row (id 1): the probation parameters of matching. */
export const probationParams = pgTable('probation_params', {
  id: integer('id').primaryKey().default(1),
  minRating: integer('min_rating').notNull().default(1),
  minWordcount: integer('min_wordcount').notNull().default(10),
  maxWordcount: integer('max_wordcount'),
  maxYears: integer('max_years').notNull().default(1),
  catVendors: jsonb('cat_vendors').$type<string[]>().notNull().default([]),
  excludedClients: jsonb('excluded_clients').$type<number[]>().notNull().default([]),
  excludedTranslators: jsonb('excluded_translators').$type<number[]>().notNull().default([]),
  projectTypes: jsonb('project_types').$type<string[]>().notNull().default([]),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
