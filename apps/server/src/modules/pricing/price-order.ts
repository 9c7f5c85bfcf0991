import { eq, inArray, sql } from 'drizzle-orm';
import { URGENT_MIN_HOURS, URGENT_PLAN_TYPES } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { expertises, languages, orderOptions, prices, type purchaseOrders, vatRates } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { outsideTransaction, preparedOnce, ShapeCache, statementName } from '../../platform/prepared';

// Pricing an order: per target language, words x the per-word price of (project type, expertise tier,
// pair tier), never below the minimum charge, plus the chosen options. Integers only (credits and
// millicredits); each item is rounded half up once. The model is in ADR 0021.

export interface OrderToPrice {
  projectType: string;
  sourceLanguage: string;
  targetLanguages: string[];
  expertise: string | null;
  wordCount: number;
  needProofreading?: boolean;
  expedite?: boolean;
  certificate?: boolean;
}

export interface PricedItem {
  srcLang: string;
  tarLang: string;
  wordCount: number;
  credits: number;
  deadline: Date;
  /** the minimum charge when it, not the words, set the base price; null otherwise */
  minimumCredits?: number | null;
}

export interface OrderPrice {
  items: PricedItem[];
  subtotalCredits: number;
}

const WORDS_PER_DELIVERY_UNIT = 2000;

/** a * b / c rounded half up, for non-negative integers (exact while a * b < 2^53). */
export function mulDivRound(a: number, b: number, c: number): number {
  return Math.floor((a * b + Math.floor(c / 2)) / c);
}

/** The base price of one target language: words x millicredits per word, at least the minimum. */
export function baseCredits(words: number, millicreditsPerWord: number, minimumCredits: number): number {
  return Math.max(minimumCredits, mulDivRound(words, millicreditsPerWord, 1000));
}

/** Options on top of a base price: shares in basis points (rounded once), then flat credits. */
export function withOptions(base: number, shareBasisPoints: number, flatCredits: number): number {
  return base + mulDivRound(base, shareBasisPoints, 10000) + flatCredits;
}

