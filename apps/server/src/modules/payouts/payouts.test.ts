import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMovePayout, PAYOUT_MOVES, PAYOUT_STATUSES, PAYOUT_TEXTS, payoutFee } from '@parlance/shared';
import type { Db } from '../../db/client';
import type { Logger } from '../../platform/logger';
import { payoutMethods, payoutRequestHistory, payoutRequests, userMessages } from '../../db/schema';
import {
  balanceOfOwner,
  getOrCreateAccount,
  platformAccount,
  postTransaction,
  verifyLedger,
} from '../../platform/ledger';
import { caught, makeUser } from '../../platform/ledger/test-helpers';
import { freshDatabase } from '../../test/harness';
import type { PayoutProvider } from '../../platform/payouts/provider';
import { createSandboxPayoutProvider } from '../../platform/payouts/sandbox';
import { cancelPayout, pollProvider, requestPayout, sendToProvider } from './service';

/** the poll's warnings are asserted elsewhere; here they would only be noise */
const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as Logger;

let db: Db;
let drop: () => Promise<void>;
const now = new Date('2026-11-02T10:00:00Z');

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  drop = fresh.drop;
});
afterAll(async () => {
  expect(await verifyLedger(db)).toMatchObject({ ok: true });
  await drop?.();
});

/** A translator with `available` credits and a PayPal account `account` on file. */
async function translator(available: number, account = 'me@paypal.test'): Promise<number> {
  const id = await makeUser(db, 'translator');
  await db.insert(payoutMethods).values({ userId: id, method: 'paypal', account });
  await postTransaction(db, {
    kind: 'release',
    description: 'earnings for the test',
    entries: [
      { account: await getOrCreateAccount(db, id, 'translator_available'), amount: available },
      { account: await platformAccount(db, 'platform_revenue'), amount: -available },
    ],
  });
  return id;
}

const available = (id: number) => balanceOfOwner(db, id, 'translator_available');
const parked = (id: number) => balanceOfOwner(db, id, 'translator_payout_pending');
const request = (id: number, amount: number, method: 'paypal' | 'wire' = 'paypal') =>
  db.transaction((tx) => requestPayout(tx, id, { amount, method }, now));

describe('payout state machine', () => {
  it('allows exactly the listed moves and refuses every other one', () => {
    const allowed: string[] = [];
    for (const from of PAYOUT_STATUSES)
      for (const to of PAYOUT_STATUSES) if (canMovePayout(from, to)) allowed.push(`${from}>${to}`);
    expect(allowed.sort()).toEqual(
      [
        'pending>processing',
        'pending>cancelled',
        'pending>rejected',
        'processing>paid',
        'processing>failed',
        'processing>on_hold',
        'on_hold>paid',
        'on_hold>failed',
      ].sort(),
    );
    for (const end of ['paid', 'failed', 'cancelled', 'rejected'] as const) expect(PAYOUT_MOVES[end]).toEqual([]);
  });

  it('computes the fee per method in whole credits', () => {
    expect(payoutFee('paypal', 10_000)).toBe(200);
    expect(payoutFee('paypal', 10_049)).toBe(200);
    expect(payoutFee('payoneer', 10_000)).toBe(300);
    expect(payoutFee('wire', 10_000)).toBe(2500);
  });
});

