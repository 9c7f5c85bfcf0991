import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerTransactions } from './ledger';
import { users } from './users';

// Ordering and paying: prices, VAT, purchase orders (the wizard's order, stored on the server so a
// reload or another device resumes it), their files, coupons, payments, invoices, billing details.
// Money is integer credits (1 credit = 0.01 USD); see ADR 0021.

/**
 * Per-word prices by project type, expertise tier and language-pair tier, in millicredits per word
 * (1/1000 of a credit, so 8.5 credits a word is 8500), with a minimum charge per target language.
 */
export const prices = pgTable(
  'prices',
  {
    id: serial('id').primaryKey(),
    projectType: text('project_type').notNull(),
    /** 1 general, 2 specialised (legal, medical, ...) */
    expertiseTier: integer('expertise_tier').notNull(),
    /** 1 common pairs, 2 less common, 3 rare */
    pairTier: integer('pair_tier').notNull(),
    millicreditsPerWord: integer('millicredits_per_word').notNull(),
    minimumCredits: integer('minimum_credits').notNull(),
    /** days to deliver per 2,000 words, before expedite */
    daysPer2000Words: integer('days_per_2000_words').notNull().default(1),
  },
  (t) => [
    unique('prices_type_tiers_uq').on(t.projectType, t.expertiseTier, t.pairTier),
    check('prices_positive', sql`${t.millicreditsPerWord} > 0 AND ${t.minimumCredits} >= 0`),
  ],
);

/** VAT by billing country, in basis points (2000 = 20%); countries without a row pay none. */
export const vatRates = pgTable('vat_rates', {
  country: text('country').primaryKey(),
  basisPoints: integer('basis_points').notNull(),
});

/** Extra charges of the wizard's options, in basis points of the translation price or flat credits. */
export const orderOptions = pgTable('order_options', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  /** added share of the price (2500 = +25%); 0 when flat */
  basisPoints: integer('basis_points').notNull().default(0),
  /** flat credits per target language; 0 when a share */
  flatCredits: integer('flat_credits').notNull().default(0),
});

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    /** the public id of the order (the spec's pid / poid); never guessable */
    key: text('key').notNull().unique(),
    /** null while a guest window-shops; claimed at sign-in or registration */
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 of the guest's order token (cookie), while the order has no customer */
    guestTokenHash: text('guest_token_hash'),
    status: text('status', { enum: ['draft', 'cart', 'paid', 'deleted'] })
      .notNull()
      .default('draft'),
    projectType: text('project_type').notNull().default('translation'),
    name: text('name'),
    sourceLanguage: text('source_language'),
    targetLanguages: jsonb('target_languages').$type<string[]>().notNull().default([]),
    expertise: text('expertise'),
    wordCount: integer('word_count').notNull().default(0),
    /** where the count came from: counted files, pasted text, a web page, or typed by the customer */
    wordCountSource: text('word_count_source', { enum: ['file', 'paste', 'url', 'manual'] }),
    entryType: text('entry_type', { enum: ['file', 'url', 'paste'] }),
    materialsOption: text('materials_option', { enum: ['count', 'upload', 'notSet'] }),
    pastedText: text('pasted_text'),
    url: text('url'),
    needProofreading: boolean('need_proofreading').notNull().default(false),
    expedite: boolean('expedite').notNull().default(false),
    certificate: boolean('certificate').notNull().default(false),
    brief: text('brief'),
    translationCategory: text('translation_category'),
    /** machine-translation parameters per pair, for MT project types */
    mtParams: jsonb('mt_params').$type<Record<string, unknown>>().notNull().default({}),
    /** the wizard step the customer was on (finish later resumes there) */
    step: text('step'),
    /** credits due for the order as last quoted (informative; payment re-prices) */
    quotedCredits: bigint('quoted_credits', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('purchase_orders_customer_status_idx').on(t.customerId, t.status),
    index('purchase_orders_guest_idx').on(t.guestTokenHash),
  ],
);

export const purchaseOrderFiles = pgTable(
  'purchase_order_files',
  {
    id: serial('id').primaryKey(),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    /** id of the stored file (platform/storage) */
    storageId: text('storage_id').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** null for reference files, which are not counted */
    words: integer('words'),
    context: text('context', { enum: ['source', 'reference'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchase_order_files_po_idx').on(t.purchaseOrderId)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** basis points for percent (1000 = 10%), credits for fixed */
    value: integer('value').notNull(),
    /** smallest order subtotal (credits) the coupon applies to */
    minimumCredits: integer('minimum_credits').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** null: unlimited */
    maxUses: integer('max_uses'),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_uq').on(sql`lower(${t.code})`),
    check('coupons_value_positive', sql`${t.value} > 0`),
    check('coupons_uses_within_max', sql`${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses}`),
  ],
);

/** Coupons a customer applied in the cart and that wait for the payment. */
export const cartCoupons = pgTable(
  'cart_coupons',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.couponId] })],
);

