import { Readable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_TEXTS, type Cart } from '@parlance/shared';
import { coupons, ledgerTransactions, projects, purchaseOrderFiles, purchaseOrders, users } from '../../db/schema';
import { balanceOfOwner, findAccount, hashRequest, verifyLedger } from '../../platform/ledger';
import { authed, loginDemo, signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { priceOrder } from '../pricing/price-order';
import { addCartOrder, giveCredits, multipart } from './cart-test-helpers';
import { payCartWithCredits } from './pay-with-credits';

let t: TestApp;
let translator: TestSession;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  translator = await loginDemo(t.app, 'translator');
});
afterAll(() => t.close());

const db = () => t.database.db;

async function newCustomer(country = 'US') {
  const session = await signUp(t.app, { user_country: country });
  return { session, id: session.user.id, api: authed(t.app, session) };
}

async function cartOf(api: ReturnType<typeof authed>): Promise<Cart> {
  const res = await api.get('/api/2/cart/all');
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: Cart }).results;
}

function pay(api: ReturnType<typeof authed>, fields: Record<string, string | string[]>, key?: string) {
  const body = multipart(fields);
  return api.inject({
    method: 'POST',
    url: '/ajax/cart/translateNow',
    payload: body.payload,
    headers: { ...body.headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

async function projectCount(customerId: number): Promise<number> {
  const [row] = await db().select({ n: count() }).from(projects).where(eq(projects.customerId, customerId));
  return row.n;
}

async function txCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(ledgerTransactions);
  return row.n;
}

describe('GET /api/2/cart/all', () => {
  it('is for signed-in customers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/2/cart/all' })).statusCode).toBe(401);
    expect((await authed(t.app, translator).get('/api/2/cart/all')).statusCode).toBe(403);
  });

  it('answers an empty cart, and the count', async () => {
    const c = await newCustomer();
    const cart = await cartOf(c.api);
    expect(cart).toMatchObject({
      purchaseOrders: [],
      coupons: [],
      subtotalCredits: 0,
      totalCredits: 0,
      balanceCredits: 0,
    });
    const res = await c.api.get('/api/2/cart/all?count=true');
    expect(res.json()).toEqual({ results: { count: 0 } });
  });

  it("lists the customer's orders re-priced now, with totals, balance and a stable cart key", async () => {
    const c = await newCustomer();
    const a = await addCartOrder(db(), c.id, { targets: ['spanish', 'french'], words: 1500, name: 'Manual' });
    const b = await addCartOrder(db(), c.id, { targets: ['german'], words: 300 });
    const other = await newCustomer();
    await addCartOrder(db(), other.id);
    await giveCredits(db(), c.id, 1234);

    const cart = await cartOf(c.api);
    expect(cart.purchaseOrders.map((o) => o.purchaseOrderId)).toEqual([a, b]);
    const expected = await priceOrder(
      db(),
      {
        projectType: 'translation',
        sourceLanguage: 'american-english',
        targetLanguages: ['spanish', 'french'],
        expertise: 'general',
        wordCount: 1500,
      },
      new Date(),
    );
    expect(cart.purchaseOrders[0]).toMatchObject({
      name: 'Manual',
      type: 'translation',
      sourceLanguage: 'american-english',
      targetLanguages: ['spanish', 'french'],
      wordCount: 1500,
      priceCredits: expected.subtotalCredits,
    });
    expect(cart.purchaseOrders[0].items.map((i) => i.credits)).toEqual(expected.items.map((i) => i.credits));
    expect(cart.subtotalCredits).toBe(cart.purchaseOrders[0].priceCredits + cart.purchaseOrders[1].priceCredits);
    expect(cart.vatCredits).toBe(0); // US: no VAT
    expect(cart.totalCredits).toBe(cart.subtotalCredits);
    expect(cart.balanceCredits).toBe(1234);
    expect(cart.shortfallCredits).toBe(cart.totalCredits - 1234);
    expect(cart.ck).toMatch(/^[0-9a-f]{32}$/);
    expect((await cartOf(c.api)).ck).toBe(cart.ck);
    expect((await c.api.get('/api/2/cart/all?count=true')).json()).toEqual({ results: { count: 2 } });
    expect((await c.api.get('/api/2/cart/all?count=maybe')).statusCode).toBe(400);
  });

  it('charges VAT by the billing country', async () => {
    const c = await newCustomer('DE');
    await addCartOrder(db(), c.id, { words: 1000 });
    const cart = await cartOf(c.api);
    expect(cart.vatBasisPoints).toBe(1900);
    expect(cart.vatCredits).toBe(Math.floor((cart.subtotalCredits * 1900 + 5000) / 10000));
    expect(cart.totalCredits).toBe(cart.subtotalCredits + cart.vatCredits);
    // billing info overrides the account's country
    const save = await c.api.postJson(`/api/2/account/${c.id}/billing-info`, { Country: 'US', firstName: 'A' });
    expect(save.statusCode).toBe(200);
    expect((await cartOf(c.api)).vatCredits).toBe(0);
  });
});

