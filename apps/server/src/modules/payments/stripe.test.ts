import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TEXTS, type PaymentData, type SavedCardData } from '@parlance/shared';
import { cardRefunds, invoices, ledgerTransactions, payments, processorEvents, savedCards } from '../../db/schema';
import {
  balanceOfOwner,
  getOrCreateAccount,
  platformAccount,
  postTransaction,
  verifyLedger,
} from '../../platform/ledger';
import { authed, form, signUp, type TestSession } from '../../test/auth-helpers';
import { type FakeStripe, PM_DECLINED, PM_VISA, signedEvent, startFakeStripe } from '../../test/fake-stripe';
import { createTestApp, type TestApp } from '../../test/harness';
import { retryPendingCardRefunds } from './card-refunds';
import { signCreditsQuote } from '../pricing/quote-token';
import { newCustomer, paidProject, projectRow } from '../projects/projects-test-helpers';

// Stripe as the card processor, against a local server that answers as Stripe's API does, with
// webhooks signed by Stripe's scheme. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ stripe: stripe.config });
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const as = (s: TestSession) => authed(t.app, s);
const db = () => t.database.db;
const credits = (userId: number) => balanceOfOwner(db(), userId, 'customer_credits');
const quote = (s: TestSession, amountCredits = 10000, vatCredits = 2000) =>
  signCreditsQuote(t.app.deps, { userId: s.user.id, amountCredits, vatCredits });
const paymentRow = async (key: string) => (await db().select().from(payments).where(eq(payments.key, key)))[0];
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

async function ledgerIsConsistent() {
  const report = await verifyLedger(db());
  expect(report.balanceMismatches).toEqual([]);
  expect(report.unbalancedTransactions).toEqual([]);
}

function deliver(event: { payload: string; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/2/payments/stripe/webhook',
    headers: event.headers,
    payload: event.payload,
  });
}

