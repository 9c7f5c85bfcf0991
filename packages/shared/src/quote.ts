// The instant price quote (POST /api/2/wizard/pricequote), the budget calculator (POST /api/2/calc)
// and the price list (GET /registry/get?data=Price). Amounts are integer credits (1 credit = 0.01 USD).

export const QUOTE_TEXTS = {
  required: 'This field is required',
  digitsOnly: 'Please enter digits only',
  positive: 'Please enter a number greater than 0',
  tooLarge: 'Please enter a smaller number',
  budgetType: 'type must be budget',
} as const;

export const QUOTE_LIMITS = {
  /** largest word count a quote prices */
  maxWordCount: 10_000_000,
  /** largest credit purchase a quote prices (1,000,000 USD) */
  maxRechargeCredits: 100_000_000,
} as const;

export const QUOTE_TYPES = ['word_count', 'purchase_credits'] as const;
export type QuoteType = (typeof QUOTE_TYPES)[number];
