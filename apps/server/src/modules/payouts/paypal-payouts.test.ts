import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_RAIL_ERRORS } from '@parlance/shared';
import { type App, buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Db } from '../../db/client';
import {
  ledgerTransactions,
  payoutMethods,
  payoutProviderEvents,
  payoutRequestHistory,
  payoutRequests,
} from '../../db/schema';
import type { Logger } from '../../platform/logger';
import {
  balanceOfOwner,
  getOrCreateAccount,
  platformAccount,
  postTransaction,
  verifyLedger,
} from '../../platform/ledger';
import { caught, makeUser } from '../../platform/ledger/test-helpers';
import { FakePayPal } from '../../test/fake-paypal';
import { createTestApp, freshDatabase, type TestApp, TestClock } from '../../test/harness';
import { payOut } from './admin-service';
import { cancelPayout, pollProvider, requestPayout } from './service';

// Payouts through PayPal in the running app (on PGlite, and on PostgreSQL with TEST_DATABASE_URL):
// the webhook moves money once however it is delivered, the poll agrees with it, and the sandbox
// keeps in-flight payouts across a restart and a second instance.

const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as Logger;

async function translator(
  db: Db,
  available: number,
  account: string,
  method: 'paypal' | 'wire' | 'payoneer' = 'paypal',
) {
  const id = await makeUser(db, 'translator');
  await db.insert(payoutMethods).values({ userId: id, method, account });
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

describe('PayPal payouts: webhook and poll', () => {
  let fake: FakePayPal;
  let t: TestApp;
  let db: Db;
  let finance: number;

  beforeAll(async () => {
    fake = new FakePayPal();
    await fake.start();
    t = await createTestApp({
      paypal: {
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        env: 'sandbox',
        webhookId: fake.webhookId,
        apiBase: fake.url,
      },
    });
    db = t.app.deps.db;
    finance = await makeUser(db);
  });
  afterAll(async () => {
    if (db) expect(await verifyLedger(db)).toMatchObject({ ok: true });
    await t?.close();
    await fake?.stop();
  });

  const available = (id: number) => balanceOfOwner(db, id, 'translator_available');
  const parked = (id: number) => balanceOfOwner(db, id, 'translator_payout_pending');
  const statusOf = async (id: number) =>
    (await db.select().from(payoutRequests).where(eq(payoutRequests.id, id)))[0].status;
  const historyOf = async (id: number) =>
    (await db.select().from(payoutRequestHistory).where(eq(payoutRequestHistory.requestId, id))).map((h) => h.status);
  const postingsOf = (id: number) =>
    db
      .select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `payout:${id}:%`));
  const deliver = (d: { headers: Record<string, string>; body: string }) =>
    t.app.inject({ method: 'POST', url: '/api/2/payouts/paypal/webhook', headers: d.headers, payload: d.body });

  /** a translator's request of `amount`, sent to PayPal by finance's payout */
  async function sent(amount: number, account = `t${Date.now()}${Math.random()}@example.com`.replace('0.', '')) {
    const user = await translator(db, amount, account);
    const row = await db.transaction((tx) =>
      requestPayout(tx, user, { amount, method: 'paypal' }, t.clock.now(), t.app.deps.payoutProvider),
    );
    const result = await payOut(
      db,
      t.app.deps.payoutProvider,
      [row.id],
      { id: finance, ip: '127.0.0.1' },
      t.clock.now(),
    );
    return { user, id: row.id, result };
  }

  it('pays a request through PayPal: the verified webhook settles it once, a repeat changes nothing', async () => {
    const { user, id, result } = await sent(10_000);
    expect(result).toMatchObject({ updated: [id], amount: '98.00' });
    const [row] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, id));
    expect(row).toMatchObject({ status: 'processing', providerRef: fake.itemOf(id)?.payout_batch_id });
    expect(fake.itemOf(id)?.payout_item).toMatchObject({ sender_item_id: String(id), amount: { value: '98.00' } });

    fake.setStatus(id, 'SUCCESS');
    const delivery = fake.signedDelivery(id, 'SUCCEEDED');
    const payoutsBefore = (await platformAccount(db, 'platform_payouts')).balance;
    // a forged or altered delivery is refused and moves nothing
    // someone who saw one delivery changes its news: the signature no longer matches
    const forged = await deliver({ ...delivery, body: delivery.body.replace('"SUCCESS"', '"FAILED"') });
    expect((await deliver(fake.signedDelivery(id, 'SUCCEEDED', { tamper: true }))).statusCode).toBe(400);
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/2/payouts/paypal/webhook',
      headers: { 'content-type': 'application/json' },
      payload: delivery.body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('processing');

    for (let i = 0; i < 2; i += 1) {
      const res = await deliver(delivery);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await statusOf(id)).toBe('paid');
    expect(await historyOf(id)).toEqual(['pending', 'processing', 'paid']);
    expect((await platformAccount(db, 'platform_payouts')).balance - payoutsBefore).toBe(9_800);
    expect(await parked(user)).toBe(0);
    expect(
      await db.select().from(payoutProviderEvents).where(eq(payoutProviderEvents.eventId, delivery.eventId)),
    ).toHaveLength(1);
    // the poll agrees and moves nothing more
    expect(await pollProvider(db, t.app.deps.payoutProvider, t.clock.now(), quiet)).toBe(0);
  });

  it('out of order: a returned item fails once and an older event delivered after it changes nothing', async () => {
    const { user, id } = await sent(20_000);
    expect(await available(user)).toBe(0);
    fake.setStatus(id, 'RETURNED');
    const returned = fake.signedDelivery(id, 'RETURNED');
    const older = fake.signedDelivery(id, 'HELD', { status: 'ONHOLD' });
    const succeeded = fake.signedDelivery(id, 'SUCCEEDED', { status: 'SUCCESS' });
    for (const d of [returned, older, succeeded, returned]) expect((await deliver(d)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('failed');
    expect(await historyOf(id)).toEqual(['pending', 'processing', 'failed']);
    expect(await available(user)).toBe(20_000);
    expect(await parked(user)).toBe(0);
    expect((await postingsOf(id)).map((p) => p.kind).sort()).toEqual(['payout_request', 'payout_return']);
  });

  it('concurrent deliveries of one event (and a second event id for the same news) move money once', async () => {
    const { user, id } = await sent(30_000);
    fake.setStatus(id, 'SUCCESS');
    const first = fake.signedDelivery(id, 'SUCCEEDED');
    const second = fake.signedDelivery(id, 'SUCCEEDED');
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(first)),
      ...Array.from({ length: 3 }, () => deliver(second)),
      pollProvider(db, t.app.deps.payoutProvider, t.clock.now(), quiet),
    ]);
    for (const res of answers.slice(0, 8)) expect(typeof res === 'number' ? 200 : res.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('paid');
    expect(await historyOf(id)).toEqual(['pending', 'processing', 'paid']);
    expect((await postingsOf(id)).map((p) => p.kind).sort()).toEqual(['payout', 'payout_request']);
    expect(await parked(user)).toBe(0);
    expect(await available(user)).toBe(0);
  });

  it('an unclaimed item is cancelled at PayPal and its credits come back exactly once', async () => {
    const { user, id } = await sent(25_000, 'nobody-there@example.com');
    fake.setStatus(id, 'UNCLAIMED');
    const unclaimed = fake.signedDelivery(id, 'UNCLAIMED');
    const [a, b] = await Promise.all([deliver(unclaimed), deliver(unclaimed)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(fake.itemOf(id)?.transaction_status).toBe('RETURNED');
    expect(await statusOf(id)).toBe('failed');
    expect(await available(user)).toBe(25_000);
    // PayPal's own RETURNED and CANCELED events afterwards, and the poll, change nothing
    expect((await deliver(fake.signedDelivery(id, 'CANCELED'))).statusCode).toBe(200);
    expect((await deliver(fake.signedDelivery(id, 'RETURNED'))).statusCode).toBe(200);
    await pollProvider(db, t.app.deps.payoutProvider, t.clock.now(), quiet);
    expect(await available(user)).toBe(25_000);
    expect((await postingsOf(id)).map((p) => p.kind).sort()).toEqual(['payout_request', 'payout_return']);
    const [last] = (await db.select().from(payoutRequestHistory).where(eq(payoutRequestHistory.requestId, id))).slice(
      -1,
    );
    expect(last.remark).toContain('nobody-there@example.com');
  });

  it('PayPal not answering, or our answer lost: the request stays processing and the poll resends it once', async () => {
    const user = await translator(db, 10_000, 'slow@example.com');
    const row = await db.transaction((tx) =>
      requestPayout(tx, user, { amount: 10_000, method: 'paypal' }, t.clock.now(), t.app.deps.payoutProvider),
    );
    fake.failNext('/v1/payments/payouts', 503, 503, 503, 503);
    const result = await payOut(
      db,
      t.app.deps.payoutProvider,
      [row.id],
      { id: finance, ip: '127.0.0.1' },
      t.clock.now(),
    );
    expect(result.updated).toEqual([row.id]);
    const [waiting] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, row.id));
    expect(waiting).toMatchObject({ status: 'processing', providerRef: null });
    expect(fake.itemOf(row.id)).toBeUndefined();
    // on its way: the translator can no longer take the credits back
    const cancel = await caught(db.transaction(async (tx) => cancelPayout(tx, user, row.id, t.clock.now())));
    expect(cancel).toMatchObject({ statusCode: 400 });
    // the next poll sends it under the same batch id
    await pollProvider(db, t.app.deps.payoutProvider, t.clock.now(), quiet);
    const batch = fake.itemOf(row.id)?.payout_batch_id;
    expect((await db.select().from(payoutRequests).where(eq(payoutRequests.id, row.id)))[0].providerRef).toBe(batch);
    // our record of PayPal's answer lost (a crash before it was written): asked again, the same batch
    await db.update(payoutRequests).set({ providerRef: null }).where(eq(payoutRequests.id, row.id));
    await pollProvider(db, t.app.deps.payoutProvider, t.clock.now(), quiet);
    expect((await db.select().from(payoutRequests).where(eq(payoutRequests.id, row.id)))[0].providerRef).toBe(batch);
    expect(
      [...fake.batches.values()].filter((b) => b.items.some((i) => i.payout_item.sender_item_id === String(row.id))),
    ).toHaveLength(1);
    fake.setStatus(row.id, 'SUCCESS');
    await pollProvider(db, t.app.deps.payoutProvider, t.clock.now(), quiet);
    expect(await statusOf(row.id)).toBe('paid');
    expect(await parked(user)).toBe(0);
  });

  it('the poll settles what PayPal says without a webhook: held, then paid', async () => {
    const { id } = await sent(10_000);
    fake.setStatus(id, 'ONHOLD');
    expect(await pollProvider(db, t.app.deps.payoutProvider, t.clock.now(), quiet)).toBe(1);
    expect(await statusOf(id)).toBe('on_hold');
    fake.setStatus(id, 'SUCCESS');
    expect(await pollProvider(db, t.app.deps.payoutProvider, t.clock.now(), quiet)).toBe(1);
    expect(await statusOf(id)).toBe('paid');
  });

  it('an address PayPal refuses fails at once with its words; the credits come back', async () => {
    const user = await translator(db, 10_000, 'not-an-address');
    const row = await db.transaction((tx) =>
      requestPayout(tx, user, { amount: 10_000, method: 'paypal' }, t.clock.now(), t.app.deps.payoutProvider),
    );
    const result = await payOut(
      db,
      t.app.deps.payoutProvider,
      [row.id],
      { id: finance, ip: '127.0.0.1' },
      t.clock.now(),
    );
    expect(result.updated).toEqual([]);
    expect(result.skipped[0].reason).toContain('Receiver is invalid or does not match with type');
    expect(await statusOf(row.id)).toBe('failed');
    expect(await available(user)).toBe(10_000);
  });

  it('an event before our send is recorded is asked again (503) and not stored', async () => {
    const { id } = await sent(10_000);
    // our row still pending (its commit not seen yet): PayPal must deliver again
    await db.update(payoutRequests).set({ status: 'pending' }).where(eq(payoutRequests.id, id));
    const early = fake.signedDelivery(id, 'SUCCEEDED', { status: 'SUCCESS' });
    expect((await deliver(early)).statusCode).toBe(503);
    expect(await db.select().from(payoutProviderEvents).where(eq(payoutProviderEvents.eventId, early.eventId))).toEqual(
      [],
    );
    await db.update(payoutRequests).set({ status: 'processing' }).where(eq(payoutRequests.id, id));
    expect((await deliver(early)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('paid');
  });

  it('bank wire is paid by hand and Payoneer is not sold while PayPal is connected', async () => {
    const rails = t.app.deps.payoutProvider;
    expect([rails.railOf('paypal'), rails.railOf('wire'), rails.railOf('payoneer')]).toEqual([
      'paypal',
      'manual',
      'not_connected',
    ]);
    const payee = await translator(db, 10_000, 'payee@example.com', 'payoneer');
    const refused = await caught(
      db.transaction((tx) =>
        requestPayout(tx, payee, { amount: 10_000, method: 'payoneer' }, t.clock.now(), t.app.deps.payoutProvider),
      ),
    );
    expect(refused).toMatchObject({ statusCode: 400, message: PAYOUT_RAIL_ERRORS.notConnected('Payoneer') });
    const wired = await translator(db, 10_000, 'DE89370400440532013000', 'wire');
    const row = await db.transaction((tx) =>
      requestPayout(tx, wired, { amount: 10_000, method: 'wire' }, t.clock.now(), t.app.deps.payoutProvider),
    );
    const calls = fake.calls.length;
    await payOut(db, t.app.deps.payoutProvider, [row.id], { id: finance, ip: '127.0.0.1' }, t.clock.now());
    const [after] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, row.id));
    expect(after).toMatchObject({ status: 'processing', providerRef: `bank-${row.id}` });
    // nothing goes to PayPal, and the poll leaves it for finance
    await pollProvider(db, t.app.deps.payoutProvider, new Date(t.clock.now().getTime() + 3600_000), quiet);
    expect(fake.calls.slice(calls).filter((c) => c.path.startsWith('/v1/payments'))).toEqual([]);
    expect(await statusOf(row.id)).toBe('processing');
  });
});