/** A customer with an open Stripe checkout of `amount` credits plus `vat`. */
async function startCheckout(s: TestSession, amount = 10000, vat = 2000) {
  const res = await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(await quote(s, amount, vat))}`);
  expect(res.statusCode, res.body).toBe(200);
  const { url, payment } = res.json().results as { url: string; payment: string };
  const row = await paymentRow(payment);
  return { url, key: payment, sessionId: row.providerRef as string };
}

/** The customer paid on Stripe's page: the signed checkout.session.completed. */
async function paidCheckout(s: TestSession, amount = 10000, vat = 2000) {
  const checkout = await startCheckout(s, amount, vat);
  const paid = stripe.paySession(checkout.sessionId);
  const event = signedEvent('checkout.session.completed', paid.session, { timestamp: nowSeconds() });
  return { ...checkout, ...paid, event };
}

describe('Stripe Checkout', () => {
  it('opens one Checkout Session per payment: amounts with VAT, our key, an idempotency key', async () => {
    const s = await signUp(t.app);
    const before = stripe.requests.length;
    const { url, key, sessionId } = await startCheckout(s);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [req] = stripe.requests.slice(before);
    expect(req).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', idempotencyKey: `checkout:${key}` });
    expect(req.params).toMatchObject({
      mode: 'payment',
      client_reference_id: key,
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '10000',
      'line_items[1][price_data][unit_amount]': '2000',
      'line_items[1][price_data][product_data][name]': 'VAT',
      'payment_intent_data[setup_future_usage]': 'off_session',
      'metadata[payment_key]': key,
      customer_creation: 'always',
      customer_email: s.user.email,
      success_url: `http://localhost:3000/payment/thankyou/?payment=${key}`,
      cancel_url: `http://localhost:3000/payment/thankyou/?payment=${key}`,
    });
    expect(await paymentRow(key)).toMatchObject({ provider: 'stripe', status: 'pending', providerRef: sessionId });
  });

  it('the same quote again answers the same payment and, replayed by Stripe, the same session', async () => {
    const s = await signUp(t.app);
    const pqid = encodeURIComponent(await quote(s));
    const first = (await as(s).get(`/api/2/cart/vendorurl?pqid=${pqid}`)).json().results;
    const before = stripe.requests.length;
    const again = (await as(s).get(`/api/2/cart/vendorurl?pqid=${pqid}`)).json().results;
    expect(again).toEqual(first);
    const [req] = stripe.requests.slice(before);
    expect(req).toMatchObject({ idempotencyKey: `checkout:${first.payment}`, replayed: true });
    expect(stripe.sessions.size).toBeGreaterThan(0);
  });

  it('the return page reads the payment from our database: pending until the webhook, never from the URL', async () => {
    const s = await signUp(t.app);
    const { key, event } = await paidCheckout(s);
    // Stripe redirected the customer back, but the webhook has not come: nothing is credited
    expect(((await as(s).get(`/api/2/payments/${key}`)).json().results as PaymentData).status).toBe('pending');
    expect(await credits(s.user.id)).toBe(0);
    expect((await deliver(event)).statusCode).toBe(200);
    const p = (await as(s).get(`/api/2/payments/${key}`)).json().results as PaymentData;
    expect(p).toMatchObject({ status: 'approved', cardBrand: 'Visa', cardLast4: '4242', totalCredits: 12000 });
    expect(p.invoiceId).toEqual(expect.any(Number));
    expect(await credits(s.user.id)).toBe(10000);
  });

  it('answers 502 with a plain message when Stripe keeps failing, and nothing is left half-done', async () => {
    const s = await signUp(t.app);
    stripe.failNext('/v1/checkout/sessions', 3);
    const res = await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(await quote(s))}`);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(ORDER_TEXTS.cardProcessorUnavailable);
    expect(await credits(s.user.id)).toBe(0);
  });
});

describe('POST /api/2/payments/stripe/webhook', () => {
  it('credits a completed checkout once, saves the card, and refuses bad and old signatures', async () => {
    const s = await signUp(t.app);
    const { key, event, session } = await paidCheckout(s);

    const forged = signedEvent('checkout.session.completed', session, {
      id: event.id,
      timestamp: nowSeconds(),
      secret: 'whsec_not_ours',
    });
    const badSig = await deliver(forged);
    expect(badSig.statusCode).toBe(400);
    const tampered = await deliver({ headers: event.headers, payload: event.payload.replace('"paid"', '"paid" ') });
    expect(tampered.statusCode).toBe(400);
    const old = signedEvent('checkout.session.completed', session, { timestamp: nowSeconds() - 301 });
    expect((await deliver(old)).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/2/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await credits(s.user.id)).toBe(0);

    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'processed' });
    const again = await deliver(event);
    expect(again.json()).toEqual({ received: true, outcome: 'repeated' });
    // the same payment in another event (Stripe may send a new event id for the same fact)
    const resent = signedEvent('checkout.session.completed', session, { timestamp: nowSeconds() });
    expect((await deliver(resent)).statusCode).toBe(200);
    expect(await credits(s.user.id)).toBe(10000);
    expect(await paymentRow(key)).toMatchObject({ status: 'approved', providerIntent: expect.stringMatching(/^pi_/) });
    const cards = (await as(s).get('/api/2/account/cards')).json().results as SavedCardData[];
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2034 });
    const [stored] = await db().select().from(savedCards).where(eq(savedCards.userId, s.user.id));
    expect(stored).toMatchObject({ provider: 'stripe', providerCustomer: expect.stringMatching(/^cus_/) });
    expect(stored.providerToken).toMatch(/^pm_card_visa/);
    await ledgerIsConsistent();
  });

  it('one event delivered 8 times at once moves money once', async () => {
    const s = await signUp(t.app);
    const { event } = await paidCheckout(s);
    const answers = await Promise.all(Array.from({ length: 8 }, () => deliver(event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.json().outcome === 'processed')).toHaveLength(1);
    expect(await credits(s.user.id)).toBe(10000);
    const [{ n }] = await db().select({ n: count() }).from(invoices).where(eq(invoices.userId, s.user.id));
    expect(n).toBe(1);
    await ledgerIsConsistent();
  });

  it('a payment failure keeps the checkout open (Stripe lets the holder try another card) until it completes', async () => {
    const s = await signUp(t.app);
    const { key, intent, event } = await paidCheckout(s);
    const failed = signedEvent(
      'payment_intent.payment_failed',
      {
        id: intent,
        object: 'payment_intent',
        status: 'requires_payment_method',
        metadata: { payment_key: key },
        last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      },
      { timestamp: nowSeconds() },
    );
    expect((await deliver(failed)).statusCode).toBe(200);
    expect(await paymentRow(key)).toMatchObject({ status: 'pending', failureReason: 'Your card was declined.' });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await paymentRow(key)).toMatchObject({ status: 'approved', failureReason: null });
    expect(await credits(s.user.id)).toBe(10000);
  });

  it('out of order: a refund before its completion credits, takes back, and the late completion moves nothing', async () => {
    const s = await signUp(t.app);
    const { key, intent, event } = await paidCheckout(s);
    const refunded = signedEvent('charge.refunded', stripe.charge(intent, 12000), { timestamp: nowSeconds() });
    const dispute = signedEvent(
      'charge.dispute.created',
      {
        id: 'dp_ooo',
        object: 'dispute',
        amount: 12000,
        charge: `ch_of_${intent}`,
        payment_intent: intent,
        status: 'needs_response',
      },
      { timestamp: nowSeconds() },
    );
    // shuffled, repeated and concurrent
    const answers = await Promise.all([
      deliver(refunded),
      deliver(dispute),
      deliver(event),
      deliver(refunded),
      deliver(event),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await deliver(dispute);
    const row = await paymentRow(key);
    expect(row.status).toBe('approved');
    // refunded and disputed together never exceed what was paid
    expect(row.refundedCredits + row.disputedCredits).toBe(12000);
    expect(await credits(s.user.id)).toBe(0);
    const moved = await db()
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'purchase'));
    expect(moved.length).toBeGreaterThan(0);
    await ledgerIsConsistent();
  });

  it('a refund made at Stripe takes back unspent credits; what was spent is the platform loss', async () => {
    const s = await signUp(t.app);
    const { intent, event } = await paidCheckout(s);
    await deliver(event);
    // the customer spent 7,000 of the 10,000 credits
    await postTransaction(db(), {
      kind: 'order_payment',
      description: 'spent in the test',
      entries: [
        { account: await getOrCreateAccount(db(), s.user.id, 'customer_credits'), amount: -7000 },
        { account: await platformAccount(db(), 'platform_revenue'), amount: 7000 },
      ],
    });
    const revenueBefore = (await platformAccount(db(), 'platform_revenue')).balance;
    // a partial refund of 6,000 cents, then the full refund (amount_refunded is the running total)
    const partial = signedEvent('charge.refunded', stripe.charge(intent, 6000), { timestamp: nowSeconds() });
    expect((await deliver(partial)).statusCode).toBe(200);
    // 6000 of 12000 paid: 1000 was VAT, 5000 credits; the customer had 3000
    expect(await credits(s.user.id)).toBe(0);
    expect((await platformAccount(db(), 'platform_revenue')).balance).toBe(revenueBefore - 2000);
    const full = signedEvent('charge.refunded', stripe.charge(intent, 12000), { timestamp: nowSeconds() });
    await deliver(full);
    await deliver(partial); // late and stale: nothing
    expect((await platformAccount(db(), 'platform_revenue')).balance).toBe(revenueBefore - 7000);
    expect(await credits(s.user.id)).toBe(0);
    await ledgerIsConsistent();
  });

  it('is 404 when Stripe is not connected', async () => {
    const plain = await createTestApp();
    try {
      const e = signedEvent('checkout.session.completed', { id: 'cs_x' });
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/2/payments/stripe/webhook',
        headers: e.headers,
        payload: e.payload,
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('saved Stripe cards', () => {
  async function customerWithCard(pm = PM_VISA) {
    const s = await signUp(t.app);
    const { event } = await paidCheckout(s);
    await deliver(event);
    const cards = (await as(s).get('/api/2/account/cards')).json().results as SavedCardData[];
    if (pm !== PM_VISA) await db().update(savedCards).set({ providerToken: pm }).where(eq(savedCards.id, cards[0].id));
    return { s, card: cards[0] };
  }

  const charge = (s: TestSession, pqid: string, cardId: number, key: string) =>
    as(s).inject({
      method: 'POST',
      url: '/ajax/cart/executeRecurringPayment',
      ...form({ pqid, card_id: cardId }),
      headers: { ...form({}).headers, 'idempotency-key': key },
    });

  it('charges off-session once per quote, with our payment key as the idempotency key', async () => {
    const { s, card } = await customerWithCard();
    const pqid = await quote(s, 5000, 0);
    const before = stripe.requests.length;
    // Stripe answers 500 once: the SDK retries with the same key
    stripe.failNext('/v1/payment_intents', 1);
    const first = await charge(s, pqid, card.id, 'k-1');
    expect(first.statusCode, first.body).toBe(200);
    const payment = first.json().results.payment as PaymentData;
    expect(payment).toMatchObject({ method: 'saved_card', status: 'approved', cardLast4: '4242' });
    const calls = stripe.requests.slice(before).filter((r) => r.path === '/v1/payment_intents');
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set([`charge:${payment.key}`]));
    expect(calls[1].params).toMatchObject({
      amount: '5000',
      currency: 'usd',
      off_session: 'true',
      confirm: 'true',
      customer: expect.stringMatching(/^cus_/),
      payment_method: expect.stringMatching(/^pm_card_visa/),
      'metadata[payment_key]': payment.key,
    });
    expect(await credits(s.user.id)).toBe(15000);
    // the same request again, and another key for the same quote: no second charge
    expect((await charge(s, pqid, card.id, 'k-1')).json().results.payment.key).toBe(payment.key);
    expect((await charge(s, pqid, card.id, 'k-2')).statusCode).toBe(409);
    expect(stripe.requests.slice(before).filter((r) => r.path === '/v1/payment_intents')).toHaveLength(2);
    expect(await credits(s.user.id)).toBe(15000);
    // its webhook (payment_intent events other than failures are not subscribed) changes nothing
    await ledgerIsConsistent();
  });

  it('a declined card (402 card_declined) moves nothing; its late failure event neither', async () => {
    const { s, card } = await customerWithCard(PM_DECLINED);
    const res = await charge(s, await quote(s, 5000, 0), card.id, 'decl-1');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(ORDER_TEXTS.cardDeclined);
    const payment = res.json().results.payment as PaymentData;
    const row = await paymentRow(payment.key);
    expect(row).toMatchObject({ status: 'declined', providerIntent: expect.stringMatching(/^pi_/) });
    const failed = signedEvent(
      'payment_intent.payment_failed',
      {
        id: row.providerIntent,
        object: 'payment_intent',
        metadata: { payment_key: row.key },
        last_payment_error: null,
      },
      { timestamp: nowSeconds() },
    );
    await deliver(failed);
    expect(await credits(s.user.id)).toBe(10000);
  });

  it('forgetting a saved card detaches it at Stripe', async () => {
    const { s, card } = await customerWithCard();
    const [row] = await db().select().from(savedCards).where(eq(savedCards.id, card.id));
    const res = await as(s).delete(`/api/2/account/cards/${card.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.requests.some((r) => r.path === `/v1/payment_methods/${row.providerToken}/detach`)).toBe(true);
    expect((await as(s).get('/api/2/account/cards')).json().results).toEqual([]);
  });

  it('a sandbox card is not offered nor charged while Stripe is the processor', async () => {
    const s = await signUp(t.app);
    const [row] = await db()
      .insert(savedCards)
      .values({
        userId: s.user.id,
        providerToken: 'sbx_card_ok_00',
        brand: 'Visa',
        last4: '4242',
        expMonth: 1,
        expYear: 2040,
      })
      .returning();
    expect((await as(s).get('/api/2/account/cards')).json().results).toEqual([]);
    expect((await charge(s, await quote(s, 5000, 0), row.id, 'sbx-1')).statusCode).toBe(404);
    // nor the sandbox's hosted page
    const page = await t.app.inject({
      method: 'GET',
      url: '/sandbox/checkout/whatever',
      headers: { cookie: s.cookie },
    });
    expect(page.statusCode).toBe(404);
  });
});

