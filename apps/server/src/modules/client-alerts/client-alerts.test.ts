import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ALERT_TEXTS, type ClientAlertAnswer } from '@parlance/shared';
import { auditLog, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { verifyLedger } from '../../platform/ledger';
import { authed, form, login, loginDemo, type TestSession } from '../../test/auth-helpers';
import { CapturingMailer, createTestApp, type TestApp } from '../../test/harness';
import { signCreditsQuote } from '../pricing/quote-token';
import {
  newCustomer,
  newTranslator,
  paidProject,
  type Person,
  takeAndDeliver,
} from '../projects/projects-test-helpers';
import { hashRequest } from '../../platform/ledger';
import { computeCart } from '../cart/cart';
import { addCartOrder } from '../cart/cart-test-helpers';
import { payCartWithCredits } from '../cart/pay-with-credits';
import { nestBracketKeys } from './routes';

let t: TestApp;
let mailer: CapturingMailer;
let admin: TestSession;
let finance: TestSession;
let customer: Person;
let manager: { id: number; email: string };

const URL = '/api/2/adminsetting/alert/notification';
const SALES = 'sales@parlance.test';
const SUPPORT = 'support@parlance.test';

beforeAll(async () => {
  mailer = new CapturingMailer();
  t = await createTestApp({}, { mailer, demo: true });
  admin = await loginDemo(t.app, 'admin');
  finance = await login(t.app, 'finance@parlance.test', DEMO_PASSWORD);
  customer = await newCustomer(t.app, 2_000_000);
  const [am] = await t.database.db.select().from(users).where(eq(users.email, 'finance@parlance.test'));
  manager = { id: am.id, email: am.email };
  await t.database.db.update(users).set({ accountManagerId: am.id }).where(eq(users.id, customer.id));
});
afterAll(async () => {
  await t?.close();
});

const as = (s: TestSession) => authed(t.app, s);
const read = async (userId: number): Promise<ClientAlertAnswer> => {
  const res = await as(admin).get(`${URL}?user_id=${userId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
};
const saveForm = (s: TestSession, fields: Record<string, string | number>) =>
  t.app.inject({
    method: 'POST',
    url: URL,
    ...(() => {
      const f = form(fields);
      return { payload: f.payload, headers: { ...f.headers, cookie: s.cookie, 'x-csrf-token': s.csrf } };
    })(),
  });
const mailsTo = (to: string, since: number) => mailer.sent.slice(since).filter((m) => m.to === to);

describe('GET|POST /api/2/adminsetting/alert/notification', () => {
  it('answers the defaults (account manager and support) before anything is saved', async () => {
    const r = await read(customer.id);
    expect(r.saved).toBe(false);
    expect(r.user.id).toBe(customer.id);
    expect(r.settings.dispute).toEqual({ am: true, sales: false, support: true });
    expect(r.recipients).toEqual({ am: manager.email, sales: SALES, support: SUPPORT });
  });

  it('saves the form-encoded flags per alert, keeps the alerts not sent, and audits the change', async () => {
    const res = await saveForm(admin, {
      user_id: customer.id,
      'settings[dispute][am]': '0',
      'settings[dispute][sales]': '1',
      'settings[dispute][support]': '1',
      'settings[wire_transfer][sales]': '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const r: ClientAlertAnswer = res.json().results;
    expect(r.saved).toBe(true);
    expect(r.settings.dispute).toEqual({ am: false, sales: true, support: true });
    // an unticked flag is not sent: off
    expect(r.settings.wire_transfer).toEqual({ am: false, sales: true, support: false });
    expect(r.settings.low_balance).toEqual({ am: true, sales: false, support: true });
    expect(await read(customer.id)).toEqual(r);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.client_alerts'), eq(auditLog.targetId, String(customer.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0].details).toMatchObject({ after: { dispute: { sales: true, am: false } } });
  });

  it('accepts JSON too', async () => {
    const other = await newCustomer(t.app, 0);
    const res = await as(admin).postJson(URL, {
      user_id: other.id,
      settings: { low_balance: { am: false, sales: true, support: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.settings.low_balance).toEqual({ am: false, sales: true, support: false });
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const before = await read(customer.id);
    const bad: Record<string, string | number>[] = [
      { 'settings[dispute][am]': '1' },
      { user_id: 'abc' },
      { user_id: -1 },
      { user_id: customer.id, 'settings[nosuch][am]': '1' },
      { user_id: customer.id, 'settings[dispute][boss]': '1' },
      { user_id: customer.id, 'settings[dispute][am]': 'maybe' },
    ];
    for (const fields of bad) {
      const res = await saveForm(admin, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message ?? res.body).toBeTruthy();
    }
    expect((await saveForm(admin, { user_id: customer.id, 'settings[nosuch][am]': '1' })).body).toContain(
      CLIENT_ALERT_TEXTS.unknownAlert,
    );
    expect((await as(admin).get(`${URL}`)).statusCode).toBe(400);
    expect((await as(admin).get(`${URL}?user_id=x`)).statusCode).toBe(400);
    expect(await read(customer.id)).toEqual(before);
  });

  it('is for customers only: a translator, an admin or an unknown id is 404', async () => {
    const translator = await newTranslator(t.app);
    for (const id of [translator.id, admin.user.id, 999_999]) {
      expect((await as(admin).get(`${URL}?user_id=${id}`)).statusCode).toBe(404);
      expect((await saveForm(admin, { user_id: id, 'settings[dispute][am]': '1' })).statusCode).toBe(404);
    }
  });

  it('admins only: customers and translators 404, guests 401, staff without settings.write 403 on save', async () => {
    const translator = await newTranslator(t.app);
    for (const who of [customer.session, translator.session]) {
      expect((await as(who).get(`${URL}?user_id=${customer.id}`)).statusCode).toBe(404);
      expect((await saveForm(who, { user_id: customer.id, 'settings[dispute][am]': '1' })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `${URL}?user_id=${customer.id}` })).statusCode).toBe(401);
    // finance reads the back office but does not change settings
    expect((await as(finance).get(`${URL}?user_id=${customer.id}`)).statusCode).toBe(200);
    expect((await saveForm(finance, { user_id: customer.id, 'settings[dispute][am]': '1' })).statusCode).toBe(403);
  });
});

describe('alerts are routed by the settings', () => {
  it('a dispute mails sales and support (as set), not the account manager', async () => {
    const translator = await newTranslator(t.app);
    const id = await paidProject(t.app, customer, { words: 100 });
    await takeAndDeliver(translator, id);
    const since = mailer.sent.length;
    const res = await customer.api.postJson(`/api/2/projects/${id}/dispute`, { reason: 'Pages missing.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(mailsTo(SALES, since)).toHaveLength(1);
    expect(mailsTo(SUPPORT, since)).toHaveLength(1);
    expect(mailsTo(manager.email, since)).toHaveLength(0);
    expect(mailsTo(SALES, since)[0].subject).toContain(`project #${id} disputed`);
    expect(mailsTo(SALES, since)[0].text).toContain('Pages missing.');
  });

  it('a wire transfer started mails sales only (as set), once per payment', async () => {
    const pqid = await signCreditsQuote(t.app.deps, { userId: customer.id, amountCredits: 10_000, vatCredits: 0 });
    const since = mailer.sent.length;
    expect((await customer.api.post('/ajax/cart/wiretransferapply', { pqid })).statusCode).toBe(200);
    expect((await customer.api.post('/ajax/cart/wiretransferapply', { pqid })).statusCode).toBe(200);
    expect(mailsTo(SALES, since)).toHaveLength(1);
    expect(mailsTo(SUPPORT, since)).toHaveLength(0);
    expect(mailsTo(SALES, since)[0].subject).toContain('100.00 USD');
  });

  it('low balance with the defaults: the account manager and support, when a payment crosses 50 USD', async () => {
    // the price of this order, learnt from another customer
    const probe = await newCustomer(t.app, 1_000_000);
    await paidProject(t.app, probe, { words: 200, targets: ['spanish'] });
    const price =
      1_000_000 -
      (await probe.api.get('/api/2/account/statement/get?date_from=2000-01-01&date_to=2100-01-01')).json().balance;
    const low = await newCustomer(t.app, price + 4_000);
    await t.database.db.update(users).set({ accountManagerId: manager.id }).where(eq(users.id, low.id));
    const since = mailer.sent.length;
    // paid as the cart route pays: with the alert mailboxes among the payment's effects
    await addCartOrder(t.database.db, low.id, { words: 200, targets: ['spanish'] });
    const now = t.app.deps.clock.now();
    const cart = await computeCart(t.database.db, low.id, now);
    const paid = await payCartWithCredits(
      t.database.db,
      { userId: low.id, ck: cart.ck, idempotencyKey: 'low-1', requestHash: hashRequest({ low: 1 }), now },
      { bus: t.app.deps.bus, mailer, logger: t.app.deps.logger, publicUrl: '', alertBoxes: t.app.deps.config },
    );
    expect(paid.body.balance).toBe(4_000);
    const alerts = mailer.sent.slice(since).filter((m) => m.subject.includes('Credits running low'));
    expect(alerts.map((m) => m.to).sort()).toEqual([manager.email, SUPPORT].sort());
  });

  it('leaves the ledger consistent', async () => {
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });
});

describe('nestBracketKeys', () => {
  it('nests form keys and leaves the rest', () => {
    expect(nestBracketKeys({ user_id: '5', 'settings[dispute][am]': '1', 'settings[dispute][sales]': '0' })).toEqual({
      user_id: '5',
      settings: { dispute: { am: '1', sales: '0' } },
    });
    expect(nestBracketKeys('x')).toBe('x');
    expect(nestBracketKeys({ 'a[b]': ['1', '2'] })).toEqual({ a: { b: '2' } });
  });
});
