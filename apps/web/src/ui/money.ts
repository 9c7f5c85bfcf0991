import { formatInteger } from './format';

// Money as the web shows it. Credits in a display currency are credits / 100 USD x rate, with two
// decimals (the quote, the wizard, the cart). This lives here, not in packages/shared beside the
// quote's schemas: a page importing it from there carried zod (24 kB gzipped).

// Amounts with decimals go through one Intl format built on first use: `toLocaleString('en-US',
// options)` builds a new format on every call. Whole numbers are written out (formatInteger).
let twoDecimals: Intl.NumberFormat | undefined;
const decimals2 = (n: number): string => {
  twoDecimals ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return twoDecimals.format(n);
};

export function formatMoney(credits: number, currency: { symbol: string; rate: number }): string {
  const value = (credits / 100) * currency.rate;
  return `${currency.symbol}${decimals2(value)}`;
}

export function formatCredits(credits: number): string {
  return `${formatInteger(credits)} credits`;
}

/** Credits as US dollars, 2 decimals and thousands separators (1 credit = 0.01 USD): payouts and payments. */
export function formatUsd(credits: number): string {
  return `$${decimals2(credits / 100)}`;
}

/** A dollar amount the server sends as a decimal string ("1234.50"), shown like formatUsd. */
export function formatUsdAmount(amount: string | number): string {
  return `$${decimals2(Number(amount))}`;
}
