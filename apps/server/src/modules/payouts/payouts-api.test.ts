import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_TEXTS, type Payout, type PayoutList } from '@parlance/shared';
import { payoutMethods } from '../../db/schema';
import { getOrCreateAccount, platformAccount, postTransaction, verifyLedger } from '../../platform/ledger';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, newTranslator, type Person } from '../projects/projects-test-helpers';
import { pollProvider, sendToProvider } from './service';

let t: TestApp;
let translator: Person;
let other: Person;
let customer: Person;

async function earn(p: Person, credits: number) {
  const db = t.app.deps.db;
  await postTransaction(db, {
    kind: 'release',
    description: 'earnings for the test',
    entries: [
      { account: await getOrCreateAccount(db, p.id, 'translator_available'), amount: credits },
      { account: await platformAccount(db, 'platform_revenue'), amount: -credits },
    ],
  });
}

beforeAll(async () => {
  t = await createTestApp();
  translator = await newTranslator(t.app);
  other = await newTranslator(t.app);
  customer = await newCustomer(t.app, 0);
  await t.app.deps.db.insert(payoutMethods).values([
    { userId: translator.id, method: 'paypal', account: 'translator@paypal.test' },
    { userId: other.id, method: 'wire', account: 'DE89370400440532013000' },
  ]);
  await earn(translator, 30_000);
  await earn(other, 30_000);
});
afterAll(async () => {
  expect((await verifyLedger(t.app.deps.db)).ok).toBe(true);
  await t?.close();
});

const ask = (p: Person, body: object, key?: string) =>
  p.api.inject({
    method: 'POST',
    url: '/api/2/account/convert/request',
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });
const list = async (p: Person): Promise<PayoutList> => (await p.api.get('/api/2/account/convert/requests')).json();

