import { z } from './zod';
import { RATE_SOURCES, RATE_TEXTS } from './rates';
import { calendarDate } from './zod-objects';

// The zod schemas of rates.ts, apart from its constants and texts so that a page reading only those
// does not load zod.

/**
 * POST /api/2/admin/exchange-rates (JSON or form): currency, rate (units per 1 USD, as typed), and
 * optionally the day it applies from (YYYY-MM-DD, today when left out). The rate is read exactly by
 * parseRate on the server, so a number or a string both arrive as text.
 */
export const setRateBodySchema = z.object({
  currency: z
    .string({ error: RATE_TEXTS.currencyUnknown })
    .trim()
    .toUpperCase()
    .min(1, RATE_TEXTS.currencyUnknown)
    .max(10, RATE_TEXTS.currencyUnknown),
  rate: z.union([z.string(), z.number()], { error: RATE_TEXTS.rateRequired }).transform((v) => String(v)),
  date: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(calendarDate(RATE_TEXTS.dateFormat).optional()),
});
export type SetRateBody = z.infer<typeof setRateBodySchema>;

export const exchangeRateSchema = z.object({
  code: z.string(),
  symbol: z.string(),
  name: z.string(),
  /** units of the currency per 1 USD */
  rate: z.number(),
  /** the rate as typed, exactly ("0.92") */
  rateText: z.string(),
  /** the day the rate is of (YYYY-MM-DD) */
  date: z.string(),
  source: z.enum(RATE_SOURCES),
  /** who set it, for a rate set by finance */
  setBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** when it was recorded (ISO) */
  recordedAt: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const exchangeRatesAnswerSchema = z.object({
  results: z.object({
    /** the rate in use of every currency, the admin currencies first */
    current: z.array(exchangeRateSchema),
    /** the newest rates recorded, newest first (at most 50) */
    history: z.array(exchangeRateSchema),
  }),
});
export type ExchangeRatesAnswer = z.infer<typeof exchangeRatesAnswerSchema>['results'];

export const exchangeRateAnswerSchema = z.object({ results: exchangeRateSchema });
