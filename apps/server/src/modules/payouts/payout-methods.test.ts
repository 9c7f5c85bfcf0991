import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIban, PAYOUT_METHOD_TEXTS, type PayoutList } from '@parlance/shared';
import { eq } from 'drizzle-orm';
import { auditLog, userMessages } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { getOrCreateAccount, platformAccount, postTransaction } from '../../platform/ledger';
import { authed, login, loginDemo, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { newTranslator, type Person } from '../projects/projects-test-helpers';

// Payout methods: a translator adds PayPal, a bank wire IBAN and Payoneer (which waits for approval),
// replaces and removes them; finance staff approve or decline the Payoneer payee; nobody else touches
// another user's payee.

let t: TestApp;
let ana: Person;
let ben: Person;
let finance: TestSession;
let support: TestSession;
let customer: TestSession;

const as = (s: TestSession) => authed(t.app, s);
const methodsOf = async (p: Person) =>
  ((await p.api.get('/api/2/account/convert/requests')).json() as PayoutList).methods;
const add = (p: Person, method: string, account: string) =>
  p.api.postJson('/api/2/account/convert/methods', { method, account });

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  finance = await login(t.app, 'finance@parlance.test', DEMO_PASSWORD);
  support = await login(t.app, 'support@parlance.test', DEMO_PASSWORD);
  customer = await loginDemo(t.app, 'customer');
  ana = await newTranslator(t.app);
  ben = await newTranslator(t.app);
  const db = t.app.deps.db;
  await postTransaction(db, {
    kind: 'release',
    description: 'earnings for the test',
    entries: [
      { account: await getOrCreateAccount(db, ana.id, 'translator_available'), amount: 50_000 },
      { account: await platformAccount(db, 'platform_revenue'), amount: -50_000 },
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('IBAN check', () => {
  it('accepts real IBANs with or without spaces and refuses a wrong check digit', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('DE88370400440532013000')).toBe(false);
    expect(isValidIban('1234')).toBe(false);
  });
});

describe('payout methods', () => {
  it('adds PayPal and a wire IBAN at once active, and Payoneer waiting for approval', async () => {
    expect((await add(ana, 'paypal', 'ana@paypal.test')).json()).toEqual({
      method: 'paypal',
      account: 'ana@paypal.test',
      status: 'active',
    });
    expect((await add(ana, 'wire', 'de89 3704 0044 0532 0130 00')).json()).toMatchObject({
      account: 'DE89370400440532013000',
      status: 'active',
    });
    expect((await add(ana, 'payoneer', 'ana@payoneer.test')).json()).toMatchObject({ status: 'pending' });
    const methods = await methodsOf(ana);
    expect(methods.map((m) => `${m.method}:${m.status}`).sort()).toEqual([
      'payoneer:pending',
      'paypal:active',
      'wire:active',
    ]);
    expect((await ana.api.get(`/api/2/account/${ana.id}/payee/status`)).json()).toEqual({
      status: 'pending',
      account: 'ana@payoneer.test',
    });
  });

  it('refuses bad accounts with the field message and changes nothing', async () => {
    const before = await methodsOf(ana);
    const wire = await add(ana, 'wire', 'DE88370400440532013000');
    expect(wire.statusCode).toBe(400);
    expect(wire.json().errors.account).toBe(PAYOUT_METHOD_TEXTS.iban);
    const paypal = await add(ana, 'paypal', 'not an email');
    expect(paypal.json().errors.account).toBe(PAYOUT_METHOD_TEXTS.email);
    expect((await add(ana, 'bitcoin', 'x@y.z')).statusCode).toBe(400);
    expect((await add(ana, 'paypal', `${'a'.repeat(120)}@x.io`)).statusCode).toBe(400);
    expect(await methodsOf(ana)).toEqual(before);
    // a customer has no payout methods
    expect(
      (await as(customer).postJson('/api/2/account/convert/methods', { method: 'paypal', account: 'c@x.io' }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a payout to a Payoneer payee that is not approved', async () => {
    const res = await ana.api.inject({
      method: 'POST',
      url: '/api/2/account/convert/request',
      payload: { amount: 5_000, method: 'payoneer' },
      headers: { 'idempotency-key': 'p-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYOUT_METHOD_TEXTS.notActive);
  });

  it('support staff read the payee but may not change it; other translators and customers get 404', async () => {
    expect((await as(support).get(`/api/2/account/${ana.id}/payee/status`)).json()).toMatchObject({
      status: 'pending',
    });
    const change = await as(support).postJson(`/api/2/admin/payoneer/translator/${ana.id}/change-status`, {
      status: 'active',
    });
    expect(change.statusCode).toBe(403);
    expect((await ben.api.get(`/api/2/account/${ana.id}/payee/status`)).statusCode).toBe(404);
    expect((await as(customer).get(`/api/2/account/${ana.id}/payee/status`)).statusCode).toBe(404);
    expect(
      (await as(customer).postJson(`/api/2/admin/payoneer/translator/${ana.id}/change-status`, { status: 'active' }))
        .statusCode,
    ).toBe(404);
    expect((await ben.api.inject({ method: 'DELETE', url: `/api/2/account/${ana.id}/payee/unlink` })).statusCode).toBe(
      404,
    );
  });

  it('finance approves the payee: listed while waiting, the translator is told, payouts to it work', async () => {
    const waiting = (await as(finance).get('/api/2/admin/payoneer/payees')).json().data as { userId: number }[];
    expect(waiting.map((w) => w.userId)).toContain(ana.id);
    const bad = await as(finance).postJson(`/api/2/admin/payoneer/translator/${ana.id}/change-status`, {
      status: 'gone',
    });
    expect(bad.statusCode).toBe(400);
    const none = await as(finance).postJson(`/api/2/admin/payoneer/translator/${ben.id}/change-status`, {
      status: 'active',
    });
    expect(none.statusCode).toBe(404);
    const ok = await as(finance).postJson(`/api/2/admin/payoneer/translator/${ana.id}/change-status`, {
      status: 'active',
    });
    expect(ok.json()).toEqual({ status: 'active', account: 'ana@payoneer.test' });
    const after = (await as(finance).get('/api/2/admin/payoneer/payees')).json().data as { userId: number }[];
    expect(after.map((w) => w.userId)).not.toContain(ana.id);
    const told = await t.app.deps.db.select().from(userMessages).where(eq(userMessages.userId, ana.id));
    expect(told.map((m) => m.subject)).toContain('Payoneer: active');
    const audited = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'payee.status'));
    expect(audited).toHaveLength(1);
    const res = await ana.api.inject({
      method: 'POST',
      url: '/api/2/account/convert/request',
      payload: { amount: 5_000, method: 'payoneer' },
      headers: { 'idempotency-key': 'p-2' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('removes a method only when no payout by it is on its way; unlinks Payoneer the same way', async () => {
    const busy = await ana.api.inject({ method: 'DELETE', url: `/api/2/account/${ana.id}/payee/unlink` });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(PAYOUT_METHOD_TEXTS.inUse);
    const wire = await ana.api.delete('/api/2/account/convert/methods/wire');
    expect(wire.json()).toEqual({ removed: 'wire' });
    expect((await ana.api.delete('/api/2/account/convert/methods/wire')).statusCode).toBe(404);
    expect((await ana.api.delete('/api/2/account/convert/methods/cash')).statusCode).toBe(400);
    expect((await methodsOf(ana)).map((m) => m.method).sort()).toEqual(['payoneer', 'paypal']);
    // replacing the Payoneer account asks for approval again
    expect((await add(ana, 'payoneer', 'ana2@payoneer.test')).json()).toMatchObject({ status: 'pending' });
  });
});
