// Money as the web shows it. Credits in a display currency are credits / 100 USD x rate, with two
// decimals (the quote, the wizard, the cart). This lives here, not in packages/shared beside the
// quote's schemas: a page importing it from there carried zod (24 kB gzipped).

export function formatMoney(credits: number, currency: { symbol: string; rate: number }): string {
  const value = (credits / 100) * currency.rate;
  return `${currency.symbol}${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function formatCredits(credits: number): string {
  return `${credits.toLocaleString('en-US')} credits`;
}

/** Credits as US dollars, 2 decimals and thousands separators (1 credit = 0.01 USD): payouts and payments. */
export function formatUsd(credits: number): string {
  return `$${(credits / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A dollar amount the server sends as a decimal string ("1234.50"), shown like formatUsd. */
export function formatUsdAmount(amount: string | number): string {
  return `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