describe('the database sandbox across a restart and a second instance', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-restart-'));
  const clock = new TestClock();
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const apps: App[] = [];
  const build = async () => {
    const app = await buildApp({ config: testConfig({ dataDir }), database: fresh.database, clock });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    if (fresh) {
      expect(await verifyLedger(fresh.database.db)).toMatchObject({ ok: true });
      await fresh.drop();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a payout sent before a restart is paid after it, not failed; a second instance settles it too', async () => {
    const first = await build();
    const db = first.deps.db;
    const finance = await makeUser(db);
    const user = await translator(db, 30_000, 'restart@paypal.test');
    const request = (amount: number) =>
      db.transaction((tx) =>
        requestPayout(tx, user, { amount, method: 'paypal' }, clock.now(), first.deps.payoutProvider),
      );
    const a = await request(10_000);
    const b = await request(10_000);
    await payOut(db, first.deps.payoutProvider, [a.id, b.id], { id: finance, ip: '127.0.0.1' }, clock.now());
    // a second instance beside the first knows the items the first sent
    const second = await build();
    clock.advance(120_000);
    expect(await pollProvider(second.deps.db, second.deps.payoutProvider, clock.now(), quiet)).toBe(2);
    // a restart between sending and settling
    const c = await request(10_000);
    await payOut(db, first.deps.payoutProvider, [c.id], { id: finance, ip: '127.0.0.1' }, clock.now());
    await first.close();
    await second.close();
    const restarted = await build();
    // the webhook of PayPal is not there while PayPal is not connected
    const hook = await restarted.inject({ method: 'POST', url: '/api/2/payouts/paypal/webhook', payload: {} });
    expect(hook.statusCode).toBe(404);
    expect(await pollProvider(restarted.deps.db, restarted.deps.payoutProvider, clock.now(), quiet)).toBe(0);
    clock.advance(120_000);
    expect(await pollProvider(restarted.deps.db, restarted.deps.payoutProvider, clock.now(), quiet)).toBe(1);
    const rows = await restarted.deps.db
      .select()
      .from(payoutRequests)
      .where(and(eq(payoutRequests.userId, user)));
    expect(rows.map((r) => r.status)).toEqual(['paid', 'paid', 'paid']);
    expect(await balanceOfOwner(restarted.deps.db, user, 'translator_payout_pending')).toBe(0);
  });
});
