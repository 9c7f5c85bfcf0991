// The working rules of a job (ADR 0028): how long a translator has, and what
// share of the customer's price the translator and the editor earn. Pure functions, integer credits.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Words a translator is expected to translate in a day. */
export const WORDS_PER_DAY = 2000;
/** Words an editor is expected to edit in a day (editing is twice as fast as translating). */
export const EDIT_WORDS_PER_DAY = 4000;
/** The shortest deadline: a whole day (12 hours when expedited). */
export const MIN_WORKING_MS = DAY_MS;

/**
 * Working time for `words`: one day per started `perDay` words, at least one day; an expedited
 * project gets half of that.
 */
export function workingTimeMs(words: number, opts: { expedite?: boolean; perDay?: number } = {}): number {
  const perDay = opts.perDay ?? WORDS_PER_DAY;
  const days = Math.max(1, Math.ceil(Math.max(0, words) / perDay));
  const ms = Math.max(MIN_WORKING_MS, days * DAY_MS);
  return opts.expedite ? ms / 2 : ms;
}

/** The translation deadline set when the translator takes the job. */
export function translationDeadline(takenAt: Date, words: number, expedite: boolean): Date {
  return new Date(takenAt.getTime() + workingTimeMs(words, { expedite }));
}

/** The editing deadline set when the editor takes the editing job. */
export function editingDeadline(takenAt: Date, words: number, expedite: boolean): Date {
  return new Date(takenAt.getTime() + workingTimeMs(words, { expedite, perDay: EDIT_WORDS_PER_DAY }));
}

/** Translator share in basis points: level 1 55%, +5% a level, at most 75% (level 5). */
export function translatorShareBp(level: number): number {
  const l = Math.min(5, Math.max(1, Math.floor(Number.isFinite(level) ? level : 1)));
  return Math.min(7500, 5500 + (l - 1) * 500);
}

/** The editor's share of a project with an editing step, whatever the editor's level. */
export const EDITOR_SHARE_BP = 1500;

/** A share of a price, rounded down (the platform keeps the fraction of a credit). */
export function shareOf(priceCredits: number, bp: number): number {
  return Math.floor((Math.max(0, priceCredits) * bp) / 10000);
}

/**
 * The price the earnings are shares of: the price before coupons (a coupon is the platform's
 * marketing, carried by platform_promotions, never the translator's); the paid price when no list
 * price was recorded.
 */
export function earningsBase(p: { priceCredits: number; listPriceCredits: number | null }): number {
  return p.listPriceCredits ?? p.priceCredits;
}

export function translatorEarnings(priceCredits: number, level: number): number {
  return shareOf(priceCredits, translatorShareBp(level));
}

export function editorEarnings(priceCredits: number): number {
  return shareOf(priceCredits, EDITOR_SHARE_BP);
}

/**
 * What is paid after a partial refund of `refundCredits`: each earning scaled by the part of the
 * price the customer keeps paying, rounded down.
 */
export function scaledEarnings(earnings: number, priceCredits: number, refundCredits: number): number {
  if (priceCredits <= 0) return 0;
  const kept = Math.max(0, priceCredits - refundCredits);
  return Math.floor((earnings * kept) / priceCredits);
}

/** The VAT that goes back with a refund of `refundCredits` of the price, rounded down. */
export function vatRefundFor(vatCredits: number, priceCredits: number, refundCredits: number): number {
  if (priceCredits <= 0) return vatCredits;
  if (refundCredits >= priceCredits) return vatCredits;
  return Math.floor((vatCredits * refundCredits) / priceCredits);
}