/**
 * The last number issued in each document series ('PAR-2026', 'RCT-2026', 'CN-2026'), taken and
 * moved on inside the transaction that issues the document (ADR 0047): gap-free and in date order.
 */
export const documentCounters = pgTable('document_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
  lastIssuedAt: timestamp('last_issued_at', { withTimezone: true }).notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** <series>-<year>-<6 digits>: PAR invoices, RCT receipts, CN credit notes (ADR 0047) */
    number: text('number').notNull().unique(),
    /** an invoice (an order paid), a receipt (credits bought, no VAT) or a credit note (a refund) */
    documentType: text('document_type', { enum: ['invoice', 'receipt', 'credit_note'] })
      .notNull()
      .default('invoice'),
    /** a credit note: the invoice it corrects */
    correctsInvoiceId: integer('corrects_invoice_id').references((): AnyPgColumn => invoices.id),
    /** a credit note: the project whose refund it documents (one credit note per project) */
    projectId: integer('project_id'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['order', 'credits'] }).notNull(),
    lines: jsonb('lines')
      .$type<{ description: string; quantity: number; unitCredits: number; totalCredits: number }[]>()
      .notNull(),
    subtotalCredits: bigint('subtotal_credits', { mode: 'number' }).notNull(),
    discountCredits: bigint('discount_credits', { mode: 'number' }).notNull().default(0),
    vatCredits: bigint('vat_credits', { mode: 'number' }).notNull().default(0),
    totalCredits: bigint('total_credits', { mode: 'number' }).notNull(),
    /** the billing details as they were when the invoice was made */
    billing: jsonb('billing').$type<Record<string, string | null>>().notNull().default({}),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('invoices_credit_note_project_idx').on(t.projectId).where(sql`${t.documentType} = 'credit_note'`),
    check('invoices_document_type_check', sql`${t.documentType} IN ('invoice', 'receipt', 'credit_note')`),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    discountCredits: bigint('discount_credits', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId)],
);

/** Card payments (sandbox processor by default) and wire transfers. Card numbers are never stored. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** public id, used in the hosted checkout page's address */
    key: text('key').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: ['card', 'saved_card', 'wire'] }).notNull(),
    /** what the money is for: credits only, or the cart (credits bought then spent at once) */
    purpose: text('purpose', { enum: ['credits', 'cart'] }).notNull(),
    amountCredits: bigint('amount_credits', { mode: 'number' }).notNull(),
    vatCredits: bigint('vat_credits', { mode: 'number' }).notNull().default(0),
    status: text('status', {
      enum: ['pending', 'requires_action', 'approved', 'declined', 'cancelled', 'received'],
    })
      .notNull()
      .default('pending'),
    /** the processor's reference, card brand and last four digits */
    providerRef: text('provider_ref'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key'),
    /** the purchase-credits quote this payment pays (SHA-256 of its pqid); null when it pays no quote */
    quoteRef: text('quote_ref'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    /** the card processor that holds the payment: 'sandbox' or 'stripe' (wire: 'sandbox', unused) */
    provider: text('provider').notNull().default('sandbox'),
    /** the processor's charge object (Stripe: the PaymentIntent id), once known */
    providerIntent: text('provider_intent'),
    /** credits of this payment that went back to the card (our refunds and the processor's) */
    refundedCredits: bigint('refunded_credits', { mode: 'number' }).notNull().default(0),
    /** credits of this payment withdrawn by the card holder's bank (disputes) */
    disputedCredits: bigint('disputed_credits', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_intent_uq')
      .on(t.provider, t.providerIntent)
      .where(sql`${t.providerIntent} IS NOT NULL`),
    check(
      'payments_reversals_within',
      sql`${t.refundedCredits} >= 0 AND ${t.disputedCredits} >= 0 AND ${t.refundedCredits} + ${t.disputedCredits} <= ${t.amountCredits} + ${t.vatCredits}`,
    ),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_status_idx').on(t.status),
    unique('payments_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    // one quote, one live payment: at most one payment of a quote is open, approved or received, by
    // any method and any account. The database refuses the second one, also under concurrency.
    uniqueIndex('payments_quote_live_uq')
      .on(t.quoteRef)
      .where(sql`${t.quoteRef} IS NOT NULL AND ${t.status} IN ('pending', 'requires_action', 'approved', 'received')`),
    check('payments_amount_positive', sql`${t.amountCredits} > 0`),
  ],
);

/** A card kept by the processor for one-click payments: only its token and what a person recognises. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerToken: text('provider_token').notNull(),
    /** the processor that saved it ('sandbox' or 'stripe') and its customer of the card (Stripe: cus_...) */
    provider: text('provider').notNull().default('sandbox'),
    providerCustomer: text('provider_customer'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_cards_user_idx').on(t.userId)],
);

/** Billing details (spec 2 section 3: firstName, lastName, vat_id, zipCode, phone, Country, Company, address, city). */
export const billingInfo = pgTable('billing_info', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  vatId: text('vat_id').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  phone: text('phone').notNull().default(''),
  country: text('country'),
  company: text('company').notNull().default(''),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