/** Days to deliver: per started 2,000 words; expedite halves it (rounded up); never under a day. */
export function deliveryDays(words: number, daysPer2000Words: number, expedite: boolean): number {
  const days = Math.ceil(words / WORDS_PER_DELIVERY_UNIT) * daysPer2000Words;
  return Math.max(1, expedite ? Math.ceil(days / 2) : days);
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Hours until delivery: whole days by the plan's days per 2,000 words; an urgent plan halves the
 * standard time in hours (never under URGENT_MIN_HOURS), so that it is always sooner than Translation.
 */
export function deliveryHours(type: string, words: number, daysPer2000Words: number, expedite: boolean): number {
  if (!URGENT_PLAN_TYPES.includes(type)) return deliveryDays(words, daysPer2000Words, expedite) * 24;
  const standard = Math.max(1, Math.ceil(words / WORDS_PER_DELIVERY_UNIT) * daysPer2000Words) * 24;
  return Math.max(URGENT_MIN_HOURS, Math.ceil(standard / (expedite ? 4 : 2)));
}

/** The price lookups of a quote, prepared once per database handle (quotes are a hot path). */
const quoteLookups = preparedOnce((db: Db) => ({
  expertiseTier: db
    .select({ tier: expertises.priceTier })
    .from(expertises)
    .where(eq(expertises.slug, sql.placeholder('slug')))
    .prepare('parlance_quote_expertise'),
  prices: db
    .select()
    .from(prices)
    .where(eq(prices.projectType, sql.placeholder('projectType')))
    .prepare('parlance_quote_prices'),
  vat: db
    .select({ bp: vatRates.basisPoints })
    .from(vatRates)
    .where(eq(vatRates.country, sql.placeholder('country')))
    .prepare('parlance_quote_vat'),
}));
/** The tiers of 1, 2, ... languages: one statement per number of slugs. */
const languageTierLookups = new ShapeCache<ReturnType<typeof prepareLanguageTiers>>();

function prepareLanguageTiers(db: Db, count: number) {
  return db
    .select({ slug: languages.slug, tier: languages.priceTier })
    .from(languages)
    .where(
      inArray(
        languages.slug,
        Array.from({ length: count }, (_, i) => sql.placeholder(`s${i}`)),
      ),
    )
    .prepare(statementName('parlance_quote_languages', String(count)));
}

async function languageTiers(db: Db | Tx, slugs: string[]): Promise<Map<string, number>> {
  const root = outsideTransaction(db);
  const rows = root
    ? await languageTierLookups
        .get(root, String(slugs.length), (handle) => prepareLanguageTiers(handle, slugs.length))
        .execute(Object.fromEntries(slugs.map((slug, i) => [`s${i}`, slug])))
    : await db
        .select({ slug: languages.slug, tier: languages.priceTier })
        .from(languages)
        .where(inArray(languages.slug, slugs));
  return new Map(rows.map((r) => [r.slug, r.tier]));
}

async function expertiseTier(db: Db | Tx, slug: string | null): Promise<number> {
  if (slug === null || slug === '') return 1;
  const root = outsideTransaction(db);
  const [row] = root
    ? await quoteLookups(root).expertiseTier.execute({ slug })
    : await db.select({ tier: expertises.priceTier }).from(expertises).where(eq(expertises.slug, slug));
  if (!row) throw badRequest(`Unknown expertise: ${slug}`, { expertise: 'Unknown expertise' });
  return row.tier;
}

async function pricesOfType(db: Db | Tx, projectType: string) {
  const root = outsideTransaction(db);
  return root
    ? quoteLookups(root).prices.execute({ projectType })
    : db.select().from(prices).where(eq(prices.projectType, projectType));
}

async function optionCharges(db: Db | Tx, order: OrderToPrice): Promise<{ shareBp: number; flat: number }> {
  const chosen = [
    order.needProofreading ? 'proofreading' : null,
    order.expedite ? 'expedite' : null,
    order.certificate ? 'certificate' : null,
  ].filter((s): s is string => s !== null);
  if (chosen.length === 0) return { shareBp: 0, flat: 0 };
  const rows = await db.select().from(orderOptions).where(inArray(orderOptions.slug, chosen));
  return {
    shareBp: rows.reduce((sum, r) => sum + r.basisPoints, 0),
    flat: rows.reduce((sum, r) => sum + r.flatCredits, 0),
  };
}

function checkShape(order: OrderToPrice): void {
  if (!Number.isSafeInteger(order.wordCount) || order.wordCount < 0) {
    throw badRequest('The word count must be a whole number of words', { wordCount: 'Must be a whole number' });
  }
  if (!order.sourceLanguage) {
    throw badRequest('The source language is required', { sourceLanguage: 'Required' });
  }
  if (order.targetLanguages.includes(order.sourceLanguage)) {
    throw badRequest('A target language must differ from the source language', {
      targetLanguages: 'Must differ from the source language',
    });
  }
}

/**
 * Prices an order: one item per (distinct) target language. Unknown project type, language or
 * expertise answer 400 naming the field (projectType, sourceLanguage, targetLanguages, expertise).
 */
/** What a stored purchase order gives the price rules. */
export function orderToPriceOf(order: typeof purchaseOrders.$inferSelect): OrderToPrice {
  return {
    projectType: order.projectType,
    sourceLanguage: order.sourceLanguage ?? '',
    targetLanguages: order.targetLanguages,
    expertise: order.expertise,
    wordCount: order.wordCount,
    needProofreading: order.needProofreading,
    expedite: order.expedite,
    certificate: order.certificate,
  };
}

export async function priceOrder(db: Db | Tx, order: OrderToPrice, now: Date): Promise<OrderPrice> {
  checkShape(order);
  const targets = [...new Set(order.targetLanguages)];
  const tiers = await languageTiers(db, [order.sourceLanguage, ...targets]);
  const sourceTier = tiers.get(order.sourceLanguage);
  if (sourceTier === undefined) {
    throw badRequest(`Unknown source language: ${order.sourceLanguage}`, { sourceLanguage: 'Unknown language' });
  }
  const unknownTarget = targets.find((t) => !tiers.has(t));
  if (unknownTarget !== undefined) {
    throw badRequest(`Unknown target language: ${unknownTarget}`, { targetLanguages: 'Unknown language' });
  }
  const typeRows = await pricesOfType(db, order.projectType);
  if (typeRows.length === 0) {
    throw badRequest(`Unknown project type: ${order.projectType}`, { projectType: 'Unknown project type' });
  }
  const expTier = await expertiseTier(db, order.expertise);
  const { shareBp, flat } = await optionCharges(db, order);

  const items = targets.map((tarLang): PricedItem => {
    const pairTier = Math.max(sourceTier, tiers.get(tarLang) ?? 1);
    const row = typeRows.find((r) => r.expertiseTier === expTier && r.pairTier === pairTier);
    if (!row) {
      throw badRequest(`No price for ${order.projectType} at these tiers`, { projectType: 'Not priced for this pair' });
    }
    const base = baseCredits(order.wordCount, row.millicreditsPerWord, row.minimumCredits);
    const hours = deliveryHours(order.projectType, order.wordCount, row.daysPer2000Words, order.expedite === true);
    return {
      srcLang: order.sourceLanguage,
      tarLang,
      wordCount: order.wordCount,
      credits: withOptions(base, shareBp, flat),
      deadline: new Date(now.getTime() + hours * HOUR_MS),
      minimumCredits:
        base === row.minimumCredits && base > mulDivRound(order.wordCount, row.millicreditsPerWord, 1000) ? base : null,
    };
  });
  return { items, subtotalCredits: items.reduce((sum, i) => sum + i.credits, 0) };
}

/** VAT of a billing country (none for null or a country without a rate), rounded half up. */
export async function vatFor(
  db: Db | Tx,
  country: string | null,
  credits: number,
): Promise<{ basisPoints: number; vatCredits: number }> {
  if (!country) return { basisPoints: 0, vatCredits: 0 };
  const root = outsideTransaction(db);
  const [row] = root
    ? await quoteLookups(root).vat.execute({ country: country.toUpperCase() })
    : await db.select({ bp: vatRates.basisPoints }).from(vatRates).where(eq(vatRates.country, country.toUpperCase()));
  const basisPoints = row?.bp ?? 0;
  return { basisPoints, vatCredits: mulDivRound(Math.max(0, credits), basisPoints, 10000) };
}
