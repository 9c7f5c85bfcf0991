import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ledgerTransactions } from './ledger';
import { purchaseOrders } from './ordering';
import { users } from './users';

// A project: one target language of a paid purchase order. Paying creates it PENDING (waiting for
// a translator); the project lifecycle work takes it from there.
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    status: text('status').notNull().default('PENDING'),
    type: text('type').notNull().default('translation'),
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id),
    sourceLanguage: text('source_language'),
    targetLanguage: text('target_language'),
    expertise: text('expertise'),
    wordCount: integer('word_count').notNull().default(0),
    needProofreading: boolean('need_proofreading').notNull().default(false),
    expedite: boolean('expedite').notNull().default(false),
    certificate: boolean('certificate').notNull().default(false),
    brief: text('brief'),
    translationCategory: text('translation_category'),
    /** ids of the order's files (purchase_order_files) that belong to this project */
    fileIds: jsonb('file_ids').$type<number[]>().notNull().default([]),
    /** what the customer paid for this project, VAT excluded, after discounts */
    priceCredits: bigint('price_credits', { mode: 'number' }).notNull().default(0),
    deadline: timestamp('deadline', { withTimezone: true }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_customer_idx').on(t.customerId),
    index('projects_status_idx').on(t.status),
    index('projects_po_idx').on(t.purchaseOrderId),
  ],
);
