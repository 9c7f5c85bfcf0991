import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
  // units of this currency per 1 USD, times 1,000,000 (integers only; see ADR 0021)
  rateMicros: integer('rate_micros').notNull(),
  isAdminCurrency: boolean('is_admin_currency').notNull().default(true),
});

export const uiFeatures = pgTable('ui_features', {
  id: serial('id').primaryKey(),
  uuid: text('uuid').notNull().unique(),
  name: text('name').notNull(),
  // 1 = active (the spec gates wizard steps on status 1)
  status: integer('status').notNull().default(0),
  config: jsonb('config').$type<{ enabled?: boolean } & Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
