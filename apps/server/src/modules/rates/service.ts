import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import {
  CURRENCY_SYMBOLS,
  type ExchangeRate,
  parseRate,
  RATE_TEXTS,
  rateToText,
  type SetRateBody,
} from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { currencies, type ExchangeRateSource, exchangeRates, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';

// The one home of "the rate of currency X on day D" (ADR 0095). A rate is units of the currency per
// 1 USD in millionths; every rate a currency had is a row of exchange_rates with its day and source
// (the seed, the European Central Bank, finance). The rate in use on a day is the latest row dated
// on or before it (a later day first, then the later recorded); a day before any row takes the
// oldest row. USD is the base: always exactly 1.

export const BASE_CURRENCY = 'USD';
const ONE = 1_000_000;

type RateRow = typeof exchangeRates.$inferSelect;
export type CurrencyRow = typeof currencies.$inferSelect;
export type CurrencyWithRate = CurrencyRow & { rateMicros: number };

/** The calendar day (UTC) of an instant, as YYYY-MM-DD. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

const newestFirst = [desc(exchangeRates.rateDate), desc(exchangeRates.createdAt), desc(exchangeRates.id)];

/** The latest row of every currency (on or before `day` when given). */
async function latestRows(db: Db | Tx, day?: string): Promise<Map<string, RateRow>> {
  const rows = await db
    .selectDistinctOn([exchangeRates.currencyCode])
    .from(exchangeRates)
    .where(day ? lte(exchangeRates.rateDate, day) : undefined)
    .orderBy(asc(exchangeRates.currencyCode), ...newestFirst);
  return new Map(rows.map((r) => [r.currencyCode, r]));
}

/** The rate of `code` on `day` (today's when left out) in millionths per USD; null for an unknown currency. */
export async function rateOf(db: Db | Tx, code: string, day?: string): Promise<number | null> {
  if (code === BASE_CURRENCY) return ONE;
  const [row] = await db
    .select({ rateMicros: exchangeRates.rateMicros })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currencyCode, code), day ? lte(exchangeRates.rateDate, day) : undefined))
    .orderBy(...newestFirst)
    .limit(1);
  if (row) return row.rateMicros;
  const [oldest] = await db
    .select({ rateMicros: exchangeRates.rateMicros })
    .from(exchangeRates)
    .where(eq(exchangeRates.currencyCode, code))
    .orderBy(asc(exchangeRates.rateDate), asc(exchangeRates.createdAt), asc(exchangeRates.id))
    .limit(1);
  return oldest?.rateMicros ?? null;
}

/**
 * The rate of `code` on each of `days` (YYYY-MM-DD): two indexed reads whatever the number of days
 * (the rows dated in their span and the last one before it).
 */
export async function ratesOnDays(db: Db | Tx, code: string, days: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (days.length === 0) return out;
  if (code === BASE_CURRENCY) {
    for (const d of days) out.set(d, ONE);
    return out;
  }
  const sorted = [...new Set(days)].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const [inSpan, before] = await Promise.all([
    db
      .select({ day: exchangeRates.rateDate, rateMicros: exchangeRates.rateMicros })
      .from(exchangeRates)
      .where(
        and(
          eq(exchangeRates.currencyCode, code),
          sql`${exchangeRates.rateDate} > ${first}::date`,
          lte(exchangeRates.rateDate, last),
        ),
      )
      .orderBy(asc(exchangeRates.rateDate), asc(exchangeRates.createdAt), asc(exchangeRates.id)),
    rateOf(db, code, first),
  ]);
  let i = 0;
  let current = before;
  for (const day of sorted) {
    while (i < inSpan.length && inSpan[i].day <= day) current = inSpan[i++].rateMicros;
    if (current !== null) out.set(day, current);
  }
  return out;
}

/** Every currency with the rate in use today, the admin currencies first in the spec's order. */
export async function currenciesWithRates(db: Db | Tx): Promise<CurrencyWithRate[]> {
  const [rows, latest] = await Promise.all([
    db.select().from(currencies).orderBy(asc(currencies.code)),
    latestRows(db),
  ]);
  const rank = (row: CurrencyRow) => (row.isAdminCurrency ? 0 : 1);
  return rows
    .map((r) => ({ ...r, rateMicros: r.code === BASE_CURRENCY ? ONE : (latest.get(r.code)?.rateMicros ?? ONE) }))
    .sort((a, b) => rank(a) - rank(b) || currencyOrder(a.code) - currencyOrder(b.code));
}

const SPEC_ORDER = ['USD', 'EUR', 'NIS', 'GBP', 'CHF', 'CAD', 'AUD'];
function currencyOrder(code: string): number {
  const i = SPEC_ORDER.indexOf(code);
  return i === -1 ? SPEC_ORDER.length : i;
}

