import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_ACTION_TEXTS } from '@parlance/shared';
import { auditLog, creditActions, ledgerTransactions } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { verifyLedger } from '../../platform/ledger';
import { authed, login, loginDemo, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../projects/projects-test-helpers';
import type { Logger } from '../../platform/logger';
import { runRecurringCreditActions } from './service';

// Credit actions through the API: finance staff create, edit, save invoices and stop recurring
// actions; every action is a ledger transaction the user sees in their statement; everyone else on
// staff reads them; bad input changes nothing.

let t: TestApp;
let customer: TestSession;
let translator: TestSession;
let finance: TestSession;
let support: TestSession;

const DAY = 24 * 3_600_000;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  customer = await loginDemo(t.app, 'customer');
  translator = await loginDemo(t.app, 'translator');
  finance = await login(t.app, 'finance@parlance.test', DEMO_PASSWORD);
  support = await login(t.app, 'support@parlance.test', DEMO_PASSWORD);
});

afterAll(async () => {
  await t?.close();
});

const as = (s: TestSession) => authed(t.app, s);
const balance = async (uid: number) =>
  (await as(finance).get(`/service/getCreditList?uid=${uid}`)).json().balance as number;
async function counts() {
  const db = t.database.db;
  const [a, c, l] = await Promise.all([
    db.select().from(auditLog),
    db.select().from(creditActions),
    db.select().from(ledgerTransactions),
  ]);
  return { audit: a.length, actions: c.length, ledger: l.length };
}
const today = () => t.clock.now().toISOString().slice(0, 10);

