import type { MtEngines } from '../../platform/mt';
import { asc, eq, sql } from 'drizzle-orm';
import {
  type BudgetCalc,
  type BudgetCalcResults,
  CURRENCY_SYMBOLS,
  type CreditsQuote,
  type PriceList,
  type MatchAnalysis,
  type PriceQuoteResults,
  PROJECT_TYPES,
  type QuoteCurrency,
  type WordCountQuote,
} from '@parlance/shared';
import type { Services } from '../../platform/services';
import type { Db } from '../../db/client';
import { billingInfo, currencies, expertises, orderOptions, prices, vatRates, type users } from '../../db/schema';
import { rateOf } from '../rates/service';
import { AppError, badRequest } from '../../platform/errors';
import { preparedOnce } from '../../platform/prepared';
import { priceOrder, vatFor } from './price-order';
import { signCreditsQuote } from './quote-token';

// Quotes for guests and customers: word-count quotes (priced as the wizard prices an order) and
// purchase-credits quotes (the amount plus VAT, signed as a pqid for the payment step).

type UserRow = typeof users.$inferSelect;

export interface QuoteContext {
  user: UserRow | null;
  /** the billing country, when known (see billingCountry) */
  country: string | null;
}

/** The price table, options and VAT rates as the registry's Price kind. */
export async function loadPriceList(db: Db, mt: MtEngines): Promise<PriceList> {
  const [priceRows, optionRows, vatRows] = await Promise.all([
    db.select().from(prices).orderBy(asc(prices.projectType), asc(prices.expertiseTier), asc(prices.pairTier)),
    db.select().from(orderOptions).orderBy(asc(orderOptions.slug)),
    db.select().from(vatRates).orderBy(asc(vatRates.country)),
  ]);
  const priced = new Set(priceRows.map((r) => r.projectType));
  return {
    currency: 'credits',
    projectTypes: PROJECT_TYPES.filter((t) => priced.has(t.slug)).map((t) => ({ slug: t.slug, name: t.name })),
    prices: priceRows.map((r) => ({
      projectType: r.projectType,
      expertiseTier: r.expertiseTier,
      pairTier: r.pairTier,
      perWordCredits: r.millicreditsPerWord / 1000,
      minimumCredits: r.minimumCredits,
      daysPer2000Words: r.daysPer2000Words,
    })),
    options: optionRows.map((r) => ({
      slug: r.slug,
      name: r.name,
      percent: r.basisPoints / 100,
      flatCredits: r.flatCredits,
    })),
    vat: vatRows.map((r) => ({ country: r.country, percent: r.basisPoints / 100 })),
    mtEngines: mt.list.map((e) => ({ slug: e.slug, name: e.name })),
  };
}

/** The quote's lookups of the caller, prepared once per database handle. */
const callerLookups = preparedOnce((db: Db) => ({
  billingCountry: db
    .select({ country: billingInfo.country })
    .from(billingInfo)
    .where(eq(billingInfo.userId, sql.placeholder('userId')))
    .prepare('parlance_quote_billing_country'),
  currency: db
    .select()
    .from(currencies)
    .where(eq(currencies.code, sql.placeholder('code')))
    .prepare('parlance_quote_currency'),
}));

/** The billing country: the billing details, else the account's country, else the caller's IP country. */
export async function billingCountry(db: Db, user: UserRow | null, ipCountry: () => Promise<string | null>) {
  if (user) {
    const [billing] = await callerLookups(db).billingCountry.execute({ userId: user.id });
    if (billing?.country) return billing.country;
    if (user.country) return user.country;
  }
  return ipCountry();
}

/**
 * The user's display currency (USD for guests), with the spec's symbol and today's rate from the
 * rates' one home (modules/rates), the same the cart and statements read.
 */
export async function displayCurrency(db: Db, user: UserRow | null): Promise<QuoteCurrency> {
  const code = user?.currency ?? 'USD';
  const [row] = await callerLookups(db).currency.execute({ code });
  const rateMicros = row ? await rateOf(db, row.code) : null;
  if (!row || rateMicros === null) return { code: 'USD', symbol: CURRENCY_SYMBOLS.USD, rate: 1 };
  return { code: row.code, symbol: CURRENCY_SYMBOLS[row.code] ?? row.symbol, rate: rateMicros / 1_000_000 };
}

/** priceOrder names its fields in camelCase; the quote payload's are the spec's. */
const PAYLOAD_FIELDS: Record<string, string> = {
  projectType: 'type',
  sourceLanguage: 'source_language',
  targetLanguages: 'target_languages',
  wordCount: 'word_count',
  expertise: 'expertise',
};