describe('refund of a cancelled project to the Stripe card', () => {
  async function customerWithProject() {
    const customer = await newCustomer(t.app, 0);
    const { event, intent } = await paidCheckout(customer.session, 500000, 0);
    expect((await deliver(event)).statusCode).toBe(200);
    const projectId = await paidProject(t.app, customer);
    return { customer, projectId, intent };
  }

  it('offers the card, refunds it at Stripe with an idempotency key, and the refund webhook moves nothing more', async () => {
    const { customer, projectId, intent } = await customerWithProject();
    const project = await projectRow(t.app, projectId);
    const refund = project.priceCredits + project.vatCredits;
    const options = await customer.api.get(`/api/2/projects/${projectId}/refund-options`);
    expect(options.json().results).toEqual({
      amountCredits: refund,
      card: { brand: 'Visa', last4: '4242', label: 'Visa ending 4242' },
    });
    const balanceBefore = await credits(customer.id);
    const before = stripe.requests.length;
    const res = await customer.api.post(`/api/2/projects/${projectId}/cancel`, { refund_to: 'card' });
    expect(res.statusCode, res.body).toBe(200);
    const [call] = stripe.requests.slice(before).filter((r) => r.path === '/v1/refunds');
    expect(call).toMatchObject({ idempotencyKey: `refund:project-${projectId}` });
    expect(call.params).toMatchObject({ payment_intent: intent, amount: String(refund) });
    const [row] = await db().select().from(cardRefunds).where(eq(cardRefunds.projectId, projectId));
    expect(row).toMatchObject({
      status: 'succeeded',
      amountCredits: refund,
      providerRef: expect.stringMatching(/^re_/),
    });
    // the credits did not come back to the balance: they went to the card
    expect(await credits(customer.id)).toBe(balanceBefore);
    const refunded = signedEvent('charge.refunded', stripe.charge(intent, refund), { timestamp: nowSeconds() });
    expect((await deliver(refunded)).statusCode).toBe(200);
    expect(await credits(customer.id)).toBe(balanceBefore);
    // a second cancel refunds nothing
    await customer.api.post(`/api/2/projects/${projectId}/cancel`, { refund_to: 'card' });
    expect(
      stripe.requests.filter((r) => r.path === '/v1/refunds' && r.idempotencyKey === `refund:project-${projectId}`),
    ).toHaveLength(1);
    await ledgerIsConsistent();
  });

  it('a refund Stripe refuses gives the credits back; credits are the default', async () => {
    const { customer, projectId, intent } = await customerWithProject();
    const project = await projectRow(t.app, projectId);
    const refund = project.priceCredits + project.vatCredits;
    const balanceBefore = await credits(customer.id);
    // Stripe no longer knows the payment intent (e.g. refunded in full at Stripe meanwhile)
    stripe.intents.delete(intent);
    const res = await customer.api.post(`/api/2/projects/${projectId}/cancel`, { refund_to: 'card' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db().select().from(cardRefunds).where(eq(cardRefunds.projectId, projectId));
    expect(row.status).toBe('failed');
    expect(await credits(customer.id)).toBe(balanceBefore + refund);
    const payment = (
      await db()
        .select()
        .from(payments)
        .where(and(eq(payments.userId, customer.id)))
    )[0];
    expect(payment.refundedCredits).toBe(0);

    const other = await paidProject(t.app, customer);
    const plain = await customer.api.post(`/api/2/projects/${other}/cancel`, {});
    expect(plain.statusCode).toBe(200);
    expect(await db().select().from(cardRefunds).where(eq(cardRefunds.projectId, other))).toEqual([]);
    await ledgerIsConsistent();
  });

  it('a refund Stripe did not answer stays pending and the timed retry sends it, once', async () => {
    const { customer, projectId } = await customerWithProject();
    const balanceBefore = await credits(customer.id);
    // more 500s than the SDK's retries: the refund is left pending, the credits are on their way to the card
    stripe.failNext('/v1/refunds', 3);
    const res = await customer.api.post(`/api/2/projects/${projectId}/cancel`, { refund_to: 'card' });
    expect(res.statusCode, res.body).toBe(200);
    const rowOf = async () => (await db().select().from(cardRefunds).where(eq(cardRefunds.projectId, projectId)))[0];
    expect((await rowOf()).status).toBe('pending');
    expect(await credits(customer.id)).toBe(balanceBefore);
    // a minute later the timed task asks again with the same idempotency key
    t.clock.advance(61_000);
    await retryPendingCardRefunds(t.app.deps, t.clock.now());
    expect(await rowOf()).toMatchObject({ status: 'succeeded', providerRef: expect.stringMatching(/^re_/) });
    await retryPendingCardRefunds(t.app.deps, t.clock.now());
    const keys = stripe.requests.filter(
      (r) => r.path === '/v1/refunds' && r.idempotencyKey === `refund:project-${projectId}`,
    );
    expect(new Set(keys.map((k) => k.idempotencyKey)).size).toBe(1);
    expect(keys.filter((k) => !k.replayed).length).toBeGreaterThanOrEqual(1);
    expect(await credits(customer.id)).toBe(balanceBefore);
    await ledgerIsConsistent();
  });

  it('refuses the card when no card paid for the project (409), and changes nothing', async () => {
    const customer = await newCustomer(t.app, 1_000_000);
    const projectId = await paidProject(t.app, customer);
    expect((await customer.api.get(`/api/2/projects/${projectId}/refund-options`)).json().results.card).toBeNull();
    const balance = await credits(customer.id);
    const res = await customer.api.post(`/api/2/projects/${projectId}/cancel`, { refund_to: 'card' });
    expect(res.statusCode).toBe(409);
    expect((await projectRow(t.app, projectId)).status).not.toBe('CANCELLED');
    expect(await credits(customer.id)).toBe(balance);
  });
});

describe('processor events table', () => {
  it('stores each accepted event id once', async () => {
    const rows = await db().select({ n: count() }).from(processorEvents);
    expect(rows[0].n).toBeGreaterThan(0);
  });
});
