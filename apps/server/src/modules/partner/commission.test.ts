import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerReport } from '@parlance/shared';
import { ledgerTransactions, partnerCommissions, referrals } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { balanceOfOwner, verifyLedger } from '../../platform/ledger';
import { authed, login, signUp, TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { giveCredits } from '../cart/cart-test-helpers';
import {
  detailOf,
  newCustomer,
  newTranslator,
  paidProject,
  type Person,
  projectRow,
  takeAndDeliver,
} from '../projects/projects-test-helpers';
import { creditClearedCommissions, creditCommission } from './commission';

// The partner's commission is credited through the ledger when a referred customer's project
// clears (COMPLETED), once, on the price less any refund; a cancel before that credits nothing.

let t: TestApp;
let admin: Person;
let finance: Person;
let translator: Person;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  const a = await login(t.app, 'admin@parlance.test', DEMO_PASSWORD);
  admin = { session: a, id: a.user.id, api: authed(t.app, a) };
  const f = await login(t.app, 'finance@parlance.test', DEMO_PASSWORD);
  finance = { session: f, id: f.user.id, api: authed(t.app, f) };
  translator = await newTranslator(t.app, { pairs: [['american-english', 'spanish']] });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const today = () => new Date().toISOString().slice(0, 10);
const credits = (id: number) => balanceOfOwner(db(), id, 'customer_credits');
const run = () => creditClearedCommissions(t.app.deps, new Date());

async function report(p: Person): Promise<PartnerReport> {
  const res = await p.api.get(`/api/2/account/partner?startDate=${today()}&endDate=${today()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

/** A customer who signed up through the partner's link, with credits. */
async function referredBy(partner: Person, name = 'Rita Referred'): Promise<Person> {
  const { code } = await report(partner);
  const session = await signUp(t.app, { user_type: 'client', ref: code, full_name: name });
  await giveCredits(db(), session.user.id, 1_000_000);
  return { session, id: session.user.id, api: authed(t.app, session) };
}

async function completed(customer: Person, words = 1000): Promise<number> {
  const id = await paidProject(t.app, customer, { targets: ['spanish'], words });
  await takeAndDeliver(translator, id);
  expect(detailOf(await customer.api.post(`/api/2/projects/${id}/approve`)).status).toBe('COMPLETED');
  return id;
}

describe('partner commission', () => {
  it('is pending while the project is open and credited once when it clears, with a clear statement line', async () => {
    const partner = await newCustomer(t.app, 0);
    const customer = await referredBy(partner, 'Maria de la Cruz');
    const id = await paidProject(t.app, customer, { targets: ['spanish'], words: 1000 });
    const { priceCredits } = await projectRow(t.app, id);
    const expected = Math.floor(priceCredits / 10);
    expect(expected).toBeGreaterThan(0);

    // paid but not cleared: pending, nothing credited, whatever the scheduler does
    expect(await run()).toBe(0);
    expect(await report(partner)).toMatchObject({ commissionPaid: 0, commissionPending: expected });
    expect(await credits(partner.id)).toBe(0);

    await takeAndDeliver(translator, id);
    expect(await run()).toBe(0);
    expect(detailOf(await customer.api.post(`/api/2/projects/${id}/approve`)).status).toBe('COMPLETED');

    // cleared: the scheduled task credits it, and a second run (or a restart) credits nothing more
    const scheduled = await t.app.deps.scheduler.runOnce();
    expect(scheduled.changed['partner.commissions']).toBe(1);
    expect(await credits(partner.id)).toBe(expected);
    expect(await run()).toBe(0);
    expect(await creditCommission(db(), id, 10, new Date())).toBe(0);
    expect(await credits(partner.id)).toBe(expected);
    expect(await report(partner)).toMatchObject({ commissionPaid: expected, commissionPending: 0 });

    // the partner's statement says what it is; it does not link the customer's project
    const statement = await partner.api.get(`/api/2/account/statement/get?date_from=${today()}&date_to=${today()}`);
    const line = statement.json().data.find((r: { actionType: string }) => r.actionType === 'commission');
    expect(line).toMatchObject({
      actionLabel: 'Partner commission',
      description: `Partner commission: 10% of project ${id} of Maria C., referred by you`,
      amount: expected,
      projectId: null,
    });
    const txs = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `project:${id}:commission`));
    expect(txs).toHaveLength(1);
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it('a refund before clearing means no commission; a partial refund lowers the base', async () => {
    const partner = await newCustomer(t.app, 0);
    const customer = await referredBy(partner);
    const cancelled = await paidProject(t.app, customer, { targets: ['spanish'], words: 1000 });
    expect((await report(partner)).commissionPending).toBeGreaterThan(0);
    expect(detailOf(await customer.api.post(`/api/2/projects/${cancelled}/cancel`)).status).toBe('CANCELLED');
    expect((await report(partner)).commissionPending).toBe(0);
    expect(await run()).toBe(0);
    expect(await credits(partner.id)).toBe(0);

    // disputed, then resolved with 1,000 credits back: the commission is on what the customer kept
    const id = await paidProject(t.app, customer, { targets: ['spanish'], words: 3000 });
    const { priceCredits } = await projectRow(t.app, id);
    await takeAndDeliver(translator, id);
    const disputed = await customer.api.postJson(`/api/2/projects/${id}/dispute`, {
      reason: 'Half of the text is untranslated.',
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(await run()).toBe(0);
    const resolved = await admin.api.postJson(`/api/2/admin/projects/${id}/resolve`, {
      outcome: 'partial',
      refundCredits: 1000,
    });
    expect(detailOf(resolved).status).toBe('COMPLETED');
    expect(await run()).toBe(1);
    expect(await credits(partner.id)).toBe(Math.floor((priceCredits - 1000) / 10));
    const [row] = await db().select().from(partnerCommissions).where(eq(partnerCommissions.projectId, id));
    expect(row).toMatchObject({ baseCredits: priceCredits - 1000, basisPoints: 1000, status: 'credited' });
  });

  it('two clears of the same project at once credit it once', async () => {
    const partner = await newCustomer(t.app, 0);
    const customer = await referredBy(partner);
    const ids = [await completed(customer), await completed(customer, 2000)];
    const now = new Date();
    // the same project judged by two runs at the same moment (two instances, a retry), twice over
    const answers = await Promise.all([
      creditCommission(db(), ids[0], 10, now),
      creditCommission(db(), ids[0], 10, now),
      creditClearedCommissions(t.app.deps, now),
      creditClearedCommissions(t.app.deps, now),
    ]);
    const rows = await db().select().from(partnerCommissions).where(eq(partnerCommissions.partnerId, partner.id));
    expect(rows.map((r) => r.projectId).sort()).toEqual([...ids].sort());
    const expected = rows.reduce((sum, r) => sum + r.commissionCredits, 0);
    expect(await credits(partner.id)).toBe(expected);
    // the two direct calls credited it at most once between them (a scheduled run may have come first)
    const first = rows.find((r) => r.projectId === ids[0])?.commissionCredits;
    expect([0, first]).toContain(answers[0] + answers[1]);
    const posted = await db()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'commission')));
    for (const id of ids) {
      expect(posted.filter((p) => p.idempotencyKey === `project:${id}:commission`)).toHaveLength(1);
    }
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it('a translator partner is credited to their available earnings', async () => {
    const partner = await newTranslator(t.app, { pairs: [] });
    const customer = await referredBy(partner);
    const id = await completed(customer);
    expect(await run()).toBe(1);
    const { priceCredits } = await projectRow(t.app, id);
    expect(await balanceOfOwner(db(), partner.id, 'translator_available')).toBe(Math.floor(priceCredits / 10));
    expect(await credits(partner.id)).toBe(0);
  });
});

describe('customers created for a partner (POST /api/2/account/customers with partnerId)', () => {
  it('count for the partner in the report and earn them commission', async () => {
    const partner = await newCustomer(t.app, 0);
    const email = uniqueEmail('for-partner');
    const res = await finance.api.post('/api/2/account/customers', {
      fullName: 'Paula Partnered',
      email,
      password: TEST_PASSWORD,
      partnerId: String(partner.id),
      credits: '500000',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [ref] = await db().select().from(referrals).where(eq(referrals.referrerId, partner.id));
    expect(ref).toBeDefined();
    const r = await report(partner);
    expect(r.signups).toBe(1);
    expect(r.referred.data.map((d) => d.name)).toEqual(['Paula P.']);

    const session = await login(t.app, email, TEST_PASSWORD);
    const customer = { session, id: session.user.id, api: authed(t.app, session) };
    const id = await completed(customer);
    expect(await run()).toBe(1);
    const { priceCredits } = await projectRow(t.app, id);
    expect(await credits(partner.id)).toBe(Math.floor(priceCredits / 10));
    expect((await report(partner)).commissionPaid).toBe(Math.floor(priceCredits / 10));
  });

  it('an unknown partner creates nothing', async () => {
    const res = await finance.api.post('/api/2/account/customers', {
      fullName: 'Nobody Partnered',
      email: uniqueEmail('nobody'),
      partnerId: '99999999',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('There is no partner with this ID');
  });
});
