import { and, count, eq } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminPaymentData, type PaymentData, type SavedCardData, ORDER_TEXTS } from '@parlance/shared';
import { auditLog, cardRefunds, invoices, ledgerTransactions, payments, savedCards } from '../../db/schema';
import { balanceOfOwner, platformAccount, verifyLedger } from '../../platform/ledger';
import { authed, form, loginDemo, signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, paidProject, projectRow } from '../projects/projects-test-helpers';
import { signCreditsQuote } from '../pricing/quote-token';

let t: TestApp;
let admin: TestSession;
let translator: TestSession;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  admin = await loginDemo(t.app, 'admin');
  translator = await loginDemo(t.app, 'translator');
});

afterAll(async () => {
  await t?.close();
});

const PUBLIC = 'http://localhost:3000';
const APPROVE = '4242 4242 4242 4242';
const DECLINE = '4000 0000 0000 0002';
const CONFIRM = '4000 0025 0000 3155';
const DECLINE_LATER = '4000 0000 0000 0341';

const as = (s: TestSession) => authed(t.app, s);
const db = () => t.database.db;
const credits = (s: TestSession) => balanceOfOwner(db(), s.user.id, 'customer_credits');
const quote = (s: TestSession | null, amountCredits = 10000, vatCredits = 2000) =>
  signCreditsQuote(t.app.deps, { userId: s ? s.user.id : null, amountCredits, vatCredits });
const paymentRow = async (key: string) => (await db().select().from(payments).where(eq(payments.key, key)))[0];
const invoiceCount = async (userId: number) =>
  (await db().select({ n: count() }).from(invoices).where(eq(invoices.userId, userId)))[0].n;

async function ledgerIsConsistent() {
  const report = await verifyLedger(db());
  expect(report.balanceMismatches).toEqual([]);
  expect(report.unbalancedTransactions).toEqual([]);
}

/** A fresh customer with a pending card payment: its key and checkout URL. */
async function startCheckout(s: TestSession, amount = 10000, vat = 2000) {
  const res = await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(await quote(s, amount, vat))}`);
  expect(res.statusCode, res.body).toBe(200);
  const { url, payment } = res.json().results as { url: string; payment: string };
  return { url, key: payment };
}

/** Submits the hosted page's form as a browser does: cookie, no CSRF header, the form token. */
function submitCard(s: TestSession, key: string, number: string, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${key}`,
    headers: { cookie: s.cookie, ...form({}).headers },
    payload: form({ number, expiry: '12/39', cvc: '123', name: 'Casey Customer', form_token: s.csrf, ...extra })
      .payload,
  });
}

function submitConfirm(s: TestSession, key: string, action: 'confirm' | 'cancel', token = s.csrf) {
  return t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${key}/confirm`,
    headers: { cookie: s.cookie, ...form({}).headers },
    payload: form({ action, form_token: token }).payload,
  });
}

const openPage = (s: TestSession | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: s ? { cookie: s.cookie } : {} });
const paymentOf = async (s: TestSession, key: string) =>
  (await as(s).get(`/api/2/payments/${key}`)).json().results as PaymentData;
const location = (res: Response) => String(res.headers.location);

describe('GET /api/2/cart/vendorurl', () => {
  it('creates one pending credits payment per quote and answers the hosted page', async () => {
    const s = await signUp(t.app);
    const pqid = await quote(s);
    const first = await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(pqid)}`);
    expect(first.statusCode).toBe(200);
    const { url, payment } = first.json().results;
    expect(url).toBe(`/sandbox/checkout/${payment}`);
    const again = await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(pqid)}`);
    expect(again.json().results.payment).toBe(payment);
    const row = await paymentRow(payment);
    expect(row).toMatchObject({
      status: 'pending',
      method: 'card',
      purpose: 'credits',
      amountCredits: 10000,
      vatCredits: 2000,
    });
    const p = await paymentOf(s, payment);
    expect(p).toMatchObject({ status: 'pending', totalCredits: 12000, invoiceId: null });
  });

  it('accepts a guest quote and the quote of the pricing call itself', async () => {
    const s = await signUp(t.app);
    const guest = await quote(null, 5000, 0);
    expect((await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(guest)}`)).statusCode).toBe(200);
    const priced = await as(s).post('/api/2/wizard/pricequote', { recharge_amount: '10000' });
    expect(priced.statusCode, priced.body).toBe(200);
    const pqid = priced.json().results.pqid as string;
    const res = await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(pqid)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentRow(res.json().results.payment)).amountCredits).toBe(10000);
  });

  it("answers the account-mismatch message for another user's quote", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const res = await as(other).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(await quote(owner))}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ORDER_TEXTS.paymentAccountMismatch);
    expect(ORDER_TEXTS.paymentAccountMismatch).toMatch(/not logged in with the correct account for this payment link/);
  });

  it('refuses a tampered or missing pqid, and guests', async () => {
    const s = await signUp(t.app);
    const pqid = await quote(s);
    const [body, mac] = pqid.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, a: 1 })).toString('base64url')}.${mac}`;
    const res = await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(forged)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ORDER_TEXTS.quoteInvalid);
    expect((await as(s).get('/api/2/cart/vendorurl')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/2/cart/vendorurl?pqid=${pqid}` })).statusCode).toBe(401);
    expect((await db().select().from(payments).where(eq(payments.userId, s.user.id))).length).toBe(0);
  });
});