function present(
  currency: CurrencyRow,
  row: Pick<RateRow, 'rateMicros' | 'rateDate' | 'source' | 'createdAt'>,
  setBy: { id: number; name: string } | null,
): ExchangeRate {
  return {
    code: currency.code,
    symbol: CURRENCY_SYMBOLS[currency.code] ?? currency.symbol,
    name: currency.name,
    rate: row.rateMicros / ONE,
    rateText: rateToText(row.rateMicros),
    date: row.rateDate,
    source: row.source,
    setBy,
    recordedAt: new Date(row.createdAt).toISOString(),
  };
}

/** The rates in use and the newest recorded ones, with who set them (the back office's screen). */
export async function exchangeRateBoard(db: Db): Promise<{ current: ExchangeRate[]; history: ExchangeRate[] }> {
  const [list, latest, recent] = await Promise.all([
    currenciesWithRates(db),
    latestRows(db),
    db
      .select({ rate: exchangeRates, setByName: users.name })
      .from(exchangeRates)
      .leftJoin(users, eq(users.id, exchangeRates.setBy))
      .orderBy(desc(exchangeRates.createdAt), desc(exchangeRates.id))
      .limit(50),
  ]);
  const byCode = new Map(list.map((c) => [c.code, c]));
  const setters = new Map<number, string>();
  for (const r of recent) if (r.rate.setBy !== null && r.setByName !== null) setters.set(r.rate.setBy, r.setByName);
  const missing = [...latest.values()].filter((r) => r.setBy !== null && !setters.has(r.setBy));
  for (const r of missing) {
    const [u] = await db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, r.setBy as number));
    if (u) setters.set(r.setBy as number, u.name);
  }
  const who = (id: number | null) => (id === null ? null : { id, name: setters.get(id) ?? `User ${id}` });
  const current = list.flatMap((c) => {
    const row = latest.get(c.code);
    return row ? [present(c, row, who(row.setBy))] : [];
  });
  const history = recent.flatMap(({ rate }) => {
    const c = byCode.get(rate.currencyCode);
    return c ? [present(c, rate, who(rate.setBy))] : [];
  });
  return { current, history };
}

/**
 * Finance sets a rate (POST /api/2/admin/exchange-rates): a new row dated `date` (today when left
 * out, never in the future), audited. Bad input answers a plain message on its field.
 */
export async function setRate(
  db: Db,
  input: SetRateBody,
  by: { actorId: number; ip: string },
  today: string,
): Promise<ExchangeRate> {
  const code = input.currency === 'ILS' ? 'NIS' : input.currency;
  if (code === BASE_CURRENCY) throw badRequest(RATE_TEXTS.baseCurrency, { currency: RATE_TEXTS.baseCurrency });
  const parsed = parseRate(input.rate);
  if ('error' in parsed) throw badRequest(parsed.error, { rate: parsed.error });
  const date = input.date ?? today;
  if (date > today) throw badRequest(RATE_TEXTS.dateInFuture, { date: RATE_TEXTS.dateInFuture });
  return db.transaction(async (tx) => {
    const [currency] = await tx.select().from(currencies).where(eq(currencies.code, code));
    if (!currency) throw badRequest(RATE_TEXTS.currencyUnknown, { currency: RATE_TEXTS.currencyUnknown });
    const [row] = await tx
      .insert(exchangeRates)
      .values({ currencyCode: code, rateMicros: parsed.micros, rateDate: date, source: 'finance', setBy: by.actorId })
      .returning();
    await audit(tx, {
      actorId: by.actorId,
      action: 'rates.set',
      targetType: 'currency',
      targetId: code,
      details: { rate: rateToText(parsed.micros), date },
      ip: by.ip,
    });
    const [setter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, by.actorId));
    return present(currency, row, { id: by.actorId, name: setter?.name ?? `User ${by.actorId}` });
  });
}

/**
 * Published rates (the ECB's of `date`, already per USD): one row per known currency and day, so a
 * second fetch of the same file records nothing. Answers how many rows were new.
 */
export async function recordPublishedRates(
  db: Db,
  source: Exclude<ExchangeRateSource, 'finance'>,
  date: string,
  perUsd: Map<string, number>,
): Promise<number> {
  const known = new Set((await db.select({ code: currencies.code }).from(currencies)).map((c) => c.code));
  const values = [...perUsd]
    .filter(([code, micros]) => known.has(code) && code !== BASE_CURRENCY && micros > 0)
    .map(([currencyCode, rateMicros]) => ({ currencyCode, rateMicros, rateDate: date, source }));
  if (values.length === 0) return 0;
  const inserted = await db
    .insert(exchangeRates)
    .values(values)
    .onConflictDoNothing({
      target: [exchangeRates.currencyCode, exchangeRates.rateDate, exchangeRates.source],
      where: sql`${exchangeRates.source} <> 'finance'`,
    })
    .returning({ id: exchangeRates.id });
  return inserted.length;
}
