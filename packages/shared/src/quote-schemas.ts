import { z } from './zod';
import { PROJECT_TYPE_SLUGS } from './project-types';
import { QUOTE_LIMITS, QUOTE_TEXTS, QUOTE_TYPES } from './quote';
import { isDigitsOnly } from './validation';
import { matchAnalysisSchema } from './workbench-schemas';

// The zod schemas of quote.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

/** A whole positive number written with digits only (form fields are strings; JSON may send a number). */
function digitsField(max: number) {
  return z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    z
      .string({ error: QUOTE_TEXTS.required })
      .min(1, QUOTE_TEXTS.required)
      .refine(isDigitsOnly, QUOTE_TEXTS.digitsOnly)
      .transform((value) => Number(value))
      .refine((n) => n > 0, QUOTE_TEXTS.positive)
      .refine((n) => n <= max, QUOTE_TEXTS.tooLarge),
  );
}

const requiredText = z.string({ error: QUOTE_TEXTS.required }).trim().min(1, QUOTE_TEXTS.required);

/** A word-count quote: languages, words, expertise; `editing` picks Translation + Editing unless `type` is given. */
export const wordCountQuoteSchema = z.object({
  source_language: requiredText,
  target_languages: z.array(z.string().trim().min(1), { error: QUOTE_TEXTS.required }).min(1, QUOTE_TEXTS.required),
  word_count: digitsField(QUOTE_LIMITS.maxWordCount),
  expertise: z.string().trim().nullish(),
  editing: z.boolean().optional(),
  type: z.enum(PROJECT_TYPE_SLUGS).optional(),
  /** the wizard's order (pid) whose files to analyse against the customer's translation memory */
  pid: z.string().trim().max(100).optional(),
});
export type WordCountQuote = z.infer<typeof wordCountQuoteSchema>;

/** A purchase-credits quote: how many credits to buy. */
export const creditsQuoteSchema = z.object({
  recharge_amount: digitsField(QUOTE_LIMITS.maxRechargeCredits),
});
export type CreditsQuote = z.infer<typeof creditsQuoteSchema>;

const amount = z.object({ customer: z.number().int() });

export const quoteCurrencySchema = z.object({
  code: z.string(),
  symbol: z.string(),
  /** units of the currency per 1 USD (display only) */
  rate: z.number(),
});
export type QuoteCurrency = z.infer<typeof quoteCurrencySchema>;

export const translationItemSchema = z.object({
  srcLang: z.object({ slug: z.string() }),
  tarLang: z.object({ slug: z.string() }),
  wordCount: z.number().int(),
  credits: z.number().int(),
  /** ISO 8601 */
  deadline: z.string(),
  /** the minimum order charge when it, not the words, set this language's price */
  minimumCredits: z.number().int().nullable().optional(),
  /** the order's words by translation-memory match for this pair (quotes of a customer's order with a memory) */
  analysis: matchAnalysisSchema.nullable().optional(),
});
export type TranslationItem = z.infer<typeof translationItemSchema>;

export const priceQuoteResultsSchema = z.object({
  quoteType: z.enum(QUOTE_TYPES),
  price_quote: z.object({
    /** the price before VAT */
    SUMMARY_COST: amount,
    /** the VAT on it */
    SUMMARY_TOTAL_VAT: amount,
    /** price plus VAT */
    SUMMARY_TOTAL: amount,
  }),
  payment_information: z.object({ translationItems: z.array(translationItemSchema) }),
  /** the billing country the VAT is for (null: none known) and its rate in percent */
  vat: z.object({ country: z.string().nullable(), percent: z.number() }),
  currency: quoteCurrencySchema,
  /**
   * The words of the order's files in each match band of the customer's translation memory, summed
   * over the target languages that have one (each item has its own); null for a guest, without a
   * memory for the pair, or without an order (pid) to read. The price does not depend on it.
   */
  analysis: matchAnalysisSchema.nullable(),
  /** purchase-credits quotes only: the signed quote id the payment step takes (valid 1 hour) */
  pqid: z.string().optional(),
});
export type PriceQuoteResults = z.infer<typeof priceQuoteResultsSchema>;

/** POST /api/2/calc: how many words a budget buys, per language-pair tier. */
export const budgetCalcSchema = z.object({
  sum: digitsField(QUOTE_LIMITS.maxRechargeCredits),
  type: z.literal('budget', { error: QUOTE_TEXTS.budgetType }),
  /** project type slug; translation when absent */
  name: z.enum(PROJECT_TYPE_SLUGS).optional(),
  /** expertise slug; general (tier 1) when absent */
  expertise: z.string().trim().nullish(),
});
export type BudgetCalc = z.infer<typeof budgetCalcSchema>;

export const budgetCalcResultsSchema = z.object({
  sum: z.number().int(),
  type: z.literal('budget'),
  name: z.string(),
  words: z.object({ tier1: z.number().int(), tier2: z.number().int(), tier3: z.number().int() }),
});
export type BudgetCalcResults = z.infer<typeof budgetCalcResultsSchema>;

/** GET /registry/get?data=Price */
export const priceListSchema = z.object({
  currency: z.literal('credits'),
  projectTypes: z.array(z.object({ slug: z.string(), name: z.string() })),
  prices: z.array(
    z.object({
      projectType: z.string(),
      expertiseTier: z.number().int(),
      pairTier: z.number().int(),
      /** credits per word, e.g. 8.5 (stored exactly as millicredits) */
      perWordCredits: z.number(),
      minimumCredits: z.number().int(),
      daysPer2000Words: z.number().int(),
    }),
  ),
  options: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      /** share of the translation price in percent (0 when flat) */
      percent: z.number(),
      /** flat credits per target language (0 when a share) */
      flatCredits: z.number().int(),
    }),
  ),
  vat: z.array(z.object({ country: z.string(), percent: z.number() })),
  /** the machine-translation engines connected; none: no machine-translation plan is offered */
  mtEngines: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type PriceList = z.infer<typeof priceListSchema>;