describe('the hosted checkout page', () => {
  it('shows the owner an accessible form with the amounts, no scripts', async () => {
    const s = await signUp(t.app);
    const { url } = await startCheckout(s, 10000, 2000);
    const res = await openPage(s, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    for (const text of [
      '10,000 credits',
      '$100.00',
      '2,000 credits',
      '$20.00',
      '$120.00',
      'Save this card',
      'Card number',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('<label for="number">');
    expect(html).toContain('autocomplete="cc-number"');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`value="${s.csrf}"`);
    // helmet's no-referrer would make browsers post the form with `Origin: null` (refused)
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is 404 for another user (with the mismatch message), a sign-in page for guests', async () => {
    const s = await signUp(t.app);
    const other = await signUp(t.app);
    const { url, key } = await startCheckout(s);
    const res = await openPage(other, url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(ORDER_TEXTS.paymentAccountMismatch);
    const guest = await openPage(null, url);
    expect(guest.statusCode).toBe(401);
    expect(guest.body).toContain(`/auth?return=${encodeURIComponent(url)}`);
    expect((await openPage(s, '/sandbox/checkout/nope')).statusCode).toBe(404);
    const stolen = await submitCard(other, key, APPROVE);
    expect(stolen.statusCode).toBe(404);
    expect((await as(other).get(`/api/2/payments/${key}`)).statusCode).toBe(404);
    expect((await paymentRow(key)).status).toBe('pending');
  });

  it('approves 4242: credits once, issues the invoice, redirects to the thank-you page', async () => {
    const s = await signUp(t.app);
    const { key } = await startCheckout(s, 10000, 2000);
    const vatBefore = (await platformAccount(db(), 'platform_vat')).balance;
    const res = await submitCard(s, key, APPROVE);
    expect(res.statusCode).toBe(303);
    expect(location(res)).toBe(`${PUBLIC}/payment/thankyou/?payment=${key}`);
    expect(await credits(s)).toBe(10000);
    expect((await platformAccount(db(), 'platform_vat')).balance - vatBefore).toBe(2000);
    const p = await paymentOf(s, key);
    expect(p).toMatchObject({ status: 'approved', cardBrand: 'Visa', cardLast4: '4242', failureReason: null });
    expect(p.invoiceId).toEqual(expect.any(Number));
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.id, p.invoiceId ?? 0));
    expect(invoice).toMatchObject({ kind: 'credits', subtotalCredits: 10000, vatCredits: 2000, totalCredits: 12000 });
    const row = await paymentRow(key);
    expect(invoice.ledgerTransactionId).toBe(row.ledgerTransactionId);
    // a second submit (back button, double click) credits nothing more
    const again = await submitCard(s, key, APPROVE);
    expect(again.statusCode).toBe(303);
    expect(location(again)).toBe(`${PUBLIC}/payment/thankyou/?payment=${key}`);
    expect(await credits(s)).toBe(10000);
    expect(await invoiceCount(s.user.id)).toBe(1);
    // the page of a paid payment goes to the thank-you page as well
    expect(location(await openPage(s, `/sandbox/checkout/${key}`))).toContain('/payment/thankyou/');
    await ledgerIsConsistent();
  });

  it("returns to the browser's own origin when it is one of ours, else to PUBLIC_URL", async () => {
    const s = await signUp(t.app);
    const payAt = async (host: string, extra: Record<string, string> = {}) => {
      const { key } = await startCheckout(s, 10000, 2000);
      const res = await t.app.inject({
        method: 'POST',
        url: `/sandbox/checkout/${key}`,
        headers: { cookie: s.cookie, host, ...extra, ...form({}).headers },
        payload: form({ number: APPROVE, expiry: '12/39', cvc: '123', name: 'Casey Customer', form_token: s.csrf })
          .payload,
      });
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers['cache-control']).toBe('no-store');
      // whatever the address, the payment went through and its outcome is in our database
      expect((await paymentRow(key)).status).toBe('approved');
      return location(res).replace(/\/payment\/.*$/, '');
    };
    // PUBLIC_URL is http://localhost:3000: its loopback aliases on the same port are ours
    expect(await payAt('localhost:3000')).toBe('http://localhost:3000');
    expect(await payAt('127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(await payAt('[::1]:3000')).toBe('http://[::1]:3000');
    // anything else is not: a forged Host never takes the customer elsewhere
    expect(await payAt('evil.example')).toBe(PUBLIC);
    expect(await payAt('127.0.0.1:4000')).toBe(PUBLIC);
    expect(await payAt('localhost:3000@evil.example')).toBe(PUBLIC);
    // forwarded headers count only behind a trusted proxy (TRUST_PROXY is off here)
    expect(await payAt('localhost:3000', { 'x-forwarded-host': 'evil.example' })).toBe(PUBLIC);
    // the page's form-action lets the browser follow a redirect to each of our origins (CSP has no IPv6 syntax)
    const csp = String((await openPage(s, '/api/2/health')).headers['content-security-policy']);
    expect(csp).toContain("form-action 'self' https: http://localhost:3000 http://127.0.0.1:3000;");
  });

  it('credits once when the same form is posted twice at the same time', async () => {
    const s = await signUp(t.app);
    const { key } = await startCheckout(s, 7000, 0);
    const answers = await Promise.all([
      submitCard(s, key, APPROVE),
      submitCard(s, key, APPROVE),
      submitCard(s, key, APPROVE),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(303);
    expect(await credits(s)).toBe(7000);
    expect(await invoiceCount(s.user.id)).toBe(1);
    const txs = await db()
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `payment:${key}:credits`));
    expect(txs[0].n).toBe(1);
    await ledgerIsConsistent();
  });

  it('declines 4000 0000 0000 0002: nothing moves, back to the quote page', async () => {
    const s = await signUp(t.app);
    const { key } = await startCheckout(s, 10000, 2000);
    const res = await submitCard(s, key, DECLINE);
    expect(res.statusCode).toBe(303);
    expect(location(res)).toBe(`${PUBLIC}/payment/quote/?amount=10000&error=declined`);
    expect(await credits(s)).toBe(0);
    expect(await invoiceCount(s.user.id)).toBe(0);
    expect(await paymentOf(s, key)).toMatchObject({
      status: 'declined',
      failureReason: ORDER_TEXTS.cardDeclined,
      invoiceId: null,
    });
    // an approving card afterwards does not revive the declined payment
    await submitCard(s, key, APPROVE);
    expect(await credits(s)).toBe(0);
    await ledgerIsConsistent();
  });

  it('after a decline, the same quote opens a new attempt', async () => {
    const s = await signUp(t.app);
    const pqid = await quote(s, 3000, 0);
    const first = (await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(pqid)}`)).json().results.payment;
    await submitCard(s, first, DECLINE);
    const second = (await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(pqid)}`)).json().results.payment;
    expect(second).not.toBe(first);
    await submitCard(s, second, APPROVE);
    expect(await credits(s)).toBe(3000);
  });

  it('4000 0025 0000 3155 asks for confirmation, then approves', async () => {
    const s = await signUp(t.app);
    const { key } = await startCheckout(s, 10000, 2000);
    const res = await submitCard(s, key, CONFIRM);
    expect(res.statusCode).toBe(303);
    expect(location(res)).toBe(`/sandbox/checkout/${key}/confirm`);
    expect(await paymentOf(s, key)).toMatchObject({ status: 'requires_action', cardLast4: '3155' });
    expect(await credits(s)).toBe(0);
    const page = await openPage(s, `/sandbox/checkout/${key}/confirm`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm payment');
    expect(page.body).toContain('Cancel');
    // the checkout page of a payment that waits for confirmation leads to the confirmation
    expect(location(await openPage(s, `/sandbox/checkout/${key}`))).toBe(`/sandbox/checkout/${key}/confirm`);
    // a forged form (no token) changes nothing
    expect((await submitConfirm(s, key, 'confirm', 'forged')).statusCode).toBe(403);
    expect(await credits(s)).toBe(0);
    const confirmed = await submitConfirm(s, key, 'confirm');
    expect(confirmed.statusCode).toBe(303);
    expect(location(confirmed)).toBe(`${PUBLIC}/payment/thankyou/?payment=${key}`);
    expect(await credits(s)).toBe(10000);
    await submitConfirm(s, key, 'confirm');
    await submitConfirm(s, key, 'cancel');
    expect(await credits(s)).toBe(10000);
    expect((await paymentOf(s, key)).status).toBe('approved');
    await ledgerIsConsistent();
  });

  it('the confirmation step can be cancelled: nothing moves', async () => {
    const s = await signUp(t.app);
    const { key } = await startCheckout(s);
    await submitCard(s, key, CONFIRM);
    const res = await submitConfirm(s, key, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(location(res)).toBe(`${PUBLIC}/payment/quote/?amount=10000&error=cancelled`);
    expect((await paymentOf(s, key)).status).toBe('cancelled');
    await submitConfirm(s, key, 'confirm');
    expect(await credits(s)).toBe(0);
    expect(await invoiceCount(s.user.id)).toBe(0);
  });

  it('shows field errors and keeps the payment pending for bad card input', async () => {
    const s = await signUp(t.app);
    const { key } = await startCheckout(s);
    const cases: [Record<string, string>, string][] = [
      [{ number: '4242 4242 4242 4241' }, ORDER_TEXTS.cardNumberInvalid],
      [{ number: '5555 5555 5555 4444' }, ORDER_TEXTS.cardNumberNotTest],
      [{ number: APPROVE, expiry: '01/20' }, ORDER_TEXTS.cardExpired],
      [{ number: APPROVE, expiry: '13/30' }, ORDER_TEXTS.cardExpiryInvalid],
      [{ number: APPROVE, cvc: '12' }, ORDER_TEXTS.cardCvcInvalid],
      [{ number: APPROVE, name: ' ' }, ORDER_TEXTS.cardNameRequired],
    ];
    for (const [fields, message] of cases) {
      const res = await submitCard(s, key, fields.number, fields);
      expect(res.statusCode, message).toBe(422);
      expect(res.body).toContain(message);
      expect(res.body).toContain('aria-invalid="true"');
    }
    // the number is never echoed back
    const res = await submitCard(s, key, APPROVE, { cvc: '1' });
    expect(res.body).not.toContain('value="123"');
    // without the form token (another site's form) nothing is charged
    const forged = await submitCard(s, key, APPROVE, { form_token: '' });
    expect(forged.statusCode).toBe(403);
    expect((await paymentRow(key)).status).toBe('pending');
    expect(await credits(s)).toBe(0);
  });
});

let customerWithSavedCardFn: (number?: string) => Promise<{ s: TestSession; cards: SavedCardData[] }>;

describe('saved cards', () => {
  customerWithSavedCardFn = customerWithSavedCard;
  async function customerWithSavedCard(number = APPROVE) {
    const s = await signUp(t.app);
    const { key } = await startCheckout(s, 1000, 0);
    await submitCard(s, key, number, { save_card: '1' });
    const cards = (await as(s).get('/api/2/account/cards')).json().results as SavedCardData[];
    return { s, cards };
  }

  it('saves only brand, last four and expiry; lists and deletes them', async () => {
    const { s, cards } = await customerWithSavedCard();
    expect(cards).toEqual([
      {
        id: expect.any(Number),
        brand: 'Visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2039,
        createdAt: expect.any(String),
      },
    ]);
    const [row] = await db().select().from(savedCards).where(eq(savedCards.id, cards[0].id));
    expect(row.providerToken).toMatch(/^sbx_card_ok_[0-9a-f]{32}$/);
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    const other = await signUp(t.app);
    expect((await as(other).delete(`/api/2/account/cards/${cards[0].id}`)).statusCode).toBe(404);
    expect((await as(other).get('/api/2/account/cards')).json().results).toEqual([]);
    expect((await as(s).delete(`/api/2/account/cards/${cards[0].id}`)).statusCode).toBe(200);
    expect((await as(s).get('/api/2/account/cards')).json().results).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/account/cards' })).statusCode).toBe(401);
  });

  it('a card saved through the confirmation step is saved once confirmed', async () => {
    const s = await signUp(t.app);
    const { key } = await startCheckout(s, 1000, 0);
    await submitCard(s, key, CONFIRM, { save_card: '1' });
    expect((await as(s).get('/api/2/account/cards')).json().results).toEqual([]);
    await submitConfirm(s, key, 'confirm');
    const cards = (await as(s).get('/api/2/account/cards')).json().results as SavedCardData[];
    expect(cards.map((c) => c.last4)).toEqual(['3155']);
  });

  it('executeRecurringPayment charges the saved card; a retry with the same key answers the first result', async () => {
    const { s, cards } = await customerWithSavedCard();
    const pqid = await quote(s, 5000, 1000);
    const call = (key: string) =>
      as(s).inject({
        method: 'POST',
        url: '/ajax/cart/executeRecurringPayment',
        ...form({ pqid, card_id: cards[0].id }),
        headers: { ...form({}).headers, 'idempotency-key': key },
      });
    const first = await call('recurring-1');
    expect(first.statusCode, first.body).toBe(200);
    const payment = first.json().results.payment as PaymentData;
    expect(payment).toMatchObject({ method: 'saved_card', status: 'approved', cardLast4: '4242', totalCredits: 6000 });
    expect(payment.invoiceId).toEqual(expect.any(Number));
    expect(await credits(s)).toBe(1000 + 5000);
    const retry = await call('recurring-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().results.payment.key).toBe(payment.key);
    const concurrent = await Promise.all([call('recurring-1'), call('recurring-1')]);
    for (const r of concurrent) expect(r.json().results.payment.key).toBe(payment.key);
    expect(await credits(s)).toBe(6000);
    // another key, or none, does not charge the quote again
    for (const again of [
      call('recurring-2'),
      as(s).post('/ajax/cart/executeRecurringPayment', { pqid, card_id: cards[0].id }),
    ]) {
      const res = await again;
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ORDER_TEXTS.quoteAlreadyPaid);
    }
    expect(await credits(s)).toBe(6000);
    await ledgerIsConsistent();
  });

  it('a declined saved card moves nothing, and its retry answers the same decline', async () => {
    const { s, cards } = await customerWithSavedCard(DECLINE_LATER);
    expect(await credits(s)).toBe(1000);
    const pqid = await quote(s, 5000, 0);
    const body = { pqid, card_id: cards[0].id, idempotency_key: 'decline-1' };
    const first = await as(s).post('/ajax/cart/executeRecurringPayment', body);
    expect(first.statusCode).toBe(402);
    expect(first.json()).toMatchObject({ status: 'ERROR', message: ORDER_TEXTS.cardDeclined });
    expect(first.json().results.payment.status).toBe('declined');
    const retry = await as(s).post('/ajax/cart/executeRecurringPayment', body);
    expect(retry.statusCode).toBe(402);
    expect(retry.json().results.payment.key).toBe(first.json().results.payment.key);
    expect(await credits(s)).toBe(1000);
  });

  it("refuses another user's card or quote, a tampered quote and a reused key", async () => {
    const { s, cards } = await customerWithSavedCard();
    const other = await signUp(t.app);
    const notMine = await as(other).post('/ajax/cart/executeRecurringPayment', {
      pqid: await quote(other),
      card_id: cards[0].id,
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe(ORDER_TEXTS.savedCardNotFound);
    const theirQuote = await as(s).post('/ajax/cart/executeRecurringPayment', {
      pqid: await quote(other),
      card_id: cards[0].id,
    });
    expect(theirQuote.statusCode).toBe(403);
    expect(theirQuote.json().message).toBe(ORDER_TEXTS.paymentAccountMismatch);
    const tampered = await as(s).post('/ajax/cart/executeRecurringPayment', { pqid: 'x.y', card_id: cards[0].id });
    expect(tampered.statusCode).toBe(400);
    expect((await as(s).post('/ajax/cart/executeRecurringPayment', { pqid: 'x.y' })).statusCode).toBe(400);
    await as(s).post('/ajax/cart/executeRecurringPayment', {
      pqid: await quote(s, 100, 0),
      card_id: cards[0].id,
      idempotency_key: 'k',
    });
    const reused = await as(s).post('/ajax/cart/executeRecurringPayment', {
      pqid: await quote(s, 200, 0),
      card_id: cards[0].id,
      idempotency_key: 'k',
    });
    expect(reused.statusCode).toBe(422);
    expect(await credits(s)).toBe(1000 + 100);
    expect(await credits(other)).toBe(0);
  });
});

describe('wire transfer', () => {
  it('stays pending until an admin marks it received, which credits exactly once', async () => {
    const s = await signUp(t.app);
    const pqid = await quote(s, 20000, 4000);
    const res = await as(s).post('/ajax/cart/wiretransferapply', { pqid });
    expect(res.statusCode, res.body).toBe(200);
    const { payment, bankDetails, reference } = res.json().results as {
      payment: PaymentData;
      bankDetails: Record<string, string>;
      reference: string;
    };
    expect(payment).toMatchObject({ method: 'wire', status: 'pending', totalCredits: 24000, reference });
    expect(reference).toMatch(/^PAR-[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(bankDetails.iban).toBeTruthy();
    // applying again for the same quote answers the same payment
    expect((await as(s).post('/ajax/cart/wiretransferapply', { pqid })).json().results.payment.key).toBe(payment.key);
    expect(await credits(s)).toBe(0);

    const list = await as(admin).get('/api/2/admin/payments?status=pending&method=wire');
    expect(list.statusCode).toBe(200);
    const listed = (list.json().data as AdminPaymentData[]).find((p) => p.key === payment.key);
    expect(listed?.user).toEqual({ id: s.user.id, name: s.user.name, email: s.user.email });
    expect(list.json().totalCount).toBeGreaterThanOrEqual(1);

    const marked = await as(admin).post(`/api/2/admin/payments/${payment.key}/received`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().results).toMatchObject({ status: 'received', invoiceId: expect.any(Number) });
    expect(await credits(s)).toBe(20000);
    const twice = await as(admin).post(`/api/2/admin/payments/${payment.key}/received`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ORDER_TEXTS.paymentNotPending);
    const both = await Promise.all([1, 2].map(() => as(admin).post(`/api/2/admin/payments/${payment.key}/received`)));
    expect(both.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(await credits(s)).toBe(20000);
    expect(await invoiceCount(s.user.id)).toBe(1);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.wire_received'), eq(auditLog.targetId, payment.key)));
    expect(audits).toHaveLength(1);
    expect(audits[0].actorId).toBe(admin.user.id);
    expect((await paymentOf(s, payment.key)).status).toBe('received');
    await ledgerIsConsistent();
  });

  it('marking received at the same time from two requests credits once', async () => {
    const s = await signUp(t.app);
    const { payment } = (await as(s).post('/ajax/cart/wiretransferapply', { pqid: await quote(s, 3000, 0) })).json()
      .results;
    const answers = await Promise.all(
      [1, 2, 3].map(() => as(admin).post(`/api/2/admin/payments/${payment.key}/received`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await credits(s)).toBe(3000);
    await ledgerIsConsistent();
  });

  it('an admin can cancel a pending wire; a cancelled one cannot be received; a card payment is not a wire', async () => {
    const s = await signUp(t.app);
    const { payment } = (await as(s).post('/ajax/cart/wiretransferapply', { pqid: await quote(s) })).json().results;
    const cancelled = await as(admin).post(`/api/2/admin/payments/${payment.key}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().results.status).toBe('cancelled');
    expect((await as(admin).post(`/api/2/admin/payments/${payment.key}/received`)).statusCode).toBe(409);
    expect((await as(admin).post(`/api/2/admin/payments/${payment.key}/cancel`)).statusCode).toBe(409);
    const { key } = await startCheckout(s);
    expect((await as(admin).post(`/api/2/admin/payments/${key}/received`)).statusCode).toBe(400);
    expect((await as(admin).post('/api/2/admin/payments/unknown/received')).statusCode).toBe(404);
    expect(await credits(s)).toBe(0);
  });

  it("refuses another user's quote and a tampered one", async () => {
    const s = await signUp(t.app);
    const other = await signUp(t.app);
    const res = await as(other).post('/ajax/cart/wiretransferapply', { pqid: await quote(s) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ORDER_TEXTS.paymentAccountMismatch);
    expect((await as(s).post('/ajax/cart/wiretransferapply', { pqid: 'tampered' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/ajax/cart/wiretransferapply', ...form({ pqid: 'x' }) })).statusCode,
    ).toBe(401);
  });

  it('only admins may call the admin payment calls', async () => {
    const s = await signUp(t.app);
    const { payment } = (await as(s).post('/ajax/cart/wiretransferapply', { pqid: await quote(s) })).json().results;
    const calls = [
      { method: 'GET' as const, url: '/api/2/admin/payments' },
      { method: 'POST' as const, url: `/api/2/admin/payments/${payment.key}/received` },
      { method: 'POST' as const, url: `/api/2/admin/payments/${payment.key}/cancel` },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await as(s).inject(call)).statusCode, call.url).toBe(404);
      expect((await as(translator).inject(call)).statusCode, call.url).toBe(404);
    }
    // an admin's state change needs the CSRF header like every other
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/2/admin/payments/${payment.key}/received`,
      headers: { cookie: admin.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await paymentRow(payment.key)).status).toBe('pending');
    expect(await credits(s)).toBe(0);
  });
});

describe('GET /api/2/payments/{key}', () => {
  it('answers the owner only; guests 401; unknown 404', async () => {
    const s = await signUp(t.app);
    const { key } = await startCheckout(s);
    expect((await as(s).get(`/api/2/payments/${key}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/2/payments/${key}` })).statusCode).toBe(401);
    const unknown = await as(s).get('/api/2/payments/unknown');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ORDER_TEXTS.paymentNotFound);
    const body = (await as(s).get(`/api/2/payments/${key}`)).json().results;
    expect(Object.keys(body)).not.toContain('idempotencyKey');
    expect(Object.keys(body)).not.toContain('providerRef');
  });
});

describe('the OpenAPI document', () => {
  it('describes the payment calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/2/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    for (const path of [
      '/api/2/cart/vendorurl',
      '/api/2/payments/{key}',
      '/api/2/account/cards',
      '/api/2/account/cards/{id}',
      '/ajax/cart/executeRecurringPayment',
      '/ajax/cart/wiretransferapply',
      '/api/2/admin/payments',
      '/api/2/admin/payments/{key}/received',
      '/sandbox/checkout/{key}',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('one quote is charged at most once, whatever the way of paying', () => {
  const paymentsOf = (userId: number) => db().select().from(payments).where(eq(payments.userId, userId));
  const recurring = (s: TestSession, pqid: string, cardId: number, key?: string) =>
    as(s).inject({
      method: 'POST',
      url: '/ajax/cart/executeRecurringPayment',
      ...form({ pqid, card_id: cardId }),
      headers: { ...form({}).headers, ...(key ? { 'idempotency-key': key } : {}) },
    });

  it('20 concurrent saved-card charges with 20 keys: one payment, one invoice, the others 409', async () => {
    const { s, cards } = await customerWithSavedCardFn();
    const invoicesBefore = await invoiceCount(s.user.id);
    const pqid = await quote(s, 5000, 1000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => recurring(s, pqid, cards[0].id, `concurrent-${i}`)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(19).fill(409)]);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json()).toMatchObject({ status: 'ERROR', message: ORDER_TEXTS.quoteAlreadyPaid });
    }
    const charged = (await paymentsOf(s.user.id)).filter((p) => p.method === 'saved_card');
    expect(charged).toHaveLength(1);
    expect(charged[0].status).toBe('approved');
    expect(await invoiceCount(s.user.id)).toBe(invoicesBefore + 1);
    expect(await credits(s)).toBe(1000 + 5000);
    await ledgerIsConsistent();
  });

  it('sequential saved-card charges with keys a, b and none: charged once', async () => {
    const { s, cards } = await customerWithSavedCardFn();
    const pqid = await quote(s, 3000, 0);
    expect((await recurring(s, pqid, cards[0].id, 'a')).statusCode).toBe(200);
    expect((await recurring(s, pqid, cards[0].id, 'b')).statusCode).toBe(409);
    expect((await recurring(s, pqid, cards[0].id)).statusCode).toBe(409);
    expect(await credits(s)).toBe(1000 + 3000);
  });

  it('a paid quote opens no card checkout and no wire transfer; a paid card checkout blocks the saved card', async () => {
    const { s, cards } = await customerWithSavedCardFn();
    const pqid = await quote(s, 2000, 0);
    expect((await recurring(s, pqid, cards[0].id, 'first')).statusCode).toBe(200);
    const card = await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(pqid)}`);
    expect(card.statusCode).toBe(409);
    expect(card.json().message).toBe(ORDER_TEXTS.quoteAlreadyPaid);
    const wire = await as(s).post('/ajax/cart/wiretransferapply', { pqid });
    expect(wire.statusCode).toBe(409);
    expect(wire.json().message).toBe(ORDER_TEXTS.quoteAlreadyPaid);

    const pqid2 = await quote(s, 2500, 0);
    const checkout = (await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(pqid2)}`)).json().results;
    expect((await submitCard(s, checkout.payment, APPROVE)).statusCode).toBe(303);
    expect((await recurring(s, pqid2, cards[0].id, 'after-card')).statusCode).toBe(409);
    expect((await as(s).post('/ajax/cart/wiretransferapply', { pqid: pqid2 })).statusCode).toBe(409);
    expect(await credits(s)).toBe(1000 + 2000 + 2500);
  });

  it('a pending wire transfer holds the quote; an open card checkout is replaced by a saved card or a wire', async () => {
    const { s, cards } = await customerWithSavedCardFn();
    const wired = await quote(s, 4000, 0);
    expect((await as(s).post('/ajax/cart/wiretransferapply', { pqid: wired })).statusCode).toBe(200);
    for (const res of [
      await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(wired)}`),
      await recurring(s, wired, cards[0].id, 'over-wire'),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ORDER_TEXTS.quoteWireWaiting);
    }

    const pqid = await quote(s, 1500, 0);
    const checkout = (await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(pqid)}`)).json().results;
    expect((await recurring(s, pqid, cards[0].id, 'instead')).statusCode).toBe(200);
    expect((await paymentRow(checkout.payment)).status).toBe('cancelled');
    // the abandoned hosted page cannot charge the quote any more
    const late = await submitCard(s, checkout.payment, APPROVE);
    expect(late.statusCode).toBe(303);
    expect(await credits(s)).toBe(1000 + 1500);

    const pqid3 = await quote(s, 700, 0);
    const checkout3 = (await as(s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(pqid3)}`)).json().results;
    expect((await as(s).post('/ajax/cart/wiretransferapply', { pqid: pqid3 })).statusCode).toBe(200);
    expect((await paymentRow(checkout3.payment)).status).toBe('cancelled');
  });

  it('the database itself refuses a second live payment of one quote', async () => {
    const s = await signUp(t.app);
    const row = {
      userId: s.user.id,
      method: 'card' as const,
      purpose: 'credits' as const,
      amountCredits: 100,
      quoteRef: 'same-quote',
    };
    await db()
      .insert(payments)
      .values({ ...row, key: 'db-uq-1', status: 'approved' });
    await expect(
      db()
        .insert(payments)
        .values({ ...row, key: 'db-uq-2', status: 'pending' }),
    ).rejects.toThrow();
    // a declined attempt does not hold the quote
    await db()
      .insert(payments)
      .values({ ...row, key: 'db-uq-3', status: 'declined' });
  });
});

describe('refund of a cancelled project to a sandbox card', () => {
  it('goes back to the card that paid, kept in the database; credits stay the default', async () => {
    const customer = await newCustomer(t.app, 0);
    const { key } = await startCheckout(customer.session, 50000, 0);
    expect((await submitCard(customer.session, key, APPROVE)).statusCode).toBe(303);
    const projectId = await paidProject(t.app, customer);
    const project = await projectRow(t.app, projectId);
    const options = (await customer.api.get(`/api/2/projects/${projectId}/refund-options`)).json().results;
    expect(options.card).toEqual({ brand: 'Visa', last4: '4242', label: 'Visa ending 4242' });
    const before = await credits(customer.session);
    const res = await customer.api.post(`/api/2/projects/${projectId}/cancel`, { refund_to: 'card' });
    expect(res.statusCode, res.body).toBe(200);
    const [refund] = await db().select().from(cardRefunds).where(eq(cardRefunds.projectId, projectId));
    expect(refund).toMatchObject({
      status: 'succeeded',
      amountCredits: project.priceCredits + project.vatCredits,
      providerRef: expect.stringMatching(/^sbx_re_/),
    });
    expect((await paymentRow(key)).refundedCredits).toBe(project.priceCredits + project.vatCredits);
    expect(await credits(customer.session)).toBe(before);
    // an admin cancelling cannot choose the customer's card
    const other = await paidProject(t.app, customer);
    const byAdmin = await as(admin).post(`/api/2/projects/${other}/cancel`, { refund_to: 'card' });
    expect(byAdmin.statusCode).toBe(403);
    await ledgerIsConsistent();
  });
});