describe('payout calls', () => {
  it('requests, lists and cancels a payout; a retry with one key moves nothing', async () => {
    const res = await ask(translator, { amount: 10_000, method: 'paypal' }, 'k-1');
    expect(res.statusCode).toBe(200);
    const payout = res.json() as Payout & { replayed: boolean };
    expect(payout).toMatchObject({ amount: 10_000, fee: 200, net: 9_800, status: 'pending', replayed: false });
    expect(payout.targetDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // offline, PayPal and Payoneer run in the sandbox and a wire is paid by hand: the list says so
    expect((await list(translator)).rails.map((r) => `${r.method}:${r.rail}`)).toEqual([
      'paypal:sandbox',
      'payoneer:sandbox',
      'wire:manual',
    ]);
    const again = await ask(translator, { amount: 10_000, method: 'paypal' }, 'k-1');
    expect(again.json()).toMatchObject({ id: payout.id, replayed: true });
    expect(again.headers['idempotent-replayed']).toBe('true');
    const reuse = await ask(translator, { amount: 11_000, method: 'paypal' }, 'k-1');
    expect(reuse.statusCode).toBe(422);
    const mine = await list(translator);
    expect(mine).toMatchObject({ totalCount: 1, available: 20_000, pending: 10_000 });
    expect(mine.data[0].history.map((h) => h.status)).toEqual(['pending']);

    const cancel = await translator.api.post(`/api/2/account/convert/requests/${payout.id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    expect(cancel.json().history.map((h: { status: string }) => h.status)).toEqual(['pending', 'cancelled']);
    // the row disappears from the list, the credits come back
    expect(await list(translator)).toMatchObject({ totalCount: 0, data: [], available: 30_000, pending: 0 });
    const twice = await translator.api.post(`/api/2/account/convert/requests/${payout.id}/cancel`);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(PAYOUT_TEXTS.notPending);
    expect((await list(translator)).available).toBe(30_000);
  });

  it("cancels by the spec's form call, POST /api/2/account/{uuid}/payout/update; others' or bad ones change nothing", async () => {
    const payout = (await ask(translator, { amount: 10_000, method: 'paypal' }, 'u-1')).json() as Payout;
    const form = (body: Record<string, string>, who = translator, account = String(translator.id)) =>
      who.api.inject({
        method: 'POST',
        url: `/api/2/account/${account}/payout/update`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(body).toString(),
      });
    expect((await form({ id: String(payout.id), status: 'paid' })).statusCode).toBe(400);
    expect((await form({ id: String(payout.id), status: 'cancelled' }, other, String(other.id))).statusCode).toBe(404);
    expect((await form({ id: String(payout.id), status: 'cancelled' }, translator, String(other.id))).statusCode).toBe(
      404,
    );
    expect((await form({ id: String(payout.id), uuid: 'payout-999999', status: 'cancelled' })).statusCode).toBe(404);
    expect((await list(translator)).pending).toBe(10_000);
    const done = await form({ id: String(payout.id), uuid: `payout-${payout.id}`, status: 'cancelled' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: payout.id, status: 'cancelled' });
    expect((await list(translator)).pending).toBe(0);
    expect((await form({ id: String(payout.id), status: 'cancelled' }, customer, String(customer.id))).statusCode).toBe(
      403,
    );
  });

  it('says why and moves nothing: above balance, below minimum, method not on file, bad input, no key', async () => {
    const cases: [object, string | undefined, string][] = [
      [{ amount: 30_001, method: 'paypal' }, 'b-1', PAYOUT_TEXTS.aboveBalance],
      [{ amount: 1_999, method: 'paypal' }, 'b-2', PAYOUT_TEXTS.belowMinimum],
      [{ amount: 10_000, method: 'payoneer' }, 'b-3', PAYOUT_TEXTS.unknownMethod],
      [{ amount: 10_000, method: 'bitcoin' }, 'b-4', 'method'],
      [{ amount: 'lots', method: 'paypal' }, 'b-5', 'amount'],
      [{ amount: 10_000, method: 'paypal' }, undefined, 'An Idempotency-Key header is required'],
    ];
    for (const [body, key, why] of cases) {
      const res = await ask(translator, body, key);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(why);
    }
    expect(await list(translator)).toMatchObject({ totalCount: 0, available: 30_000, pending: 0 });
  });

  it('refuses guests (401), customers (403) and other translators (404)', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/2/account/convert/requests' });
    expect(guest.statusCode).toBe(401);
    expect((await customer.api.get('/api/2/account/convert/requests')).statusCode).toBe(403);
    expect((await ask(customer, { amount: 10_000, method: 'paypal' }, 'c-1')).statusCode).toBe(403);
    const res = await ask(translator, { amount: 10_000, method: 'paypal' }, 'k-2');
    const id = (res.json() as Payout).id;
    expect((await other.api.post(`/api/2/account/convert/requests/${id}/cancel`)).statusCode).toBe(404);
    expect((await other.api.get(`/api/2/account/convert/invoice/${id}`)).statusCode).toBe(404);
    expect((await other.api.post('/api/2/account/convert/requests/abc/cancel')).statusCode).toBe(400);
    expect((await list(other)).totalCount).toBe(0);
    // still pending: no invoice yet
    expect((await translator.api.get(`/api/2/account/convert/invoice/${id}`)).statusCode).toBe(400);
  });

  it('a paid payout has a self-billing PDF; a failed one returns the credits once', async () => {
    const mine = await list(translator);
    const pending = mine.data.find((p) => p.status === 'pending');
    if (!pending) throw new Error('no pending payout');
    const now = t.clock.now();
    await sendToProvider(t.app.deps.db, t.app.deps.payoutProvider, [pending.id], null, now);
    await pollProvider(t.app.deps.db, t.app.deps.payoutProvider, new Date(now.getTime() + 120_000), t.app.deps.logger);
    const after = await list(translator);
    expect(after.data.find((p) => p.id === pending.id)?.status).toBe('paid');
    expect(after).toMatchObject({ available: 20_000, pending: 0 });
    const pdf = await translator.api.get(`/api/2/account/convert/invoice/${pending.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    await t.app.deps.db
      .insert(payoutMethods)
      .values({ userId: other.id, method: 'paypal', account: 'fail@paypal.test' });
    const failing = (await ask(other, { amount: 10_000, method: 'paypal' }, 'f-1')).json() as Payout;
    await sendToProvider(t.app.deps.db, t.app.deps.payoutProvider, [failing.id], null, now);
    for (let i = 0; i < 2; i += 1) {
      await pollProvider(
        t.app.deps.db,
        t.app.deps.payoutProvider,
        new Date(now.getTime() + 120_000),
        t.app.deps.logger,
      );
    }
    const theirs = await list(other);
    expect(theirs.data[0]).toMatchObject({ status: 'failed' });
    expect(theirs).toMatchObject({ available: 30_000, pending: 0 });
    const messages = (await other.api.get('/api/2/account/messages?filter_type=payout')).json();
    expect(messages.data.map((m: { subject: string }) => m.subject).sort()).toEqual([
      'Payout failed',
      'Payout processing',
      'Payout requested',
    ]);
  });
});