describe('POST /api/2/cart/mark-as-delete and /api/2/cart/update', () => {
  it('removes an order of the owner only', async () => {
    const c = await newCustomer();
    const other = await newCustomer();
    const poid = await addCartOrder(db(), c.id);
    expect((await other.api.post('/api/2/cart/mark-as-delete', { poid })).statusCode).toBe(404);
    expect((await c.api.post('/api/2/cart/mark-as-delete', {})).statusCode).toBe(400);
    expect((await authed(t.app, translator).post('/api/2/cart/mark-as-delete', { poid })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/2/cart/mark-as-delete', payload: { poid } })).statusCode,
    ).toBe(401);
    const res = await c.api.post('/api/2/cart/mark-as-delete', { poid });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { results: Cart }).results.purchaseOrders).toEqual([]);
    const [row] = await db().select().from(purchaseOrders).where(eq(purchaseOrders.key, poid));
    expect(row.status).toBe('deleted');
    expect((await c.api.post('/api/2/cart/mark-as-delete', { poid })).statusCode).toBe(404);
  });

  it('changes options and the price follows', async () => {
    const c = await newCustomer();
    const other = await newCustomer();
    const poid = await addCartOrder(db(), c.id, { words: 2000 });
    const before = await cartOf(c.api);
    const res = await c.api.post('/api/2/cart/update', { poid, needProofreading: 'true', certificate: '1' });
    expect(res.statusCode).toBe(200);
    const after = (res.json() as { results: Cart }).results;
    expect(after.purchaseOrders[0]).toMatchObject({ needProofreading: true, certificate: true, expedite: false });
    expect(after.subtotalCredits).toBeGreaterThan(before.subtotalCredits);
    expect(after.ck).not.toBe(before.ck);
    expect((await c.api.post('/api/2/cart/update', { poid })).statusCode).toBe(400);
    expect((await c.api.post('/api/2/cart/update', { poid, expedite: 'perhaps' })).statusCode).toBe(400);
    expect((await c.api.post('/api/2/cart/update', { poid, name: 'x' })).statusCode).toBe(400);
    expect((await other.api.post('/api/2/cart/update', { poid, expedite: 'true' })).statusCode).toBe(404);
  });
});

describe('GET /ajax/cart/needProofReading', () => {
  it('tells and sets proofreading on every order of the cart', async () => {
    const c = await newCustomer();
    await addCartOrder(db(), c.id);
    await addCartOrder(db(), c.id, { needProofreading: true });
    const first = await c.api.get('/ajax/cart/needProofReading');
    expect(first.json()).toMatchObject({ status: 'OK', needProofreading: false });
    const { ck } = first.json() as { ck: string };
    const set = await c.api.get(`/ajax/cart/needProofReading?ck=${ck}&status=1`);
    expect(set.json()).toMatchObject({ status: 'OK', needProofreading: true });
    expect((await c.api.get(`/ajax/cart/needProofReading?ck=${ck}&status=0`)).statusCode).toBe(409);
    expect((await c.api.get('/ajax/cart/needProofReading?status=2')).statusCode).toBe(400);
    expect((await authed(t.app, translator).get('/ajax/cart/needProofReading')).statusCode).toBe(403);
  });
});

