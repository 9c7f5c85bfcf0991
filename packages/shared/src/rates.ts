// Exchange rates (ADR 0095): what a customer's currency is worth per 1 USD, kept with its date and
// source. Amounts stay integer credits (1 credit = 0.01 USD); a rate only changes how they are shown.

export const RATE_SOURCES = ['seed', 'ecb', 'finance'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

export const RATE_SOURCE_LABELS: Record<RateSource, string> = {
  seed: 'Built-in rate',
  ecb: 'European Central Bank',
  finance: 'Set by finance',
};

export const RATE_LIMITS = {
  /** decimals a rate may have (it is stored in millionths) */
  decimals: 6,
  /** the most units of a currency one USD can be worth here */
  max: 1_000_000,
} as const;

export const RATE_TEXTS = {
  rateRequired: 'Please enter the rate: how many units of the currency one US dollar buys',
  rateNotNumber: 'The rate must be a number, such as 0.92',
  ratePositive: 'The rate must be more than 0',
  rateTooPrecise: `The rate can have at most ${RATE_LIMITS.decimals} decimals`,
  rateTooLarge: `The rate must be at most ${RATE_LIMITS.max.toLocaleString('en-US')}`,
  currencyUnknown: 'Unknown currency: choose one of the currencies in the list',
  baseCurrency: 'USD is the base currency: its rate is always 1',
  dateFormat: 'The date is YYYY-MM-DD',
  dateInFuture: 'The rate cannot be dated in the future',
  saved: 'Exchange rate saved',
} as const;

/**
 * A rate typed by a person ("0.92", "1,370.5") as millionths, or the reason it is not one. Exact:
 * the digits are read as a decimal, never through a float.
 */
export function parseRate(raw: string): { micros: number } | { error: string } {
  const text = raw.trim().replace(/,/g, '');
  if (text === '') return { error: RATE_TEXTS.rateRequired };
  if (/^-/.test(text) && /^-\d*\.?\d*$/.test(text) && /\d/.test(text)) return { error: RATE_TEXTS.ratePositive };
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return { error: RATE_TEXTS.rateNotNumber };
  const decimals = (m[2] ?? '').replace(/0+$/, '');
  if (decimals.length > RATE_LIMITS.decimals) return { error: RATE_TEXTS.rateTooPrecise };
  const whole = Number(m[1] || '0');
  if (whole > RATE_LIMITS.max) return { error: RATE_TEXTS.rateTooLarge };
  const micros = whole * 1_000_000 + Number(decimals.padEnd(RATE_LIMITS.decimals, '0'));
  if (micros <= 0) return { error: RATE_TEXTS.ratePositive };
  if (micros > RATE_LIMITS.max * 1_000_000) return { error: RATE_TEXTS.rateTooLarge };
  return { micros };
}

/**
 * Credits (hundredths of a USD) in hundredths of a currency worth `rateMicros` millionths per USD,
 * rounded half away from zero, in integers only.
 */
export function creditsInCurrency(credits: number, rateMicros: number): number {
  const product = BigInt(credits) * BigInt(rateMicros);
  const sign = product < 0n ? -1n : 1n;
  const abs = product < 0n ? -product : product;
  return Number(sign * ((abs + 500_000n) / 1_000_000n));
}

/** Hundredths as a decimal with 2 places, no floats: 123456 -> "1234.56", -5 -> "-0.05". */
export function hundredthsToDecimal(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Millionths as the rate a person reads: 920000 -> "0.92", 1370000 -> "1.37", 1000000 -> "1". */
export function rateToText(micros: number): string {
  const whole = Math.trunc(micros / 1_000_000);
  const frac = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}