describe('credit actions', () => {
  it('lists reasons per type; an unknown type is refused', async () => {
    const res = await as(finance).get('/api/2/credit_action/action/reason?type=removecredit');
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { id: string }) => r.id)).toContain('Chargeback');
    expect(res.json().rule).toMatchObject({ editable: false, recurring: false });
    expect((await as(finance).get('/api/2/credit_action/action/reason?type=bogus')).statusCode).toBe(400);
    expect((await as(customer).get('/api/2/credit_action/action/reason?type=addcredit')).statusCode).toBe(404);
  });

  it('a finance admin adds credits with a reason: a ledger transaction the customer sees in the statement', async () => {
    const uid = customer.user.id;
    const before = await balance(uid);
    const res = await as(finance).post('/ajax/creditActions/add', {
      uid,
      type: 'addcredit',
      reason: 'Goodwill gesture',
      amount: 1234,
      remarks: 'Ticket 881',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({
      type: 'addcredit',
      reason: 'Goodwill gesture',
      amount: 1234,
      Remarks: 'Ticket 881',
    });
    expect(await balance(uid)).toBe(before + 1234);
    const statement = await as(customer).get(`/api/2/account/statement/get?date_from=${today()}&date_to=${today()}`);
    expect(statement.statusCode).toBe(200);
    expect(JSON.stringify(statement.json())).toContain('Goodwill gesture');
    const list = (await as(support).get(`/service/getCreditList?uid=${uid}`)).json();
    expect(list.canWrite).toBe(false);
    expect(list.results[0]).toMatchObject({
      reason: 'Goodwill gesture',
      'Operator Id': finance.user.id,
      operatorName: 'Fiona Finance',
    });
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });

  it('refuses missing fields, a reason of another type, a balance below zero, and non-finance staff; nothing changes', async () => {
    const uid = customer.user.id;
    const before = await counts();
    const cases: [Record<string, string | number>, string][] = [
      [{ uid, reason: 'Goodwill gesture', amount: 5 }, CREDIT_ACTION_TEXTS.typeRequired],
      [{ uid, type: 'addcredit', amount: 5 }, CREDIT_ACTION_TEXTS.reasonRequired],
      [{ uid, type: 'addcredit', reason: 'Goodwill gesture' }, CREDIT_ACTION_TEXTS.amountRequired],
      [{ uid, type: 'addcredit', reason: 'Chargeback', amount: 5 }, CREDIT_ACTION_TEXTS.reasonNotOfType],
      [{ uid, type: 'addcredit', reason: 'Goodwill gesture', amount: -5 }, CREDIT_ACTION_TEXTS.amountPositive],
      [{ uid, type: 'addcredit', reason: 'Goodwill gesture', amount: '1.5' }, CREDIT_ACTION_TEXTS.amountPositive],
      [
        { uid, type: 'removecredit', reason: 'Chargeback', amount: 5, recurrence: 'monthly' },
        CREDIT_ACTION_TEXTS.notRecurring,
      ],
      [{ uid, type: 'removecredit', reason: 'Chargeback', amount: 999_999_9 }, CREDIT_ACTION_TEXTS.belowZero],
    ];
    for (const [fields, message] of cases) {
      const res = await as(finance).post('/ajax/creditActions/add', fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.body, JSON.stringify(fields)).toContain(message);
    }
    const staff = await as(finance).post('/ajax/creditActions/add', {
      uid: 'admin@parlance.test',
      type: 'addcredit',
      reason: 'Goodwill gesture',
      amount: 5,
    });
    expect(staff.statusCode).toBe(400);
    const nobody = await as(finance).post('/ajax/creditActions/add', {
      uid: 'nobody@x.test',
      type: 'addcredit',
      reason: 'Goodwill gesture',
      amount: 5,
    });
    expect(nobody.statusCode).toBe(404);
    const bySupport = await as(support).post('/ajax/creditActions/add', {
      uid,
      type: 'addcredit',
      reason: 'Goodwill gesture',
      amount: 5,
    });
    expect(bySupport.statusCode).toBe(403);
    const byCustomer = await as(customer).post('/ajax/creditActions/add', {
      uid,
      type: 'addcredit',
      reason: 'Goodwill gesture',
      amount: 5,
    });
    expect(byCustomer.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('removes credits down to zero, never below', async () => {
    const uid = translator.user.id;
    await as(finance).post('/ajax/creditActions/add', {
      uid,
      type: 'addcredit',
      reason: 'Partner agreement',
      amount: 300,
    });
    const all = await balance(uid);
    const res = await as(finance).post('/ajax/creditActions/add', {
      uid,
      type: 'removecredit',
      reason: 'Credits added by mistake',
      amount: all,
    });
    expect(res.statusCode).toBe(200);
    expect(await balance(uid)).toBe(0);
    const again = await as(finance).post('/ajax/creditActions/add', {
      uid,
      type: 'removecredit',
      reason: 'Chargeback',
      amount: 1,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(CREDIT_ACTION_TEXTS.belowZero);
  });

  it('edits only when the edit flag allows; an amount change is a correction child action', async () => {
    const uid = customer.user.id;
    const created = (
      await as(finance).post('/ajax/creditActions/add', {
        uid,
        type: 'addcredit',
        reason: 'Marketing promotion',
        amount: 100,
      })
    ).json().results;
    const before = await balance(uid);
    const edit = await as(finance).post(`/ajax/creditActions/${created.Id}/edit`, {
      reason: 'Goodwill gesture',
      amount: 150,
      remarks: 'raised',
    });
    expect(edit.statusCode).toBe(200);
    expect(await balance(uid)).toBe(before + 50);
    const list = (await as(finance).get(`/service/getCreditList?uid=${uid}`)).json();
    const row = list.results.find((r: { Id: number }) => r.Id === created.Id);
    expect(row).toMatchObject({ reason: 'Goodwill gesture', Remarks: 'raised', editable: true });
    expect(row.childActions).toHaveLength(1);
    expect(row.childActions[0]).toMatchObject({ reason: 'Correction', amount: 50, parentId: created.Id });
    // a second edit back to 100 corrects by -50 (the net of the action and its corrections)
    await as(finance).post(`/ajax/creditActions/${created.Id}/edit`, { reason: 'Goodwill gesture', amount: 100 });
    expect(await balance(uid)).toBe(before);

    const removal = (
      await as(finance).post('/ajax/creditActions/add', {
        uid,
        type: 'removecredit',
        reason: 'Expired promotion',
        amount: 1,
      })
    ).json().results;
    const refused = await as(finance).post(`/ajax/creditActions/${removal.Id}/edit`, {
      reason: 'Chargeback',
      amount: 2,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CREDIT_ACTION_TEXTS.notEditable);
    const badReason = await as(finance).post(`/ajax/creditActions/${created.Id}/edit`, {
      reason: 'Chargeback',
      amount: 100,
    });
    expect(badReason.statusCode).toBe(400);
    expect(
      (await as(finance).post('/ajax/creditActions/999999/edit', { reason: 'Goodwill gesture', amount: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await as(support).post(`/ajax/creditActions/${created.Id}/edit`, { reason: 'Goodwill gesture', amount: 1 }))
        .statusCode,
    ).toBe(403);
  });

  it('saves an invoice id against a buy-credit action only', async () => {
    const uid = customer.user.id;
    const buy = (
      await as(finance).post('/ajax/creditActions/add', {
        uid,
        type: 'buycredit',
        reason: 'Purchase order paid',
        amount: 500,
      })
    ).json().results;
    const add = (
      await as(finance).post('/ajax/creditActions/add', {
        uid,
        type: 'addcredit',
        reason: 'Goodwill gesture',
        amount: 5,
      })
    ).json().results;
    const saved = await as(finance).post('/api/2/credit_action/buy_credit/invoice', {
      creditActionId: buy.Id,
      invoiceId: 'INV-2026-77',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().results.invoiceId).toBe('INV-2026-77');
    const wrong = await as(finance).post('/api/2/credit_action/buy_credit/invoice', {
      creditActionId: add.Id,
      invoiceId: 'X',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(CREDIT_ACTION_TEXTS.noInvoice);
    expect(
      (await as(finance).post('/api/2/credit_action/buy_credit/invoice', { creditActionId: buy.Id, invoiceId: '' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await as(finance).post('/api/2/credit_action/buy_credit/invoice', { creditActionId: 'x', invoiceId: '1' }))
        .statusCode,
    ).toBe(400);
  });

  it('a recurring action runs on schedule (test clock) until stopped', async () => {
    // a customer of its own, without projects: the week the test clock skips would otherwise also
    // refund the demo customer's untaken overdue projects (projects.expire-untaken)
    const uid = (await newCustomer(t.app, 0)).id;
    const created = (
      await as(finance).post('/ajax/creditActions/add', {
        uid,
        type: 'addcredit',
        reason: 'Partner agreement',
        amount: 70,
        recurrence: 'weekly',
      })
    ).json().results;
    const start = await balance(uid);
    // not due yet
    await t.app.deps.scheduler.runOnce();
    expect(await balance(uid)).toBe(start);
    t.clock.advance(7 * DAY + 1000);
    const run = await t.app.deps.scheduler.runOnce();
    expect(run.changed['credit-actions.recurring']).toBeGreaterThanOrEqual(1);
    expect(await balance(uid)).toBe(start + 70);
    // a second run at the same time posts nothing more
    t.clock.advance(61_000);
    await t.app.deps.scheduler.runOnce();
    expect(await balance(uid)).toBe(start + 70);
    const stop = await as(finance).post(`/ajax/creditActions/${created.Id}/stop`);
    expect(stop.statusCode).toBe(200);
    expect((await as(finance).post(`/ajax/creditActions/${created.Id}/stop`)).statusCode).toBe(400);
    t.clock.advance(8 * DAY);
    await t.app.deps.scheduler.runOnce();
    expect(await balance(uid)).toBe(start + 70);
    const row = (await as(finance).get(`/service/getCreditList?uid=${uid}`))
      .json()
      .results.find((r: { Id: number }) => r.Id === created.Id);
    expect(row.childActions).toHaveLength(1);
    expect(row.stoppedAt).not.toBeNull();
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });

  it('a recurring run that fails moves nothing, is logged with its ids, and is tried again', async () => {
    const uid = (await newCustomer(t.app, 0)).id;
    const created = (
      await as(finance).post('/ajax/creditActions/add', {
        uid,
        type: 'addcredit',
        reason: 'Partner agreement',
        amount: 70,
        recurrence: 'weekly',
      })
    ).json().results;
    const start = await balance(uid);
    // a run the ledger refuses: the action now takes more credits than the user has
    await t.database.db
      .update(creditActions)
      .set({ type: 'removecredit', amount: -(start + 1_000) })
      .where(eq(creditActions.id, created.Id));
    const warnings: { context: Record<string, unknown>; message: string }[] = [];
    const logger = {
      warn: (context: Record<string, unknown>, message: string) => warnings.push({ context, message }),
      error: () => undefined,
      info: () => undefined,
    } as unknown as Logger;
    t.clock.advance(7 * DAY + 1000);
    await runRecurringCreditActions({ db: t.database.db, logger }, t.clock.now());
    expect(await balance(uid)).toBe(start);
    const failed = warnings.find((w) => w.context.creditActionId === created.Id);
    expect(failed?.context).toMatchObject({ userId: uid, amount: -(start + 1_000) });
    expect(failed?.message).toMatch(/recurring credit action failed/);
    // nothing was claimed: the next run tries the same due date again
    warnings.length = 0;
    await runRecurringCreditActions({ db: t.database.db, logger }, t.clock.now());
    expect(warnings.some((w) => w.context.creditActionId === created.Id)).toBe(true);
    await as(finance).post(`/ajax/creditActions/${created.Id}/stop`);
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });

  it('shows parked credits of translators; bad user ids are refused', async () => {
    const res = await as(support).get(`/api/2/credit_action/parkedCredits?user_id=${translator.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveProperty('parkedCredits');
    expect((await as(support).get('/api/2/credit_action/parkedCredits?user_id=nobody')).statusCode).toBe(404);
    expect((await as(support).get('/api/2/credit_action/parkedCredits')).statusCode).toBe(400);
  });

  it('every staff change is in the audit log', async () => {
    const rows = await t.database.db.select().from(auditLog);
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ['credit-action.create', 'credit-action.edit', 'credit-action.invoice', 'credit-action.stop'])
      expect(actions.has(a), a).toBe(true);
  });
});
