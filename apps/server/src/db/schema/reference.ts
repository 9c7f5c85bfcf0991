import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  iso: text('iso').notNull(),
  // ISO 3166 country code whose flag stands for the language
  flag: text('flag').notNull(),
  /** price tier of the language (1 common, 2 less common, 3 rare); a pair takes the higher tier */
  priceTier: integer('price_tier').notNull().default(1),
});

export const expertises = pgTable('expertises', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** price tier (1 general, 2 specialised) */
  priceTier: integer('price_tier').notNull().default(1),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  // the rate lives in exchange_rates (the latest row of the currency is the rate in use; ADR 0095)
  isAdminCurrency: boolean('is_admin_currency').notNull().default(true),
});

export const EXCHANGE_RATE_SOURCES = ['seed', 'ecb', 'finance'] as const;
export type ExchangeRateSource = (typeof EXCHANGE_RATE_SOURCES)[number];

/**
 * Every exchange rate a currency had: units of the currency per 1 USD, times 1,000,000 (integers
 * only; see ADR 0021), for a calendar day, from the seed, the European Central Bank or finance
 * (who is set_by). Rows are never changed: the rate of a currency on a day is its latest row dated
 * on or before that day (ADR 0095).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => currencies.code, { onDelete: 'cascade' }),
    rateMicros: bigint('rate_micros', { mode: 'number' }).notNull(),
    rateDate: date('rate_date').notNull(),
    source: text('source', { enum: EXCHANGE_RATE_SOURCES }).notNull(),
    setBy: integer('set_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exchange_rates_currency_date_idx').on(t.currencyCode, t.rateDate, t.createdAt, t.id),
    // a published rate (seed, ECB) is stored once per currency and day; finance may correct a day often
    uniqueIndex('exchange_rates_published_uq')
      .on(t.currencyCode, t.rateDate, t.source)
      .where(sql`${t.source} <> 'finance'`),
    check('exchange_rates_rate_positive', sql`${t.rateMicros} > 0`),
    check('exchange_rates_source_known', sql`${t.source} IN ('seed', 'ecb', 'finance')`),
    check('exchange_rates_finance_has_setter', sql`(${t.source} = 'finance') = (${t.setBy} IS NOT NULL)`),
  ],
);

export const uiFeatures = pgTable('ui_features', {
  id: serial('id').primaryKey(),
  uuid: text('uuid').notNull().unique(),
  name: text('name').notNull(),
  // 1 = active (the spec gates wizard steps on status 1)
  status: integer('status').notNull().default(0),
  config: jsonb('config').$type<{ enabled?: boolean } & Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
