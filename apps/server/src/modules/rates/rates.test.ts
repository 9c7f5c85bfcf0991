import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_TEXTS } from '@parlance/shared';
import { auditLog, exchangeRates, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { getOrCreateAccount, platformAccount, postTransaction } from '../../platform/ledger';
import { authed, login, loginDemo, signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { parseEcbDaily, perUsdMicros, refreshEcbRates } from './ecb';
import { rateOf, ratesOnDays } from './service';

// Exchange rates: the ECB's daily file fetched from a local server that answers in its documented
// format, an unreachable or malformed source keeping the rates in use, finance setting a rate (and
// no one else), and a statement shown in euros at the rate of each line's day.

/** The ECB's daily file as it publishes it (gesmes Envelope, one Cube per day, rates per 1 EUR). */
function ecbXml(day: string, rates: Record<string, string>): string {
  const cubes = Object.entries(rates)
    .map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${day}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;
}

const DAY_RATES = {
  USD: '1.0800',
  JPY: '162.50',
  GBP: '0.8500',
  CHF: '0.9450',
  ILS: '3.9960',
  CAD: '1.4796',
  AUD: '1.6416',
};

let t: TestApp;
let server: Server;
let body = '';
let status = 200;
let hits = 0;
let ecbUrl = '';
const sessions: Record<string, TestSession> = {};

function capturingLogger() {
  const lines: { level: string; msg: string; obj: unknown }[] = [];
  const at = (level: string) => (obj: unknown, msg?: string) => {
    lines.push({ level, msg: msg ?? String(obj), obj });
  };
  return { lines, logger: { warn: at('warn'), info: at('info'), error: at('error') } as never };
}

async function currentRates(): Promise<Record<string, number>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/2/currency' });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(res.json().results.map((c: { code: string; rate: number }) => [c.code, c.rate]));
}

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(status, { 'content-type': 'text/xml' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  ecbUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stats/eurofxref/eurofxref-daily.xml`;
  t = await createTestApp({ ecbRatesUrl: ecbUrl }, { demo: true });
  sessions.finance = await login(t.app, 'finance@parlance.test', DEMO_PASSWORD);
  sessions.support = await login(t.app, 'support@parlance.test', DEMO_PASSWORD);
  sessions.admin = await loginDemo(t.app, 'admin');
  sessions.customer = await loginDemo(t.app, 'customer');
});

afterAll(async () => {
  await t?.close();
  await new Promise((r) => server?.close(r));
});

describe('the rates in use before any fetch', () => {
  it('are the seed rates, dated and sourced', async () => {
    const rates = await currentRates();
    expect(rates).toMatchObject({ USD: 1, EUR: 0.92, NIS: 3.7, GBP: 0.79 });
    const board = (await authed(t.app, sessions.support).get('/api/2/admin/exchange-rates')).json().results;
    const eur = board.current.find((r: { code: string }) => r.code === 'EUR');
    expect(eur).toMatchObject({ rateText: '0.92', source: 'seed', date: '2026-01-01', setBy: null });
  });
});

describe('the ECB daily rates', () => {
  it('reads the documented format and converts per-EUR rates to per-USD, exactly', () => {
    const day = parseEcbDaily(ecbXml('2026-11-27', DAY_RATES));
    expect(day.date).toBe('2026-11-27');
    const perUsd = perUsdMicros(day.perEur);
    // 1 / 1.08 = 0.925925925... -> 925926 millionths; GBP 0.85 / 1.08 = 0.787037...
    expect(perUsd.get('EUR')).toBe(925_926);
    expect(perUsd.get('GBP')).toBe(787_037);
    // the ECB's ILS is our NIS: 3.996 / 1.08 = 3.7
    expect(perUsd.get('NIS')).toBe(3_700_000);
    expect(perUsd.has('ILS')).toBe(false);
    expect(perUsd.has('USD')).toBe(false);
  });

  it('the scheduled task fetches them from the configured URL; the rates in use change', async () => {
    body = ecbXml('2026-11-27', DAY_RATES);
    status = 200;
    const run = await t.app.deps.scheduler.runOnce();
    expect(run.failed).toEqual({});
    // EUR, GBP, CHF, NIS, CAD, AUD (JPY is not one of our currencies)
    expect(run.changed['rates.ecb']).toBe(6);
    const rates = await currentRates();
    expect(rates.EUR).toBe(0.925926);
    expect(rates.NIS).toBe(3.7);
    expect(rates.USD).toBe(1);
    const board = (await authed(t.app, sessions.finance).get('/api/2/admin/exchange-rates')).json().results;
    expect(board.current.find((r: { code: string }) => r.code === 'GBP')).toMatchObject({
      rateText: '0.787037',
      source: 'ecb',
      date: '2026-11-27',
    });
  });

  it('a second fetch of the same day records nothing more', async () => {
    const before = (await t.database.db.select().from(exchangeRates)).length;
    const { logger } = capturingLogger();
    expect(await refreshEcbRates({ db: t.database.db, logger }, ecbUrl)).toBe(0);
    expect((await t.database.db.select().from(exchangeRates)).length).toBe(before);
  });

  it('an unreachable source keeps the rates in use, with a log line', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const before = await currentRates();
    const { lines, logger } = capturingLogger();
    expect(await refreshEcbRates({ db: t.database.db, logger }, `http://127.0.0.1:${port}/eurofxref-daily.xml`)).toBe(
      0,
    );
    expect(await currentRates()).toEqual(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      msg: 'ECB exchange rates not updated: the previous rates stay in use',
    });
  });

  it('a malformed file, an error page or a file without USD keeps the rates in use, with a log line', async () => {
    const before = await currentRates();
    const cases: [number, string][] = [
      [200, '<html><body>Maintenance</body></html>'],
      [200, ecbXml('2026-11-28', DAY_RATES).slice(0, 300)],
      [200, ecbXml('2026-11-28', { ...DAY_RATES, GBP: '-0.85' })],
      [200, ecbXml('2026-11-28', { GBP: '0.85' })],
      [200, ecbXml('28.11.2026', DAY_RATES)],
      [503, 'Service Unavailable'],
    ];
    for (const [code, text] of cases) {
      status = code;
      body = text;
      const { lines, logger } = capturingLogger();
      expect(await refreshEcbRates({ db: t.database.db, logger }, ecbUrl)).toBe(0);
      expect(lines.map((l) => l.level)).toEqual(['warn']);
    }
    expect(await currentRates()).toEqual(before);
    status = 200;
  });

  it('ECB_RATES_URL empty: no task is scheduled at all', async () => {
    const off = await createTestApp({ ecbRatesUrl: null });
    try {
      hits = 0;
      const run = await off.app.deps.scheduler.runOnce();
      expect(run.changed['rates.ecb']).toBeUndefined();
      expect(hits).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe('POST /api/2/admin/exchange-rates', () => {
  const SET = '/api/2/admin/exchange-rates';

  it('finance sets a rate: in use at once for the currency list and the quotes, dated, sourced, audited', async () => {
    const res = await authed(t.app, sessions.finance).postJson(SET, { currency: 'EUR', rate: '0.95' });
    expect(res.statusCode).toBe(200);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(res.json().results).toMatchObject({
      code: 'EUR',
      rate: 0.95,
      rateText: '0.95',
      date: today,
      source: 'finance',
      setBy: { name: expect.any(String) },
    });
    expect((await currentRates()).EUR).toBe(0.95);
    // a customer whose currency is EUR is quoted at the same rate
    await t.database.db.update(users).set({ currency: 'EUR' }).where(eq(users.email, sessions.customer.user.email));
    const quote = await authed(t.app, sessions.customer).post('/api/2/wizard/pricequote', { recharge_amount: 10000 });
    expect(quote.statusCode).toBe(200);
    expect(quote.json().results.currency).toEqual({ code: 'EUR', symbol: '€', rate: 0.95 });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'rates.set'));
    expect(entry?.details).toEqual({ rate: '0.95', date: today });
  });

  it('a form post with a comma and a past date works too (admins may set rates as well)', async () => {
    const res = await authed(t.app, sessions.admin).post(SET, { currency: 'cad', rate: '1,370.5', date: '2026-11-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({
      code: 'CAD',
      rateText: '1370.5',
      date: '2026-11-01',
      source: 'finance',
    });
    // an older day does not replace the ECB's newer rate in use today
    expect((await currentRates()).CAD).not.toBe(1370.5);
  });

  it('support may read the rates but not set one (403); a customer does not see the back office (404)', async () => {
    const before = (await t.database.db.select().from(exchangeRates)).length;
    const support = await authed(t.app, sessions.support).postJson(SET, { currency: 'EUR', rate: '2' });
    expect(support.statusCode).toBe(403);
    expect((await authed(t.app, sessions.support).get(SET)).statusCode).toBe(200);
    const customer = await authed(t.app, sessions.customer).postJson(SET, { currency: 'EUR', rate: '2' });
    expect(customer.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: SET, payload: { currency: 'EUR', rate: '2' } })).statusCode).toBe(
      401,
    );
    expect((await t.database.db.select().from(exchangeRates)).length).toBe(before);
    expect((await currentRates()).EUR).toBe(0.95);
  });

  it('bad input answers a plain message on its field and changes nothing', async () => {
    const before = (await t.database.db.select().from(exchangeRates)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ currency: 'EUR', rate: '0' }, 'rate', RATE_TEXTS.ratePositive],
      [{ currency: 'EUR', rate: 0 }, 'rate', RATE_TEXTS.ratePositive],
      [{ currency: 'EUR', rate: '-0.9' }, 'rate', RATE_TEXTS.ratePositive],
      [{ currency: 'EUR', rate: 'ninety' }, 'rate', RATE_TEXTS.rateNotNumber],
      [{ currency: 'EUR', rate: '' }, 'rate', RATE_TEXTS.rateRequired],
      [{ currency: 'EUR', rate: '0.1234567' }, 'rate', RATE_TEXTS.rateTooPrecise],
      [{ currency: 'XYZ', rate: '1.5' }, 'currency', RATE_TEXTS.currencyUnknown],
      [{ currency: 'USD', rate: '1.5' }, 'currency', RATE_TEXTS.baseCurrency],
      [{ currency: 'EUR', rate: '0.9', date: '2999-01-01' }, 'date', RATE_TEXTS.dateInFuture],
      [{ currency: 'EUR', rate: '0.9', date: '01/02/2026' }, 'date', RATE_TEXTS.dateFormat],
    ];
    for (const [payload, field, message] of cases) {
      const res = await authed(t.app, sessions.finance).postJson(SET, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(field);
      expect(res.body).not.toMatch(/stack|at .*\.ts/);
    }
    expect((await t.database.db.select().from(exchangeRates)).length).toBe(before);
  });
});

