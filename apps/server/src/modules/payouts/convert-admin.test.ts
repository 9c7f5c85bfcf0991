import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERT_TEXTS, type ConvertList, type ConvertResult, PAYOUT_RAIL_TEXTS } from '@parlance/shared';
import { eq } from 'drizzle-orm';
import { auditLog, payoutMethods, payoutRequestHistory, payoutRequests } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import {
  balanceOfOwner,
  getOrCreateAccount,
  platformAccount,
  postTransaction,
  verifyLedger,
} from '../../platform/ledger';
import { authed, login, loginDemo, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { newTranslator, type Person } from '../projects/projects-test-helpers';
import { pollProvider } from './service';

// The admin's convert table (/convert): finance staff list every payout request with the
// translator's figures, download them as CSV, move them in bulk along the payout state machine and
// pay them out (send to the provider) after typing "payout"; other staff read; nobody else sees it.

let t: TestApp;
let finance: TestSession;
let support: TestSession;
let customer: TestSession;
let demoTranslator: TestSession;
let ana: Person;
let ben: Person;

const as = (s: TestSession) => authed(t.app, s);
const db = () => t.app.deps.db;

async function earn(p: Person, credits: number) {
  await postTransaction(db(), {
    kind: 'release',
    description: 'earnings for the test',
    entries: [
      { account: await getOrCreateAccount(db(), p.id, 'translator_pending'), amount: credits },
      { account: await platformAccount(db(), 'platform_revenue'), amount: -credits },
    ],
  });
  await postTransaction(db(), {
    kind: 'release',
    description: 'released for the test',
    entries: [
      { account: await getOrCreateAccount(db(), p.id, 'translator_available'), amount: credits },
      { account: await getOrCreateAccount(db(), p.id, 'translator_pending'), amount: -credits },
    ],
  });
}

async function request(p: Person, amount: number, method: 'paypal' | 'wire', key: string): Promise<number> {
  const res = await p.api.inject({
    method: 'POST',
    url: '/api/2/account/convert/request',
    payload: { amount, method },
    headers: { 'idempotency-key': key },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

const list = async (s: TestSession, query = ''): Promise<ConvertList> => {
  const res = await as(s).get(`/api/2/admin/convert/requests${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

let anaFirst: number;
let anaSecond: number;
let benWire: number;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  finance = await login(t.app, 'finance@parlance.test', DEMO_PASSWORD);
  support = await login(t.app, 'support@parlance.test', DEMO_PASSWORD);
  customer = await loginDemo(t.app, 'customer');
  demoTranslator = await loginDemo(t.app, 'translator');
  ana = await newTranslator(t.app);
  ben = await newTranslator(t.app);
  await db()
    .insert(payoutMethods)
    .values([
      { userId: ana.id, method: 'paypal', account: 'ana@paypal.test' },
      { userId: ben.id, method: 'wire', account: 'DE89370400440532013000' },
    ]);
  await earn(ana, 50_000);
  await earn(ben, 40_000);
  anaFirst = await request(ana, 10_000, 'paypal', 'a-1');
  anaSecond = await request(ana, 5_000, 'paypal', 'a-2');
  benWire = await request(ben, 30_000, 'wire', 'b-1');
});

afterAll(async () => {
  if (t) expect((await verifyLedger(t.app.deps.db)).ok).toBe(true);
  await t?.close();
});

describe('the convert table', () => {
  it("lists every request with the translator's figures, newest first", async () => {
    const page = await list(finance, `?search=${encodeURIComponent(String(ana.id))}`);
    expect(page.totalCount).toBe(2);
    expect(page.data.map((r) => r.action_id)).toEqual([anaSecond, anaFirst]);
    const first = page.data.find((r) => r.action_id === anaFirst);
    expect(first).toMatchObject({
      user_id: ana.id,
      method: 'paypal',
      // 10,000 credits by PayPal: 2% fee
      convert_amount: '98.00',
      fee_amount: '2.00',
      total: '100.00',
      // 500.00 earned, 150.00 requested
      balance: '350.00',
      sum_earned_credits: '500.00',
      status: 'pending',
      paypal_email: 'ana@paypal.test',
      txn_id: null,
      invoice: null,
    });
    expect(first?.history).toEqual([
      expect.objectContaining({ status: 'pending', initiator_type: 'translator', initiator_id: ana.id }),
    ]);
    // support staff read it too
    expect((await list(support, `?search=${ben.id}`)).data.map((r) => r.action_id)).toEqual([benWire]);
  });

  it('filters by status, method and target-date range, sorts and pages', async () => {
    expect((await list(finance, '?method=wire&search=' + ben.id)).totalCount).toBe(1);
    expect((await list(finance, `?method=paypal&search=${ben.id}`)).totalCount).toBe(0);
    const target = (await list(finance, `?search=${ben.id}`)).data[0].target_date;
    expect((await list(finance, `?from=${target}&to=${target}&search=${ben.id}`)).totalCount).toBe(1);
    expect((await list(finance, `?from=2001-01-01&to=2001-12-31&search=${ben.id}`)).totalCount).toBe(0);
    const byAmount = await list(finance, `?sort=convert_amount&order=asc&search=${ana.id}`);
    expect(byAmount.data.map((r) => r.action_id)).toEqual([anaSecond, anaFirst]);
    const all = await list(finance, '?perPage=all');
    expect(all.totalCount).toBeGreaterThanOrEqual(3);
    expect(all.data).toHaveLength(all.totalCount);
    const paged = await list(finance, `?perPage=50&page=2&search=${ana.id}`);
    expect(paged).toMatchObject({ totalCount: 2, data: [], page: 2, perPage: 50 });
  });

  it('needs_action lists pending and on-hold requests whatever their target date', async () => {
    const cleo = await newTranslator(t.app);
    await db()
      .insert(payoutMethods)
      .values({ userId: cleo.id, method: 'wire', account: 'FR7630006000011234567890189' });
    await earn(cleo, 300_000);
    const waiting = await request(cleo, 60_000, 'wire', 'c-1');
    const held = await request(cleo, 60_000, 'wire', 'c-2');
    await db().update(payoutRequests).set({ status: 'on_hold' }).where(eq(payoutRequests.id, held));
    const withdrawn = await request(cleo, 60_000, 'wire', 'c-3');
    const cancel = await cleo.api.inject({
      method: 'POST',
      url: `/api/2/account/convert/requests/${withdrawn}/cancel`,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const open = await list(finance, `?status=needs_action&search=${cleo.id}`);
    expect(open.data.map((r) => [r.action_id, r.status])).toEqual([
      [held, 'on_hold'],
      [waiting, 'pending'],
    ]);
    // none is due yet: a target-date range up to today would hide them all
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(finance, `?status=needs_action&to=${today}&search=${cleo.id}`)).totalCount).toBe(0);
  });

  it('refuses malformed filters with a message', async () => {
    for (const q of [
      '?perPage=7',
      '?page=0',
      '?sort=password',
      '?from=yesterday',
      '?status=lost',
      '?page=99999999999',
    ]) {
      const res = await as(finance).get(`/api/2/admin/convert/requests${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    const backwards = await as(finance).get('/api/2/admin/convert/requests?from=2026-05-02&to=2026-05-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain(CONVERT_TEXTS.rangeOrder);
  });

  it('downloads the matching rows as CSV with a file name', async () => {
    const res = await as(finance).get(
      `/api/2/admin/convert/requests/downloads/csv?from=2000-01-01&to=2100-01-01&search=${ana.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="convert-requests-2000-01-01_2100-01-01.csv"',
    );
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toMatch(/^action_id,user_id,user_email,country,method,convert_amount,fee_amount,total,/);
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.startsWith(`${anaFirst},${ana.id},`) && l.includes(',98.00,2.00,100.00,'))).toBe(true);
  });

  it('is not there for customers and translators, and asks guests to sign in', async () => {
    for (const s of [customer, demoTranslator]) {
      expect((await as(s).get('/api/2/admin/convert/requests')).statusCode).toBe(404);
      expect(
        (await as(s).postJson('/adminService/payout_update', { reqs: [anaFirst], confirm: 'payout' })).statusCode,
      ).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/2/admin/convert/requests' })).statusCode).toBe(401);
  });
});

describe('bulk status and payout', () => {
  it('support staff without payouts.write are refused and nothing changes', async () => {
    const before = await db().select().from(payoutRequests).where(eq(payoutRequests.id, anaFirst));
    const res = await as(support).postJson('/api/2/admin/creditsConvert/updateConversion', {
      req: [anaFirst],
      status: 'rejected',
    });
    expect(res.statusCode).toBe(403);
    const pay = await as(support).postJson('/adminService/payout_update', { reqs: [anaFirst], confirm: 'payout' });
    expect(pay.statusCode).toBe(403);
    expect(await db().select().from(payoutRequests).where(eq(payoutRequests.id, anaFirst))).toEqual(before);
  });

  it('refuses an empty selection, an unknown status and a missing confirmation', async () => {
    const none = await as(finance).postJson('/api/2/admin/creditsConvert/updateConversion', {
      req: [],
      status: 'rejected',
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(CONVERT_TEXTS.selectOne);
    const processing = await as(finance).postJson('/api/2/admin/creditsConvert/updateConversion', {
      req: [anaFirst],
      status: 'processing',
    });
    expect(processing.statusCode).toBe(400);
    const unconfirmed = await as(finance).postJson('/adminService/payout_update', { reqs: [anaFirst], confirm: 'yes' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body).toContain('Type payout to confirm');
    const rows = await db().select().from(payoutRequests).where(eq(payoutRequests.id, anaFirst));
    expect(rows[0].status).toBe('pending');
  });

  it('rejects a pending request: the credits return once; rows the machine refuses are reported', async () => {
    const before = await balanceOfOwner(db(), ana.id, 'translator_available');
    const res = await as(finance).postJson('/api/2/admin/creditsConvert/updateConversion', {
      req: [anaSecond, 999_999],
      status: 'rejected',
      remark: 'Duplicate request',
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ConvertResult;
    expect(result.updated).toEqual([anaSecond]);
    expect(result.skipped).toEqual([{ id: 999_999, reason: 'No such request' }]);
    expect(await balanceOfOwner(db(), ana.id, 'translator_available')).toBe(before + 5_000);
    // again (a double click): answered as the first time, and nothing moves
    const again = (
      await as(finance).postJson('/api/2/admin/creditsConvert/updateConversion', {
        req: [anaSecond],
        status: 'rejected',
      })
    ).json() as ConvertResult;
    expect(again).toEqual({ updated: [anaSecond], skipped: [] });
    expect(await balanceOfOwner(db(), ana.id, 'translator_available')).toBe(before + 5_000);
    // a different move the status no longer allows is still refused
    const paid = (
      await as(finance).postJson('/api/2/admin/creditsConvert/updateConversion', { req: [anaSecond], status: 'paid' })
    ).json() as ConvertResult;
    expect(paid.updated).toEqual([]);
    expect(paid.skipped[0].reason).toBe('A rejected request cannot become paid');
    // and the same move by another admin is no repeat of theirs
    const admin = await login(t.app, 'admin@parlance.test', DEMO_PASSWORD);
    const other = (
      await as(admin).postJson('/api/2/admin/creditsConvert/updateConversion', { req: [anaSecond], status: 'rejected' })
    ).json() as ConvertResult;
    expect(other.updated).toEqual([]);
    expect(other.skipped[0].reason).toBe('A rejected request cannot become rejected');
    expect(await balanceOfOwner(db(), ana.id, 'translator_available')).toBe(before + 5_000);
    expect(
      (await db().select().from(payoutRequestHistory).where(eq(payoutRequestHistory.requestId, anaSecond))).filter(
        (h) => h.status === 'rejected',
      ),
    ).toHaveLength(1);
    const row = (await list(finance, `?search=${ana.id}`)).data.find((r) => r.action_id === anaSecond);
    expect(row).toMatchObject({ status: 'rejected', remark: 'Duplicate request' });
    expect(row?.history.at(-1)).toMatchObject({ initiator_type: 'admin', status: 'rejected' });
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, 'payout.status'));
    expect(audited.map((a) => a.targetId)).toContain(String(anaSecond));
  });

  it('pays out the pending selection once, even when pressed twice at once; the provider settles it', async () => {
    const body = { reqs: [anaFirst, benWire, anaSecond], confirm: 'payout' };
    const [a, b] = await Promise.all([
      as(finance).postJson('/adminService/payout_update', body),
      as(finance).postJson('/adminService/payout_update', body),
    ]);
    // both presses answer what the first did: 98.00 to Ana (PayPal, 2% fee) and 275.00 to Ben
    // (wire, 25.00 fee); the requests went to the provider once (below)
    for (const res of [a, b]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ amount: '373.00' });
      expect(new Set(res.json().updated)).toEqual(new Set([anaFirst, benWire]));
      expect(res.json().skipped).toEqual([
        { id: anaSecond, reason: 'Only pending requests are paid out (this one is rejected)' },
      ]);
    }
    // another admin's press finds nothing pending: what they see was sent by somebody else
    const admin = await login(t.app, 'admin@parlance.test', DEMO_PASSWORD);
    const late = await as(admin).postJson('/adminService/payout_update', body);
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain(CONVERT_TEXTS.nothingPending);
    for (const id of [anaFirst, benWire]) {
      const history = await db().select().from(payoutRequestHistory).where(eq(payoutRequestHistory.requestId, id));
      expect(history.filter((h) => h.status === 'processing')).toHaveLength(1);
    }
    const sent = (await list(finance, `?search=${ana.id}`)).data.find((r) => r.action_id === anaFirst);
    expect(sent?.status).toBe('processing');
    expect(sent?.txn_id).toMatch(/^sbx-payout-/);

    // the sandbox settles a minute later; the scheduler's poll applies it
    t.clock.advance(120_000);
    await pollProvider(db(), t.app.deps.payoutProvider, t.clock.now(), t.app.deps.logger);
    const paid = (await list(finance, `?search=${ana.id}`)).data.find((r) => r.action_id === anaFirst);
    expect(paid).toMatchObject({ status: 'paid', invoice: expect.stringMatching(/^SB-\d{4}-0*\d+$/) });

    // the wire is finance's to pay by hand: the poll leaves it, the bank file lists it
    const wire = (await list(finance, `?search=${ben.id}`)).data.find((r) => r.action_id === benWire);
    expect(wire).toMatchObject({ status: 'processing', txn_id: `bank-${benWire}` });
    const file = await as(finance).get('/api/2/admin/convert/requests/downloads/bank-file');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="bank-wires-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = file.body.trim().split('\n');
    expect(lines[0]).toBe(
      'reference,beneficiary_name,beneficiary_email,iban,amount,currency,remittance_information,request_date,target_date',
    );
    expect(lines.filter((l) => l.startsWith(`bank-${benWire},`))).toEqual([
      expect.stringContaining(`,DE89370400440532013000,275.00,USD,Parlance payout ${benWire},`),
    ]);
    expect((await as(support).get('/api/2/admin/convert/requests/downloads/bank-file')).statusCode).toBe(200);
    expect((await as(customer).get('/api/2/admin/convert/requests/downloads/bank-file')).statusCode).toBe(404);
    // marked paid by finance, it leaves the file
    const settled = await as(finance).postJson('/api/2/admin/creditsConvert/updateConversion', {
      req: [benWire],
      status: 'paid',
      remark: 'Sent by the bank',
    });
    expect(settled.json()).toMatchObject({ updated: [benWire] });
    const after = await as(finance).get('/api/2/admin/convert/requests/downloads/bank-file');
    expect(after.body).not.toContain(`bank-${benWire},`);
    // and the table says how each method is paid here
    const rails = (await list(finance, '')).rails;
    expect(rails).toEqual([
      { method: 'paypal', rail: 'sandbox', note: PAYOUT_RAIL_TEXTS.sandbox('PayPal') },
      { method: 'payoneer', rail: 'sandbox', note: PAYOUT_RAIL_TEXTS.sandbox('Payoneer') },
      { method: 'wire', rail: 'manual', note: PAYOUT_RAIL_TEXTS.manual('Bank wire') },
    ]);
  });
});