describe('coupons', () => {
  async function couponCart() {
    const c = await newCustomer();
    await addCartOrder(db(), c.id, { words: 2345 });
    return { ...c, cart: await cartOf(c.api) };
  }

  it('applies the demo coupon: 10% of the subtotal, rounded half up', async () => {
    const c = await couponCart();
    const res = await c.api.post('/ajax/cart/submitCoupon', {
      couponId: 'welcome10',
      totalWithVat: c.cart.totalCredits,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { coupon: { code: string; discountCredits: number }; cart: Cart };
    const discount = Math.floor((c.cart.subtotalCredits * 1000 + 5000) / 10000);
    expect(body.coupon).toMatchObject({ code: 'WELCOME10', discountCredits: discount });
    expect(body.cart.discountCredits).toBe(discount);
    expect(body.cart.totalCredits).toBe(c.cart.subtotalCredits - discount);
    expect(body.cart.ck).not.toBe(c.cart.ck);
    const removed = await c.api.post('/ajax/cart/removeCoupon', { couponId: body.cart.coupons[0].id });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as { cart: Cart }).cart.discountCredits).toBe(0);
    expect((await c.api.post('/ajax/cart/removeCoupon', { couponId: 'WELCOME10' })).statusCode).toBe(404);
  });

  it('needs a coupon and the total with VAT that was shown', async () => {
    const c = await couponCart();
    const noTotal = await c.api.post('/ajax/cart/submitCoupon', { couponId: 'WELCOME10', totalWithVat: '' });
    expect(noTotal.statusCode).toBe(400);
    expect(noTotal.json()).toMatchObject({ errors: { totalWithVat: CART_TEXTS.couponTotalRequired } });
    const noCoupon = await c.api.post('/ajax/cart/submitCoupon', { totalWithVat: c.cart.totalCredits });
    expect(noCoupon.statusCode).toBe(400);
    const unknown = await c.api.post('/ajax/cart/submitCoupon', {
      couponId: 'NOPE',
      totalWithVat: c.cart.totalCredits,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: CART_TEXTS.couponUnknown });
    const stale = await c.api.post('/ajax/cart/submitCoupon', {
      couponId: 'WELCOME10',
      totalWithVat: c.cart.totalCredits + 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (await authed(t.app, translator).post('/ajax/cart/submitCoupon', { couponId: 'WELCOME10', totalWithVat: 1 }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses expired, inactive, used-up and too-small coupons', async () => {
    const c = await couponCart();
    await db()
      .insert(coupons)
      .values([
        { code: 'OLD5', kind: 'fixed', value: 500, expiresAt: new Date(Date.now() - 1000) },
        { code: 'OFF5', kind: 'fixed', value: 500, active: false },
        { code: 'GONE5', kind: 'fixed', value: 500, maxUses: 1, uses: 1 },
        { code: 'BIG5', kind: 'fixed', value: 500, minimumCredits: 100_000_000 },
      ]);
    const tryCode = async (code: string) =>
      (await c.api.post('/ajax/cart/submitCoupon', { couponId: code, totalWithVat: c.cart.totalCredits })).json() as {
        message: string;
      };
    expect((await tryCode('OLD5')).message).toBe(CART_TEXTS.couponExpired);
    expect((await tryCode('OFF5')).message).toBe(CART_TEXTS.couponInactive);
    expect((await tryCode('GONE5')).message).toBe(CART_TEXTS.couponUsedUp);
    expect((await tryCode('BIG5')).message).toMatch(/at least 100000000 credits/);
    expect((await cartOf(c.api)).coupons).toEqual([]);
  });

  it('takes every coupon off with un-attach-coupons', async () => {
    const c = await couponCart();
    await c.api.post('/ajax/cart/submitCoupon', { couponId: 'WELCOME10', totalWithVat: c.cart.totalCredits });
    const res = await c.api.post('/api/2/internal/user/un-attach-coupons');
    expect(res.json()).toEqual({ results: { removed: 1 } });
    expect((await cartOf(c.api)).coupons).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: '/api/2/internal/user/un-attach-coupons' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /ajax/cart/translateNow', () => {
  it('pays with credits: one project per target language, credits moved, orders paid, an invoice', async () => {
    const c = await newCustomer('DE');
    await giveCredits(db(), c.id, 1_000_000);
    const poA = await addCartOrder(db(), c.id, { targets: ['spanish', 'french'], words: 1500, name: 'Manual' });
    await addCartOrder(db(), c.id, { targets: ['german'], words: 400, name: 'Leaflet' });
    let cart = await cartOf(c.api);
    await c.api.post('/ajax/cart/submitCoupon', { couponId: 'WELCOME10', totalWithVat: cart.totalCredits });
    cart = await cartOf(c.api);
    expect(cart.discountCredits).toBeGreaterThan(0);
    const [welcome] = await db().select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    const revenue = await findAccount(db(), null, 'platform_revenue');
    const promotions = await findAccount(db(), null, 'platform_promotions');
    const vat = await findAccount(db(), null, 'platform_vat');
    const before = { revenue: revenue?.balance ?? 0, promotions: promotions?.balance ?? 0, vat: vat?.balance ?? 0 };

    const res = await pay(c.api, { ck: cart.ck, 'couponIds[0]': String(cart.coupons[0].id), idempotency_key: 'pay-1' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      projects: { id: number; name: string; targetLanguage: string; status: string }[];
      invoice: { id: number; number: string; totalCredits: number };
      balance: number;
    };
    expect(body.projects.map((p) => [p.name, p.targetLanguage, p.status])).toEqual([
      ['Manual (Spanish)', 'spanish', 'PENDING'],
      ['Manual (French)', 'french', 'PENDING'],
      ['Leaflet', 'german', 'PENDING'],
    ]);
    expect(body.invoice.number).toMatch(/^PAR-\d{4}-\d{6}$/);
    expect(body.invoice.totalCredits).toBe(cart.totalCredits);
    expect(body.balance).toBe(1_000_000 - cart.totalCredits);
    expect(await balanceOfOwner(db(), c.id, 'customer_credits')).toBe(1_000_000 - cart.totalCredits);

    const rows = await db().select().from(projects).where(eq(projects.customerId, c.id));
    expect(rows).toHaveLength(3);
    expect(rows.reduce((s, p) => s + p.priceCredits, 0)).toBe(cart.subtotalCredits - cart.discountCredits);
    const spanish = rows.find((p) => p.targetLanguage === 'spanish');
    expect(spanish).toMatchObject({ sourceLanguage: 'american-english', wordCount: 1500, expertise: 'general' });
    // the deadline is quoted at payment time: the cart's quote plus the seconds between the two calls
    const quoted = new Date(cart.purchaseOrders[0].items[0].deadline).getTime();
    expect(spanish?.deadline?.getTime()).toBeGreaterThanOrEqual(quoted);
    expect(spanish?.deadline?.getTime()).toBeLessThan(quoted + 60_000);
    expect(new Set(rows.map((p) => p.ledgerTransactionId)).size).toBe(1);

    const orders = await db().select().from(purchaseOrders).where(eq(purchaseOrders.customerId, c.id));
    expect(orders.every((o) => o.status === 'paid' && o.paidAt !== null)).toBe(true);
    expect(orders.find((o) => o.key === poA)?.status).toBe('paid');

    // the ledger: customer -total, revenue +subtotal, promotions -discount, VAT +vat
    expect((await findAccount(db(), null, 'platform_revenue'))?.balance).toBe(before.revenue + cart.subtotalCredits);
    expect((await findAccount(db(), null, 'platform_promotions'))?.balance).toBe(
      before.promotions - cart.discountCredits,
    );
    expect((await findAccount(db(), null, 'platform_vat'))?.balance).toBe(before.vat + cart.vatCredits);
    expect(cart.vatCredits).toBeGreaterThan(0);
    const report = await verifyLedger(db());
    expect(report).toMatchObject({ balanceMismatches: [], unbalancedTransactions: [] });

    const [usedWelcome] = await db().select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    expect(usedWelcome.uses).toBe(welcome.uses + 1);
    expect((await cartOf(c.api)).purchaseOrders).toEqual([]);
    // WELCOME10 has a per-user limit of one
    await addCartOrder(db(), c.id);
    const again = await c.api.post('/ajax/cart/submitCoupon', {
      couponId: 'WELCOME10',
      totalWithVat: (await cartOf(c.api)).totalCredits,
    });
    expect(again.json()).toMatchObject({ message: CART_TEXTS.couponPerUserLimit });
  });

  it("carries the order's source and reference files onto every project it makes", async () => {
    const c = await newCustomer();
    await giveCredits(db(), c.id, 500_000);
    const poid = await addCartOrder(db(), c.id, { targets: ['spanish', 'french'] });
    const [order] = await db().select().from(purchaseOrders).where(eq(purchaseOrders.key, poid));
    const fileOf = async (fileName: string, text: string, context: 'source' | 'reference') => {
      const stored = await t.app.deps.storage.put(Readable.from([Buffer.from(text)]), { maxBytes: 1_000_000 });
      const [row] = await db()
        .insert(purchaseOrderFiles)
        .values({
          purchaseOrderId: order.id,
          storageId: stored.id,
          fileName,
          mime: 'text/plain',
          sizeBytes: stored.size,
          sha256: stored.sha256,
          context,
        })
        .returning();
      return row.id;
    };
    const source = await fileOf('manual.txt', 'the words to translate', 'source');
    const reference = await fileOf('note.txt', 'Keep product names in English.', 'reference');

    const res = await pay(c.api, { ck: (await cartOf(c.api)).ck }, 'refs-1');
    expect(res.statusCode, res.body).toBe(200);
    const made = (res.json() as { projects: { id: number }[] }).projects;
    expect(made).toHaveLength(2);
    for (const { id } of made) {
      const detail = await c.api.get(`/api/2/projects/${id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      const { files } = detail.json() as { files: { id: string; name: string; context: string }[] };
      expect(files.map((f) => [f.id, f.name, f.context])).toEqual([
        [`s${source}`, 'manual.txt', 'source'],
        [`s${reference}`, 'note.txt', 'reference'],
      ]);
    }

    // the translator who takes a project opens the reference file
    const [demoTranslator] = await db().select().from(users).where(eq(users.email, 'translator@parlance.test'));
    await db()
      .update(projects)
      .set({ status: 'IN_PROGRESS', translatorId: demoTranslator.id })
      .where(eq(projects.id, made[0].id));
    const tr = authed(t.app, translator);
    const link = await tr.get(`/api/2/resources/s${reference}`);
    expect(link.statusCode, link.body).toBe(200);
    const file = await tr.get((link.json() as { download_url: string }).download_url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('Keep product names in English.');
    expect(file.headers['content-disposition']).toContain('note.txt');
  });

  it('answers a retry with the same key with the first result and creates nothing again', async () => {
    const c = await newCustomer();
    await giveCredits(db(), c.id, 500_000);
    await addCartOrder(db(), c.id, { targets: ['spanish', 'italian'] });
    const cart = await cartOf(c.api);
    const first = await pay(c.api, { ck: cart.ck }, 'same-key');
    expect(first.statusCode).toBe(200);
    const transactions = await txCount();
    const second = await pay(c.api, { ck: cart.ck }, 'same-key');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await projectCount(c.id)).toBe(2);
    expect(await txCount()).toBe(transactions);
    expect(await balanceOfOwner(db(), c.id, 'customer_credits')).toBe(500_000 - cart.totalCredits);
    // the same key for another request
    expect((await pay(c.api, { ck: 'other' }, 'same-key')).statusCode).toBe(422);
    // without a key the cart key is the key: a second submit of the same shown cart replays
    await addCartOrder(db(), c.id);
    const next = await cartOf(c.api);
    const a = await pay(c.api, { ck: next.ck });
    const b = await pay(c.api, { ck: next.ck });
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(await projectCount(c.id)).toBe(3);
  });

  it('refuses without enough credits, says the shortfall, and changes nothing', async () => {
    const c = await newCustomer();
    await giveCredits(db(), c.id, 100);
    await addCartOrder(db(), c.id, { words: 3000 });
    let cart = await cartOf(c.api);
    await c.api.post('/ajax/cart/submitCoupon', { couponId: 'WELCOME10', totalWithVat: cart.totalCredits });
    cart = await cartOf(c.api);
    const [welcome] = await db().select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    const transactions = await txCount();
    const res = await pay(c.api, { ck: cart.ck }, 'poor-1');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      status: 'ERROR',
      message: 'Not enough credits',
      totalCredits: cart.totalCredits,
      balanceCredits: 100,
      shortfallCredits: cart.totalCredits - 100,
    });
    expect(await txCount()).toBe(transactions);
    expect(await projectCount(c.id)).toBe(0);
    expect(await balanceOfOwner(db(), c.id, 'customer_credits')).toBe(100);
    const [after] = await db().select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    expect(after.uses).toBe(welcome.uses);
    expect((await cartOf(c.api)).coupons).toHaveLength(1);
    // buying the difference, then the same key pays
    await giveCredits(db(), c.id, cart.totalCredits - 100);
    const retry = await pay(c.api, { ck: cart.ck }, 'poor-1');
    expect(retry.statusCode).toBe(200);
    expect(await balanceOfOwner(db(), c.id, 'customer_credits')).toBe(0);
  });

  it('refuses a stale cart key and coupons that no longer match', async () => {
    const c = await newCustomer();
    await giveCredits(db(), c.id, 500_000);
    const poid = await addCartOrder(db(), c.id);
    const cart = await cartOf(c.api);
    await c.api.post('/api/2/cart/update', { poid, expedite: 'true' });
    const stale = await pay(c.api, { ck: cart.ck }, 'stale-1');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: CART_TEXTS.cartChanged });
    const fresh = await cartOf(c.api);
    expect((await pay(c.api, { ck: fresh.ck, 'couponIds[0]': '999999' }, 'stale-2')).statusCode).toBe(409);
    expect((await pay(c.api, { ck: fresh.ck, 'couponIds[0]': 'abc' }, 'stale-3')).statusCode).toBe(400);
    expect((await pay(c.api, {}, 'stale-4')).statusCode).toBe(400);
    expect(await projectCount(c.id)).toBe(0);
  });

  it('refuses a coupon that reached its maximum uses meanwhile', async () => {
    const c = await newCustomer();
    await giveCredits(db(), c.id, 500_000);
    await addCartOrder(db(), c.id);
    const [limited] = await db()
      .insert(coupons)
      .values({ code: 'ONCE50', kind: 'fixed', value: 50, maxUses: 1 })
      .returning();
    const cart = await cartOf(c.api);
    expect(
      (await c.api.post('/ajax/cart/submitCoupon', { couponId: 'ONCE50', totalWithVat: cart.totalCredits })).statusCode,
    ).toBe(200);
    await db().update(coupons).set({ uses: 1 }).where(eq(coupons.id, limited.id)); // someone else used it
    const withCoupon = await cartOf(c.api);
    const res = await pay(c.api, { ck: withCoupon.ck, 'couponIds[0]': String(limited.id) }, 'max-1');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: CART_TEXTS.couponUsedUp });
    expect(await projectCount(c.id)).toBe(0);
    expect(await balanceOfOwner(db(), c.id, 'customer_credits')).toBe(500_000);
  });

  it('creates the projects once when the same cart is submitted twice at the same time', async () => {
    const c = await newCustomer();
    await giveCredits(db(), c.id, 500_000);
    await addCartOrder(db(), c.id, { targets: ['spanish', 'french', 'german'] });
    const cart = await cartOf(c.api);
    const answers = await Promise.all([
      pay(c.api, { ck: cart.ck }, 'double-a'),
      pay(c.api, { ck: cart.ck }, 'double-b'),
      pay(c.api, { ck: cart.ck }, 'double-a'),
    ]);
    // whichever key reaches the customer's lock first pays; the retry of 'double-a' replays its
    // answer when 'double-a' won, and is refused with 'double-a' when 'double-b' won
    const codes = answers.map((r) => r.statusCode);
    const aWon = codes[0] === 200;
    expect(codes).toEqual(aWon ? [200, 409, 200] : [409, 200, 409]);
    if (aWon) expect(answers[2].json()).toEqual(answers[0].json());
    expect(await projectCount(c.id)).toBe(3);
    expect(await balanceOfOwner(db(), c.id, 'customer_credits')).toBe(500_000 - cart.totalCredits);
  });

  it('leaves the whole purchase or none of it when it fails part-way', async () => {
    const c = await newCustomer();
    await giveCredits(db(), c.id, 500_000);
    await addCartOrder(db(), c.id, { targets: ['spanish', 'french'] });
    const cart = await cartOf(c.api);
    const transactions = await txCount();
    for (const failAt of ['coupons', 'ledger', 'projects', 'invoice'] as const) {
      const attempt = payCartWithCredits(db(), {
        userId: c.id,
        ck: cart.ck,
        idempotencyKey: 'crash-1',
        requestHash: hashRequest({ ck: cart.ck }),
        now: new Date(),
        afterStep: (step) => {
          if (step === failAt) throw new Error(`crash after ${step}`);
        },
      });
      await expect(attempt).rejects.toThrow(`crash after ${failAt}`);
      expect(await txCount()).toBe(transactions);
      expect(await projectCount(c.id)).toBe(0);
      expect(await balanceOfOwner(db(), c.id, 'customer_credits')).toBe(500_000);
      expect((await cartOf(c.api)).purchaseOrders).toHaveLength(1);
    }
    const done = await payCartWithCredits(db(), {
      userId: c.id,
      ck: cart.ck,
      idempotencyKey: 'crash-1',
      requestHash: hashRequest({ ck: cart.ck }),
      now: new Date(),
    });
    expect(done.body.projects).toHaveLength(2);
    expect(await txCount()).toBe(transactions + 1);
  });

  it('is for customers only', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/ajax/cart/translateNow', ...multipart({ ck: 'x' }) })).statusCode,
    ).toBe(401);
    expect((await pay(authed(t.app, translator), { ck: 'x' }, 'tr-1')).statusCode).toBe(403);
    const empty = await newCustomer();
    expect((await pay(empty.api, { ck: (await cartOf(empty.api)).ck }, 'empty-1')).statusCode).toBe(400);
  });
});

describe('registry PaymentInformation and Upsales', () => {
  it("answers the cart's totals for the payment page and the options offered", async () => {
    const c = await newCustomer();
    await giveCredits(db(), c.id, 100);
    await addCartOrder(db(), c.id, { targets: ['spanish', 'french'], words: 2000 });
    const cart = await cartOf(c.api);
    const info = await c.api.get(`/registry/get?data=PaymentInformation&ck=${cart.ck}&skipPriceQuoteCreation=1`);
    expect(info.statusCode).toBe(200);
    expect(info.json().results).toMatchObject({
      ck: cart.ck,
      totalCredits: cart.totalCredits,
      balanceCredits: 100,
      shortfallCredits: cart.totalCredits - 100,
      translationItems: [
        { srcLang: { slug: 'american-english' }, tarLang: { slug: 'spanish' }, wordCount: 2000 },
        { srcLang: { slug: 'american-english' }, tarLang: { slug: 'french' }, wordCount: 2000 },
      ],
    });
    expect((await c.api.get('/registry/get?data=PaymentInformation&ck=stale')).statusCode).toBe(409);
    expect((await c.api.get('/registry/get?data=PaymentInformation')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/registry/get?data=PaymentInformation&ck=${cart.ck}` })).statusCode,
    ).toBe(401);

    const upsales = await c.api.get('/registry/get?data=Upsales');
    expect(upsales.statusCode).toBe(200);
    const options = (
      upsales.json() as { results: { options: { slug: string; extraCredits: number; selected: boolean }[] } }
    ).results.options;
    expect(options.map((o) => o.slug)).toEqual(['proofreading', 'expedite', 'certificate']);
    const proofreading = options[0];
    // proofreading adds 50% of each item's price
    const half = cart.purchaseOrders[0].items.reduce((s, i) => s + Math.floor((i.credits * 5000 + 5000) / 10000), 0);
    expect(proofreading).toMatchObject({ selected: false, extraCredits: half });
    expect(options[2].extraCredits).toBe(2 * 2500); // certificate: flat 2,500 per target language
    expect((await authed(t.app, translator).get('/registry/get?data=Upsales')).statusCode).toBe(403);
  });
});

describe('demo data', () => {
  it('gives the demo customer credits, billing details and a paid order', async () => {
    const demo = await loginDemo(t.app, 'customer');
    const paid = await db()
      .select()
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.customerId, demo.user.id), eq(purchaseOrders.status, 'paid')));
    expect(paid).toHaveLength(1);
    expect(await projectCount(demo.user.id)).toBe(2);
    const cart = await cartOf(authed(t.app, demo));
    expect(cart.balanceCredits).toBeGreaterThan(0);
    expect(cart.balanceCredits).toBeLessThan(50_000);
    const invoices = await authed(t.app, demo).get('/api/2/account/invoices');
    expect(invoices.json()).toMatchObject({ totalCount: 1 });
  });
});
