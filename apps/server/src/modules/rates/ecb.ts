import { SaxesParser } from 'saxes';
import type { Db } from '../../db/client';
import type { Logger } from '../../platform/logger';
import { recordPublishedRates } from './service';

// The European Central Bank's daily euro foreign exchange reference rates
// (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml): a gesmes:Envelope whose Cube
// holds one <Cube time="YYYY-MM-DD"> with a <Cube currency="USD" rate="1.0773"/> per currency, each
// rate in units per 1 EUR. We keep rates per 1 USD, so every rate is divided by the USD one (EUR
// itself is 1 / USD). The ECB names the shekel ILS; Parlance's list names it NIS.

/** Our code of the ECB's currency code. */
const OUR_CODE: Record<string, string> = { ILS: 'NIS' };

export class EcbFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EcbFormatError';
  }
}

export interface EcbDay {
  /** the day the rates are of */
  date: string;
  /** the ECB's currency code -> the rate per 1 EUR, as written (a decimal string) */
  perEur: Map<string, string>;
}

const DECIMAL = /^\d{1,9}(\.\d{1,10})?$/;

/** Reads the ECB's daily file; anything that is not that format throws EcbFormatError. */
export function parseEcbDaily(xml: string): EcbDay {
  const parser = new SaxesParser({ xmlns: false });
  let root: string | null = null;
  let date: string | null = null;
  let days = 0;
  const perEur = new Map<string, string>();
  let error: Error | null = null;
  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('opentag', (tag) => {
    root ??= tag.name;
    const local = tag.name.includes(':') ? tag.name.slice(tag.name.indexOf(':') + 1) : tag.name;
    if (local !== 'Cube') return;
    const attrs = tag.attributes as Record<string, string>;
    if (attrs.time !== undefined) {
      days += 1;
      date = attrs.time;
    }
    if (attrs.currency !== undefined) {
      const rate = attrs.rate ?? '';
      if (!/^[A-Z]{3}$/.test(attrs.currency) || !DECIMAL.test(rate) || !/[1-9]/.test(rate)) {
        throw new EcbFormatError(`the rate of "${attrs.currency}" is not a positive number: "${rate}"`);
      }
      perEur.set(attrs.currency, rate);
    }
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    if (e instanceof EcbFormatError) throw e;
    throw new EcbFormatError(`not well-formed XML: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (error) throw new EcbFormatError(`not well-formed XML: ${(error as Error).message}`);
  const rootLocal = (root ?? '').split(':').pop();
  if (rootLocal !== 'Envelope')
    throw new EcbFormatError(`the root element is "${root ?? 'none'}", not gesmes:Envelope`);
  if (days !== 1 || !date) throw new EcbFormatError(`expected one <Cube time="..."> day, found ${days}`);
  const day: string = date;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw new EcbFormatError(`the day "${day}" is not YYYY-MM-DD`);
  }
  if (!perEur.has('USD')) throw new EcbFormatError('the file has no USD rate to convert by');
  return { date: day, perEur };
}

/** A decimal string as a fraction of big integers (exact). */
function fraction(decimal: string): { n: bigint; d: bigint } {
  const [whole, frac = ''] = decimal.split('.');
  return { n: BigInt(whole + frac), d: 10n ** BigInt(frac.length) };
}

/**
 * The ECB's per-EUR rates as per-USD millionths, in our currency codes: X per USD = X per EUR / USD
 * per EUR, EUR per USD = 1 / USD per EUR; rounded half up, in integers only.
 */
export function perUsdMicros(perEur: Map<string, string>): Map<string, number> {
  const usd = fraction(perEur.get('USD') ?? '0');
  if (usd.n === 0n) throw new EcbFormatError('the USD rate is zero');
  const out = new Map<string, number>();
  const micros = (x: { n: bigint; d: bigint }) => {
    // (x.n / x.d) / (usd.n / usd.d) * 1e6
    const num = x.n * usd.d * 1_000_000n;
    const den = x.d * usd.n;
    return Number((num * 2n + den) / (den * 2n));
  };
  out.set('EUR', micros({ n: 1n, d: 1n }));
  for (const [code, rate] of perEur) {
    if (code === 'USD' || code === 'EUR') continue;
    const value = micros(fraction(rate));
    if (value > 0) out.set(OUR_CODE[code] ?? code, value);
  }
  return out;
}

/** How long one fetch may take before it counts as unreachable. */
const FETCH_TIMEOUT_MS = 10_000;

/** Fetches and reads the daily file at `url`; throws on an unreachable server or a malformed file. */
export async function fetchEcbDaily(url: string, fetchImpl: typeof fetch = fetch): Promise<EcbDay> {
  const response = await fetchImpl(url, {
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    headers: { accept: 'application/xml, text/xml' },
  });
  if (!response.ok) throw new Error(`the ECB answered HTTP ${response.status}`);
  return parseEcbDaily(await response.text());
}

/**
 * The scheduled task: fetch, convert, record. On any failure the rates in use stay as they are
 * (the previous ECB ones, or the seed's) and one line is logged; answers how many rates were new.
 */
export async function refreshEcbRates(deps: { db: Db; logger: Logger }, url: string): Promise<number> {
  let day: EcbDay;
  try {
    day = await fetchEcbDaily(url);
  } catch (err) {
    deps.logger.warn(
      { url, reason: err instanceof Error ? err.message : String(err) },
      'ECB exchange rates not updated: the previous rates stay in use',
    );
    return 0;
  }
  const recorded = await recordPublishedRates(deps.db, 'ecb', day.date, perUsdMicros(day.perEur));
  if (recorded > 0) deps.logger.info({ date: day.date, recorded }, 'ECB exchange rates recorded');
  return recorded;
}