function inPayloadTerms(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [PAYLOAD_FIELDS[k] ?? k, v]));
  return new AppError(error.statusCode, error.message, fields);
}

/**
 * Price, VAT and total of a quote. VAT is charged when services are paid for (an order), not when
 * credits are bought: credits work like a multi-purpose voucher, so taxing both would tax twice
 * (ADR 0021).
 */
async function summary(db: Db, ctx: QuoteContext, credits: number, vatApplies: boolean) {
  const [vat, currency] = await Promise.all([
    vatApplies ? vatFor(db, ctx.country, credits) : { basisPoints: 0, vatCredits: 0 },
    displayCurrency(db, ctx.user),
  ]);
  return {
    price_quote: {
      SUMMARY_COST: { customer: credits },
      SUMMARY_TOTAL_VAT: { customer: vat.vatCredits },
      SUMMARY_TOTAL: { customer: credits + vat.vatCredits },
    },
    vat: { country: ctx.country, percent: vat.basisPoints / 100 },
    currency,
  };
}

/** A quote's memory analysis, summed and by target language slug (see wizard/quote-analysis.ts). */
export interface QuoteMatchAnalysis {
  total: MatchAnalysis | null;
  byTarget: Map<string, MatchAnalysis | null>;
}

export async function quoteWordCount(
  deps: Services,
  input: WordCountQuote,
  ctx: QuoteContext,
  analysis: QuoteMatchAnalysis | null = null,
): Promise<PriceQuoteResults> {
  const projectType = input.type ?? (input.editing ? 'translation-editing' : 'translation');
  const priced = await priceOrder(
    deps.db,
    {
      projectType,
      sourceLanguage: input.source_language,
      targetLanguages: input.target_languages,
      expertise: input.expertise || null,
      wordCount: input.word_count,
    },
    deps.clock.now(),
  ).catch((error: unknown) => {
    throw inPayloadTerms(error);
  });
  return {
    quoteType: 'word_count',
    ...(await summary(deps.db, ctx, priced.subtotalCredits, true)),
    payment_information: {
      translationItems: priced.items.map((item) => ({
        srcLang: { slug: item.srcLang },
        tarLang: { slug: item.tarLang },
        wordCount: item.wordCount,
        credits: item.credits,
        deadline: item.deadline.toISOString(),
        minimumCredits: item.minimumCredits ?? null,
        ...(analysis ? { analysis: analysis.byTarget.get(item.tarLang) ?? null } : {}),
      })),
    },
    analysis: analysis?.total ?? null,
  };
}

export async function quoteCredits(deps: Services, input: CreditsQuote, ctx: QuoteContext): Promise<PriceQuoteResults> {
  const amountCredits = input.recharge_amount;
  const answer = await summary(deps.db, ctx, amountCredits, false);
  const pqid = await signCreditsQuote(deps, {
    userId: ctx.user?.id ?? null,
    amountCredits,
    vatCredits: answer.price_quote.SUMMARY_TOTAL_VAT.customer,
  });
  return {
    quoteType: 'purchase_credits',
    ...answer,
    payment_information: { translationItems: [] },
    analysis: null,
    pqid,
  };
}

/**
 * The most words whose price fits the budget: price(w) = max(minimum, round_half_up(w x m / 1000)),
 * so w x m <= sum x 1000 + 499; nothing fits a budget under the minimum charge.
 */
export function wordsForBudget(sum: number, millicreditsPerWord: number, minimumCredits: number): number {
  if (sum < minimumCredits) return 0;
  return Math.floor((sum * 1000 + 499) / millicreditsPerWord);
}

export async function budgetWords(db: Db, input: BudgetCalc): Promise<BudgetCalcResults> {
  const name = input.name ?? 'translation';
  let expertiseTier = 1;
  if (input.expertise) {
    const [row] = await db
      .select({ tier: expertises.priceTier })
      .from(expertises)
      .where(eq(expertises.slug, input.expertise));
    if (!row) throw badRequest(`Unknown expertise: ${input.expertise}`, { expertise: 'Unknown expertise' });
    expertiseTier = row.tier;
  }
  const rows = await db.select().from(prices).where(eq(prices.projectType, name));
  if (rows.length === 0) throw badRequest(`No prices for ${name}`, { name: 'Not priced' });
  const wordsAt = (pairTier: number) => {
    const row = rows.find((r) => r.expertiseTier === expertiseTier && r.pairTier === pairTier);
    return row ? wordsForBudget(input.sum, row.millicreditsPerWord, row.minimumCredits) : 0;
  };
  return { sum: input.sum, type: 'budget', name, words: { tier1: wordsAt(1), tier2: wordsAt(2), tier3: wordsAt(3) } };
}