describe('payout ledger flows', () => {
  it('request parks the credits, cancel brings them back, with history and messages', async () => {
    const id = await translator(20_000);
    const row = await request(id, 12_000);
    expect(row).toMatchObject({ status: 'pending', amount: 12_000, fee: 240 });
    expect(await available(id)).toBe(8_000);
    expect(await parked(id)).toBe(12_000);
    await db.transaction((tx) => cancelPayout(tx, id, row.id, now));
    expect(await available(id)).toBe(20_000);
    expect(await parked(id)).toBe(0);
    const history = await db.select().from(payoutRequestHistory).where(eq(payoutRequestHistory.requestId, row.id));
    expect(history.map((h) => h.status)).toEqual(['pending', 'cancelled']);
    const messages = await db.select().from(userMessages).where(eq(userMessages.userId, id));
    expect(messages.map((m) => m.subject)).toEqual(['Payout requested', 'Payout cancelled']);
    // 12,000 credits are $120.00, said both ways; the PayPal fee is 2%
    expect(messages.map((m) => m.body)).toEqual([
      'Your payout of $120.00 (12,000 credits) by PayPal is requested; fee $2.40.',
      'You cancelled your payout of $120.00 (12,000 credits) by PayPal; the credits are available again.',
    ]);
    // cancelling twice is refused and moves nothing
    const again = await caught(db.transaction((tx) => cancelPayout(tx, id, row.id, now)));
    expect(again).toMatchObject({ statusCode: 400, message: PAYOUT_TEXTS.notPending });
    expect(await available(id)).toBe(20_000);
  });

  it('refuses above the balance, below the minimum and a method not on file, moving nothing', async () => {
    const id = await translator(20_000);
    expect(await caught(request(id, 20_001))).toMatchObject({ statusCode: 400, message: PAYOUT_TEXTS.aboveBalance });
    expect(await caught(request(id, 1_999))).toMatchObject({ statusCode: 400, message: PAYOUT_TEXTS.belowMinimum });
    expect(await caught(request(id, 10_000, 'wire'))).toMatchObject({
      statusCode: 400,
      message: PAYOUT_TEXTS.unknownMethod,
    });
    expect(await available(id)).toBe(20_000);
    expect(await db.select().from(payoutRequests).where(eq(payoutRequests.userId, id))).toEqual([]);
  });

  it('a paid payout clears the parked credits and books the fee as revenue', async () => {
    const provider = createSandboxPayoutProvider(db, { settleAfterMs: 1000 });
    const id = await translator(10_000);
    const row = await request(id, 10_000);
    const revenueBefore = (await platformAccount(db, 'platform_revenue')).balance;
    const payoutsBefore = (await platformAccount(db, 'platform_payouts')).balance;
    expect(await sendToProvider(db, provider, [row.id], null, now)).toBe(1);
    // not settled yet: the poll changes nothing
    expect(await pollProvider(db, provider, new Date(now.getTime() + 10), quiet)).toBe(0);
    expect(await pollProvider(db, provider, new Date(now.getTime() + 2000), quiet)).toBe(1);
    const [paid] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, row.id));
    expect(paid.status).toBe('paid');
    expect(await parked(id)).toBe(0);
    expect(await available(id)).toBe(0);
    expect((await platformAccount(db, 'platform_revenue')).balance - revenueBefore).toBe(200);
    expect((await platformAccount(db, 'platform_payouts')).balance - payoutsBefore).toBe(9_800);
    // polling again moves nothing more
    expect(await pollProvider(db, provider, new Date(now.getTime() + 5000), quiet)).toBe(0);
  });

  it('a failed payout returns the credits exactly once; a held one settles later', async () => {
    const provider = createSandboxPayoutProvider(db, { settleAfterMs: 0, holdForMs: 1000 });
    const failing = await translator(10_000, 'fail@paypal.test');
    const holding = await translator(10_000, 'hold@paypal.test');
    const f = await request(failing, 10_000);
    const h = await request(holding, 10_000);
    expect(await sendToProvider(db, provider, [f.id, h.id], null, now)).toBe(2);
    // sending again does nothing (no longer pending)
    expect(await sendToProvider(db, provider, [f.id, h.id], null, now)).toBe(0);
    expect(await pollProvider(db, provider, now, quiet)).toBe(2);
    expect(await available(failing)).toBe(10_000);
    expect(await parked(failing)).toBe(0);
    expect(await pollProvider(db, provider, now, quiet)).toBe(0);
    expect(await available(failing)).toBe(10_000);
    const [held] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, h.id));
    expect(held.status).toBe('on_hold');
    expect(await parked(holding)).toBe(10_000);
    expect(await pollProvider(db, provider, new Date(now.getTime() + 1500), quiet)).toBe(1);
    expect(await parked(holding)).toBe(0);
    const history = await db.select().from(payoutRequestHistory).where(eq(payoutRequestHistory.requestId, h.id));
    expect(history.map((x) => x.status)).toEqual(['pending', 'processing', 'on_hold', 'paid']);
  });

  it('a payout the provider cannot answer for is logged with its ids and does not hold up the others', async () => {
    const sandbox = createSandboxPayoutProvider(db, { settleAfterMs: 0 });
    const a = await request(await translator(10_000), 10_000);
    const b = await request(await translator(10_000), 10_000);
    expect(await sendToProvider(db, sandbox, [a.id, b.id], null, now)).toBe(2);
    const [sentA] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, a.id));
    // the provider fails on the first item only (a timeout, an outage of one region ...)
    const flaky: PayoutProvider = {
      ...sandbox,
      status: async (item, at) => {
        if (item.ref === sentA.providerRef) throw new Error('provider timed out');
        return sandbox.status(item, at);
      },
    };
    const warnings: Record<string, unknown>[] = [];
    const logger = {
      ...quiet,
      warn: (context: Record<string, unknown>) => warnings.push(context),
    } as unknown as Logger;
    expect(await pollProvider(db, flaky, now, logger)).toBe(1);
    expect(warnings).toEqual([expect.objectContaining({ payoutRequestId: a.id, providerRef: sentA.providerRef })]);
    const [stillA] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, a.id));
    expect(stillA.status).toBe('processing');
    // asked again on the next run, when the provider answers
    expect(await pollProvider(db, sandbox, now, quiet)).toBe(1);
  });
});