describe('the rate of a currency on a day', () => {
  it('is the latest row dated on or before it; a day before every row takes the oldest', async () => {
    const db = t.database.db;
    expect(await rateOf(db, 'EUR', '2025-06-01')).toBe(920_000);
    expect(await rateOf(db, 'EUR', '2026-11-27')).toBe(925_926);
    expect(await rateOf(db, 'USD', '2020-01-01')).toBe(1_000_000);
    expect(await rateOf(db, 'XYZ')).toBeNull();
    const days = await ratesOnDays(db, 'EUR', ['2026-11-27', '2025-06-01', '2026-11-10', '2026-11-28']);
    expect(Object.fromEntries(days)).toEqual({
      '2025-06-01': 920_000,
      '2026-11-10': 920_000,
      '2026-11-27': 925_926,
      '2026-11-28': 925_926,
    });
  });
});

describe('a statement in euros', () => {
  it('shows each line balance in EUR at the rate of its own day, and says which currency', async () => {
    const db = t.database.db;
    const me = await signUp(t.app);
    await db.update(users).set({ currency: 'EUR' }).where(eq(users.id, me.user.id));
    // two days, two EUR rates (set by finance for those days)
    for (const [date, rate] of [
      ['2026-03-02', '0.9'],
      ['2026-03-05', '0.8'],
    ]) {
      const res = await authed(t.app, sessions.finance).postJson('/api/2/admin/exchange-rates', {
        currency: 'EUR',
        rate,
        date,
      });
      expect(res.statusCode).toBe(200);
    }
    const account = await getOrCreateAccount(db, me.user.id, 'customer_credits');
    const promotions = await platformAccount(db, 'platform_promotions');
    for (const [day, credits] of [
      ['2026-03-02T10:00:00Z', 10_000],
      ['2026-03-05T10:00:00Z', 5_001],
    ] as const) {
      await postTransaction(db, {
        kind: 'grant',
        description: `Grant of ${day}`,
        entries: [
          { account: promotions, amount: -credits },
          { account, amount: credits },
        ],
        occurredAt: new Date(day),
      });
    }
    const res = await authed(t.app, me).get(
      '/api/2/account/statement/get?date_from=2026-03-01&date_to=2026-03-31&sortDirection=asc',
    );
    expect(res.statusCode).toBe(200);
    const statement = res.json();
    expect(statement.currency).toBe('EUR');
    expect(
      statement.data.map((r: { balance: number; currencyBalance: string; estimatedValue: string }) => [
        r.balance,
        r.currencyBalance,
        r.estimatedValue,
      ]),
    ).toEqual([
      // 100.00 USD at 0.9 on March 2
      [10_000, '90.00', '100.00'],
      // 150.01 USD at 0.8 on March 5: 120.008 -> 120.01
      [15_001, '120.01', '50.01'],
    ]);
    // sorted by amount, the same rows keep the rates of their days
    const byAmount = await authed(t.app, me).get(
      '/api/2/account/statement/get?date_from=2026-03-01&date_to=2026-03-31&sortBy=amount&sortDirection=asc',
    );
    expect(byAmount.json().data.map((r: { currencyBalance: string }) => r.currencyBalance)).toEqual([
      '120.01',
      '90.00',
    ]);
    // a USD customer's statement says USD
    const other = await signUp(t.app);
    const usd = await authed(t.app, other).get('/api/2/account/statement/get?date_from=2026-03-01&date_to=2026-03-31');
    expect(usd.json().currency).toBe('USD');
  });
});
