import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TEXTS, TEXTS } from '@parlance/shared';
import {
  auditLog,
  coupons,
  ledgerTransactions,
  myTeamMembers,
  projectEvents,
  projectResources,
  projects,
  realtimeEvents,
} from '../../db/schema';
import { balanceOf, balanceOfOwner, platformAccount, verifyLedger } from '../../platform/ledger';
import { addCartOrder } from '../cart/cart-test-helpers';
import { authed, loginDemo } from '../../test/auth-helpers';
import { CapturingMailer, createTestApp, type TestApp } from '../../test/harness';
import { storedFiles } from '../wizard/wizard-test-helpers';
import {
  deliver,
  detailOf,
  newCustomer,
  newTranslator,
  paidProject,
  paidProjects,
  type Person,
  projectRow,
  TRANSLATION_FILE,
  takeAndDeliver,
} from './projects-test-helpers';
import { editorEarnings, translatorEarnings } from './work-rules';

let t: TestApp;
let mailer: CapturingMailer;
let admin: Person;

beforeAll(async () => {
  mailer = new CapturingMailer();
  t = await createTestApp({}, { mailer, demo: true });
  const session = await loginDemo(t.app, 'admin');
  admin = { session, id: session.user.id, api: authed(t.app, session) };
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const credits = (id: number) => balanceOfOwner(db(), id, 'customer_credits');
const pending = (id: number) => balanceOfOwner(db(), id, 'translator_pending');
const available = (id: number) => balanceOfOwner(db(), id, 'translator_available');
const eventsOf = async (id: number) =>
  db().select().from(projectEvents).where(eq(projectEvents.projectId, id)).orderBy(projectEvents.id);
const txCount = async () => (await db().select({ n: count() }).from(ledgerTransactions))[0].n;

describe('paying opens projects', () => {
  it('splits the VAT, writes the first timeline row and tells the matching translators only', async () => {
    const customer = await newCustomer(t.app);
    const matching = await newTranslator(t.app, { pairs: [['american-english', 'italian']] });
    const otherPair = await newTranslator(t.app, { pairs: [['american-english', 'dutch']] });
    const inactive = await newTranslator(t.app, { pairs: [['american-english', 'italian']], active: false });
    const before = mailer.sent.length;
    const ids = await paidProjects(t.app, customer, { targets: ['italian', 'german'], words: 1500 });
    expect(ids).toHaveLength(2);
    const rows = await Promise.all(ids.map((id) => projectRow(t.app, id)));
    expect(rows.every((r) => r.status === 'PENDING')).toBe(true);
    expect(rows.every((r) => r.openToAllAt !== null)).toBe(true);
    // the VAT of the payment, spread over the projects
    const [payment] = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, rows[0].ledgerTransactionId ?? 0));
    expect(payment.kind).toBe('order_payment');
    const spent = 1_000_000 - (await credits(customer.id));
    expect(rows.reduce((s, r) => s + r.priceCredits + r.vatCredits, 0)).toBe(spent);
    for (const id of ids) {
      expect((await eventsOf(id)).map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
        ['paid', null, 'PENDING'],
      ]);
    }
    const opened = await db().select().from(realtimeEvents).where(eq(realtimeEvents.type, 'project.opened'));
    expect(opened.map((e) => e.payload.projectId)).toEqual(expect.arrayContaining(ids));
    const mails = mailer.sent.slice(before);
    expect(mails.filter((m) => m.to === matching.session.user.email)).toHaveLength(1);
    expect(mails.some((m) => m.to === otherPair.session.user.email)).toBe(false);
    expect(mails.some((m) => m.to === inactive.session.user.email)).toBe(false);
  });

  it('names languages, expertise and type in mails and default project names, never slugs', async () => {
    const customer = await newCustomer(t.app);
    const matching = await newTranslator(t.app, { pairs: [['american-english', 'brazilian-portuguese']] });
    const before = mailer.sent.length;
    const id = await paidProject(t.app, customer, { name: '', targets: ['brazilian-portuguese'], words: 300 });
    const row = await projectRow(t.app, id);
    expect(row.name).toBe('Translation: American English to Brazilian Portuguese');
    const [mail] = mailer.sent.slice(before).filter((m) => m.to === matching.session.user.email);
    expect(mail.subject).toBe('New project: American English to Brazilian Portuguese, 300 words');
    expect(mail.text).toContain('(American English to Brazilian Portuguese, 300 words, General)');
    expect(`${mail.subject} ${mail.text}`).not.toMatch(/american-english|brazilian-portuguese/);
  });

  it("lets the customer's My Team see a project first", async () => {
    const customer = await newCustomer(t.app);
    const member = await newTranslator(t.app, { pairs: [['american-english', 'swedish']] });
    const outsider = await newTranslator(t.app, { pairs: [['american-english', 'swedish']] });
    await db().insert(myTeamMembers).values({ customerId: customer.id, translatorId: member.id });
    const id = await paidProject(t.app, customer, { targets: ['swedish'] });
    const row = await projectRow(t.app, id);
    expect(row.openToAllAt?.getTime()).toBeGreaterThan(t.clock.now().getTime() + 60 * 60 * 1000);
    expect((await outsider.api.get(`/api/2/projects/${id}`)).statusCode).toBe(404);
    // the pair matches: the team's head start is what keeps it away for now, and the refusal says so
    expect((await outsider.api.post(`/api/2/job/${id}/take`)).json().message).toBe(PROJECT_TEXTS.myTeamFirst);
    expect(detailOf(await member.api.get(`/api/2/projects/${id}`)).viewerRole).toBe('candidate');
  });
});

describe('GET /api/2/projects/{id}', () => {
  let customer: Person;
  let candidate: Person;
  let id: number;

  beforeAll(async () => {
    customer = await newCustomer(t.app);
    candidate = await newTranslator(t.app, { pairs: [['american-english', 'french']], level: 3 });
    id = await paidProject(t.app, customer, { targets: ['french'], words: 2400 });
  });

  it('shows the customer the price, the actions, the timeline; no earnings', async () => {
    const d = detailOf(await customer.api.get(`/api/2/projects/${id}`));
    const row = await projectRow(t.app, id);
    expect(d).toMatchObject({
      id,
      status: 'PENDING',
      statusLabel: 'Pending Linguist',
      viewerRole: 'customer',
      priceCredits: row.priceCredits,
      actions: ['cancel', 'message'],
      badges: ['TR'],
    });
    expect(d.earningsCredits).toBeUndefined();
    expect(d.events.map((e) => e.action)).toEqual(['paid']);
  });

  it('shows a candidate the brief and what taking it would earn, nothing else', async () => {
    const d = detailOf(await candidate.api.get(`/api/2/projects/${id}`));
    const row = await projectRow(t.app, id);
    expect(d.viewerRole).toBe('candidate');
    expect(d.actions).toEqual(['take']);
    expect(d.priceCredits).toBeUndefined();
    expect(d.earningsCredits).toBe(translatorEarnings(row.priceCredits, 3));
    expect(d.events).toEqual([]);
    expect(d.messages).toEqual([]);
    expect(d.files.every((f) => f.context === 'source')).toBe(true);
  });

  it('is 404 for outsiders, 401 for guests, 400 for a bad id', async () => {
    const otherCustomer = await newCustomer(t.app, 0);
    const otherTranslator = await newTranslator(t.app, { pairs: [['american-english', 'dutch']] });
    for (const who of [otherCustomer, otherTranslator]) {
      const res = await who.api.get(`/api/2/projects/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PROJECT_TEXTS.projectNotFound);
    }
    expect((await customer.api.get('/api/2/projects/99999999')).statusCode).toBe(404);
    expect((await customer.api.get('/api/2/projects/99999999999999')).statusCode).toBe(404);
    expect((await customer.api.get('/api/2/projects/abc')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/2/projects/${id}` })).statusCode).toBe(401);
  });

  it('shows an admin both figures and the admin moves', async () => {
    const d = detailOf(await admin.api.get(`/api/2/projects/${id}`));
    expect(d.viewerRole).toBe('admin');
    expect(d.actions).toEqual(expect.arrayContaining(['cancel', 'hold', 'reassign', 'message']));
    expect(d.priceCredits).toBeGreaterThan(0);
  });
});

describe('taking a job', () => {
  it('one of two translators taking at once wins; the other is told', async () => {
    const customer = await newCustomer(t.app);
    const a = await newTranslator(t.app, { pairs: [['american-english', 'german']], level: 2 });
    const b = await newTranslator(t.app, { pairs: [['american-english', 'german']] });
    const id = await paidProject(t.app, customer, { targets: ['german'], words: 3000 });
    const before = mailer.sent.length;
    const [ra, rb] = await Promise.all([a.api.post(`/api/2/job/${id}/take`), b.api.post(`/api/2/job/${id}/take`)]);
    const codes = [ra.statusCode, rb.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(loser.json().message).toBe(PROJECT_TEXTS.alreadyTaken);
    const winner = ra.statusCode === 200 ? a : b;
    const row = await projectRow(t.app, id);
    expect(row).toMatchObject({ status: 'IN_PROGRESS', translatorId: winner.id });
    expect((await eventsOf(id)).filter((e) => e.action === 'take')).toHaveLength(1);
    // 3,000 words: two days
    expect(row.deadline && row.takenAt && row.deadline.getTime() - row.takenAt.getTime()).toBe(48 * 3600 * 1000);
    const level = winner === a ? 2 : 1;
    expect(row.translatorEarningsCredits).toBe(translatorEarnings(row.priceCredits, level));
    const d = detailOf(await winner.api.get(`/api/2/projects/${id}`));
    expect(d).toMatchObject({ viewerRole: 'translator', earningsCredits: row.translatorEarningsCredits });
    expect(d.priceCredits).toBeUndefined();
    expect(mailer.sent.slice(before).filter((m) => m.to === customer.session.user.email)).toHaveLength(1);
    // the winner clicking again: nothing more happens
    expect((await winner.api.post(`/api/2/job/${id}/take`)).statusCode).toBe(200);
    expect((await eventsOf(id)).filter((e) => e.action === 'take')).toHaveLength(1);
  });

  it('offers urgent (expedited) projects, expert work, from level 2 up', async () => {
    const customer = await newCustomer(t.app);
    const novice = await newTranslator(t.app, { pairs: [['american-english', 'german']] });
    const proven = await newTranslator(t.app, { pairs: [['american-english', 'german']], level: 2 });
    const id = await paidProject(t.app, customer, { targets: ['german'], words: 800 });
    await db().update(projects).set({ expedite: true }).where(eq(projects.id, id));
    const refused = await novice.api.post(`/api/2/job/${id}/take`);
    expect(refused.statusCode).toBe(403);
    // the pair matches: the level is what keeps it away, and the refusal says so
    expect(refused.json().message).toBe(PROJECT_TEXTS.expertLevel);
    expect((await proven.api.post(`/api/2/job/${id}/take`)).statusCode).toBe(200);
  });

  it('refuses translators it does not match, inactive ones, customers and outsiders', async () => {
    const customer = await newCustomer(t.app);
    const id = await paidProject(t.app, customer, { targets: ['spanish'], expertise: 'legal' });
    const noExpertise = await newTranslator(t.app);
    const lawyer = await newTranslator(t.app, { expertises: ['legal'], active: false });
    const res = await noExpertise.api.post(`/api/2/job/${id}/take`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PROJECT_TEXTS.notMatching);
    const inactive = await lawyer.api.post(`/api/2/job/${id}/take`);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().message).toBe(PROJECT_TEXTS.translatorInactive);
    expect((await customer.api.post(`/api/2/job/${id}/take`)).statusCode).toBe(403);
    const other = await newCustomer(t.app, 0);
    expect((await other.api.post(`/api/2/job/${id}/take`)).statusCode).toBe(404);
    expect((await noExpertise.api.post('/api/2/job/99999999/take')).statusCode).toBe(404);
    expect((await projectRow(t.app, id)).status).toBe('PENDING');
  });
});

describe('delivering', () => {
  let customer: Person;
  let translator: Person;
  let id: number;

  beforeAll(async () => {
    customer = await newCustomer(t.app);
    translator = await newTranslator(t.app, { pairs: [['american-english', 'dutch']] });
    id = await paidProject(t.app, customer, { targets: ['dutch'] });
  });

  it('is only for the translator once the job is taken', async () => {
    // a candidate (offered the job, not yet its translator) may not deliver
    expect((await deliver(translator, id, [TRANSLATION_FILE])).statusCode).toBe(403);
    detailOf(await translator.api.post(`/api/2/job/${id}/take`));
    expect((await deliver(customer, id, [TRANSLATION_FILE])).statusCode).toBe(403);
    const stranger = await newTranslator(t.app, { pairs: [['american-english', 'dutch']] });
    expect((await deliver(stranger, id, [TRANSLATION_FILE])).statusCode).toBe(404);
  });

  it('needs a file of an accepted type', async () => {
    const none = await deliver(translator, id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PROJECT_TEXTS.deliveryNeedsFile);
    const filesBefore = storedFiles(t.app).length;
    const exe = await deliver(translator, id, [TRANSLATION_FILE, { filename: 'virus.exe', content: 'MZ' }]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe(PROJECT_TEXTS.fileTypeNotAllowed);
    expect(storedFiles(t.app).length).toBe(filesBefore);
    expect((await projectRow(t.app, id)).status).toBe('IN_PROGRESS');
  });

  it('moves the project to Translation Received and tells the customer', async () => {
    const before = mailer.sent.length;
    const d = detailOf(
      await deliver(translator, id, [TRANSLATION_FILE, { filename: 'notes.pdf', content: '%PDF-1.4 x' }]),
    );
    expect(d.status).toBe('READY');
    expect(d.files.filter((f) => f.context === 'translation').map((f) => [f.name, f.mime])).toEqual([
      ['translation.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['notes.pdf', 'application/pdf'],
    ]);
    expect(d.files.every((f) => f.id.startsWith('r') || f.id.startsWith('s'))).toBe(true);
    const c = detailOf(await customer.api.get(`/api/2/projects/${id}`));
    expect(c.actions).toEqual(expect.arrayContaining(['approve', 'dispute', 'rate']));
    expect(c.deliveredAt).not.toBeNull();
    expect(c.autoCompleteAt).not.toBeNull();
    expect(mailer.sent.slice(before).map((m) => m.to)).toContain(customer.session.user.email);
    expect((await deliver(translator, id, [TRANSLATION_FILE])).statusCode).toBe(409);
    const rows = await db().select().from(projectResources).where(eq(projectResources.projectId, id));
    expect(rows).toHaveLength(2);
  });
});

describe('approve', () => {
  it("pays the translator's share of the price before the coupon; the promotions account carries the discount", async () => {
    const customer = await newCustomer(t.app);
    const translator = await newTranslator(t.app, { pairs: [['american-english', 'dutch']] });
    await db().insert(coupons).values({ code: 'EARN500', kind: 'fixed', value: 500 });
    await addCartOrder(db(), customer.id, { targets: ['dutch'], words: 2000 });
    const cartBefore = (await customer.api.get('/api/2/cart/all')).json().results;
    const applied = await customer.api.post('/ajax/cart/submitCoupon', {
      couponId: 'EARN500',
      totalWithVat: cartBefore.totalCredits,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const promotions = await platformAccount(db(), 'platform_promotions');
    const revenue = await platformAccount(db(), 'platform_revenue');
    const promotionsBefore = await balanceOf(db(), promotions.id);
    const [id] = await paidProjects(t.app, customer, { targets: ['dutch'], words: 1000 });
    const dutch = await db().select().from(projects).where(eq(projects.customerId, customer.id));
    expect(dutch).toHaveLength(2);
    // the coupon lowered what the customer paid, split over both projects
    expect(dutch.reduce((sum, p) => sum + ((p.listPriceCredits ?? 0) - p.priceCredits), 0)).toBe(500);
    expect(await balanceOf(db(), promotions.id)).toBe(promotionsBefore - 500);

    const row = await projectRow(t.app, id);
    await takeAndDeliver(translator, id);
    const revenueBefore = await balanceOf(db(), revenue.id);
    expect((await customer.api.post(`/api/2/projects/${id}/approve`)).statusCode).toBe(200);
    const level = (await projectRow(t.app, id)).translatorEarningsCredits;
    expect(level).toBe(translatorEarnings(row.listPriceCredits ?? 0, 1));
    expect(level).toBeGreaterThan(translatorEarnings(row.priceCredits, 1));
    expect(await pending(translator.id)).toBe(level);
    expect(await balanceOf(db(), revenue.id)).toBe(revenueBefore - level);
    const report = await verifyLedger(db());
    expect(report.balanceMismatches).toEqual([]);
    expect(report.unbalancedTransactions).toEqual([]);
  });

  it('completes once and moves the earnings to pending once, also when retried', async () => {
    const customer = await newCustomer(t.app);
    const translator = await newTranslator(t.app, { pairs: [['american-english', 'brazilian-portuguese']] });
    const id = await paidProject(t.app, customer, { targets: ['brazilian-portuguese'] });
    await takeAndDeliver(translator, id);
    expect((await translator.api.post(`/api/2/projects/${id}/approve`)).statusCode).toBe(403);
    const headers = { 'idempotency-key': `approve-${id}` };
    const first = await customer.api.inject({ method: 'POST', url: `/api/2/projects/${id}/approve`, headers });
    expect(detailOf(first).status).toBe('COMPLETED');
    const txs = await txCount();
    const retry = await customer.api.inject({ method: 'POST', url: `/api/2/projects/${id}/approve`, headers });
    expect(detailOf(retry).status).toBe('COMPLETED');
    // a repeat without the key (a double click) answers as the first did and moves nothing
    const again = await customer.api.post(`/api/2/projects/${id}/approve`);
    expect(again.statusCode, again.body).toBe(200);
    expect(detailOf(again).status).toBe('COMPLETED');
    // a different move the status no longer allows is still refused
    const dispute = await customer.api.post(`/api/2/projects/${id}/dispute`, { reason: 'Too late to dispute it.' });
    expect(dispute.statusCode).toBe(409);
    expect(dispute.json().message).toBe(PROJECT_TEXTS.moveNotAllowed);
    expect(await txCount()).toBe(txs);
    const row = await projectRow(t.app, id);
    expect(row.earningsPostedAt).not.toBeNull();
    expect(await pending(translator.id)).toBe(row.translatorEarningsCredits);
    expect(await available(translator.id)).toBe(0);
    const earnings = await translator.api.get('/api/2/account/earnings');
    expect(earnings.json()).toEqual({ pendingCredits: row.translatorEarningsCredits, availableCredits: 0 });
    expect((await customer.api.get('/api/2/account/earnings')).statusCode).toBe(403);
    const d = detailOf(await translator.api.get(`/api/2/projects/${id}`));
    expect(d.earningsAvailableAt).not.toBeNull();
  });
});

describe('cancel', () => {
  it('refunds price and VAT once, however often it is clicked', async () => {
    const customer = await newCustomer(t.app);
    const id = await paidProject(t.app, customer, { targets: ['spanish'] });
    const row = await projectRow(t.app, id);
    const before = await credits(customer.id);
    const headers = { 'idempotency-key': `cancel-${id}` };
    const [a, b] = await Promise.all([
      customer.api.inject({ method: 'POST', url: `/api/2/projects/${id}/cancel`, headers }),
      customer.api.inject({ method: 'POST', url: `/api/2/projects/${id}/cancel`, headers }),
    ]);
    expect(detailOf(a).status).toBe('CANCELLED');
    expect(detailOf(b).status).toBe('CANCELLED');
    // a third click without the key answers the cancelled project again and refunds nothing
    const repeat = await customer.api.post(`/api/2/projects/${id}/cancel`);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(detailOf(repeat).status).toBe('CANCELLED');
    expect(await credits(customer.id)).toBe(before + row.priceCredits + row.vatCredits);
    const refunds = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'refund'));
    expect(refunds.filter((r) => r.metadata.projectId === id)).toHaveLength(1);
  });

  it('refuses once a translator started, and outsiders', async () => {
    const customer = await newCustomer(t.app);
    const translator = await newTranslator(t.app, { pairs: [['american-english', 'european-portuguese']] });
    const id = await paidProject(t.app, customer, { targets: ['european-portuguese'] });
    const other = await newCustomer(t.app, 0);
    expect((await other.api.post(`/api/2/projects/${id}/cancel`)).statusCode).toBe(404);
    detailOf(await translator.api.post(`/api/2/job/${id}/take`));
    expect((await translator.api.post(`/api/2/projects/${id}/cancel`)).statusCode).toBe(403);
    const res = await customer.api.post(`/api/2/projects/${id}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PROJECT_TEXTS.cancelOnlyPending);
  });

  it('an admin may cancel too, and it is audited', async () => {
    const customer = await newCustomer(t.app);
    const id = await paidProject(t.app, customer, { targets: ['spanish'] });
    expect(detailOf(await admin.api.post(`/api/2/projects/${id}/cancel`)).status).toBe('CANCELLED');
    // the same move by somebody else is no repeat of theirs: the status rule answers
    const late = await customer.api.post(`/api/2/projects/${id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PROJECT_TEXTS.cancelOnlyPending);
    const [entry] = await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'project.cancel', targetId: String(id) });
  });
});

describe('disputes', () => {
  async function disputed() {
    const customer = await newCustomer(t.app);
    const translator = await newTranslator(t.app, { pairs: [['american-english', 'canadian-french']] });
    const id = await paidProject(t.app, customer, { targets: ['canadian-french'], words: 2000 });
    await takeAndDeliver(translator, id);
    const short = await customer.api.postJson(`/api/2/projects/${id}/dispute`, { reason: 'bad' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(PROJECT_TEXTS.disputeReasonTooShort);
    expect(
      (await translator.api.postJson(`/api/2/projects/${id}/dispute`, { reason: 'x'.repeat(20) })).statusCode,
    ).toBe(403);
    const d = detailOf(
      await customer.api.postJson(`/api/2/projects/${id}/dispute`, { reason: 'Half of the text is untranslated.' }),
    );
    expect(d).toMatchObject({ status: 'DISPUTED', disputeReason: 'Half of the text is untranslated.' });
    // a second press answers the dispute as it stands (the first reason), and moves nothing
    const again = detailOf(
      await customer.api.postJson(`/api/2/projects/${id}/dispute`, { reason: 'Half of the text is untranslated.' }),
    );
    expect(again).toMatchObject({ status: 'DISPUTED', disputeReason: 'Half of the text is untranslated.' });
    expect(await pending(translator.id)).toBe(0);
    return { customer, translator, id, row: await projectRow(t.app, id) };
  }

  it('only an admin resolves, with a valid outcome', async () => {
    const { customer, id } = await disputed();
    // admin routes do not exist for customers and translators (404; staff without the right: 403)
    expect((await customer.api.postJson(`/api/2/admin/projects/${id}/resolve`, { outcome: 'refund' })).statusCode).toBe(
      404,
    );
    const bad = await admin.api.postJson(`/api/2/admin/projects/${id}/resolve`, { outcome: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PROJECT_TEXTS.resolveInvalid);
    for (const refundCredits of [0, -5, 10 ** 12]) {
      const res = await admin.api.postJson(`/api/2/admin/projects/${id}/resolve`, {
        outcome: 'partial',
        refundCredits,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PROJECT_TEXTS.partialRefundInvalid);
    }
    expect((await admin.api.postJson('/api/2/admin/projects/99999999/resolve', { outcome: 'pay' })).statusCode).toBe(
      404,
    );
  });

  it('refund: cancels with price and VAT back', async () => {
    const { customer, translator, id, row } = await disputed();
    const before = await credits(customer.id);
    const d = detailOf(await admin.api.postJson(`/api/2/admin/projects/${id}/resolve`, { outcome: 'refund' }));
    expect(d.status).toBe('CANCELLED');
    expect(await credits(customer.id)).toBe(before + row.priceCredits + row.vatCredits);
    expect(await pending(translator.id)).toBe(0);
    const [entry] = await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'project.resolve', targetId: String(id) });
  });

  it('partial: refunds part, pays the rest of the earnings, once', async () => {
    const { customer, translator, id, row } = await disputed();
    const refund = Math.floor(row.priceCredits / 4);
    const before = await credits(customer.id);
    const headers = { 'idempotency-key': `resolve-${id}` };
    const payload = { outcome: 'partial', refundCredits: refund };
    const first = await admin.api.inject({
      method: 'POST',
      url: `/api/2/admin/projects/${id}/resolve`,
      payload,
      headers,
    });
    expect(detailOf(first).status).toBe('COMPLETED');
    const retry = await admin.api.inject({
      method: 'POST',
      url: `/api/2/admin/projects/${id}/resolve`,
      payload,
      headers,
    });
    expect(detailOf(retry).status).toBe('COMPLETED');
    const vatBack = Math.floor((row.vatCredits * refund) / row.priceCredits);
    expect(await credits(customer.id)).toBe(before + refund + vatBack);
    const paid = Math.floor((row.translatorEarningsCredits * (row.priceCredits - refund)) / row.priceCredits);
    expect(await pending(translator.id)).toBe(paid);
    expect((await projectRow(t.app, id)).translatorEarningsCredits).toBe(paid);
  });

  it('pay: completes with the full earnings', async () => {
    const { customer, translator, id, row } = await disputed();
    const before = await credits(customer.id);
    const d = detailOf(await admin.api.postJson(`/api/2/admin/projects/${id}/resolve`, { outcome: 'pay' }));
    expect(d.status).toBe('COMPLETED');
    expect(await credits(customer.id)).toBe(before);
    expect(await pending(translator.id)).toBe(row.translatorEarningsCredits);
    const again = await admin.api.postJson(`/api/2/admin/projects/${id}/resolve`, { outcome: 'pay' });
    expect(again.statusCode).toBe(409);
  });
});

describe('rating, tags, name', () => {
  let customer: Person;
  let translator: Person;
  let id: number;

  beforeAll(async () => {
    customer = await newCustomer(t.app);
    translator = await newTranslator(t.app, { pairs: [['american-english', 'british-english']] });
    id = await paidProject(t.app, customer, { targets: ['british-english'] });
  });

  it('rating waits for the translation, and low ratings need a reason and a comment', async () => {
    const early = await customer.api.postJson(`/api/2/projects/${id}/rating`, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PROJECT_TEXTS.ratingOnlyFinished);
    await takeAndDeliver(translator, id);
    const noReason = await customer.api.postJson(`/api/2/projects/${id}/rating`, { rating: 2, comment: 'Too literal' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(PROJECT_TEXTS.ratingReasonsRequired);
    const short = await customer.api.postJson(`/api/2/projects/${id}/rating`, {
      rating: 2,
      reasons: ['overly_literal'],
      comment: 'no',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(PROJECT_TEXTS.ratingCommentTooShort);
    const unknown = await customer.api.postJson(`/api/2/projects/${id}/rating`, { rating: 2, reasons: ['ugly'] });
    expect(unknown.statusCode).toBe(400);
    expect((await customer.api.postJson(`/api/2/projects/${id}/rating`, { rating: 6 })).statusCode).toBe(400);
    expect((await translator.api.postJson(`/api/2/projects/${id}/rating`, { rating: 5 })).statusCode).toBe(403);
    const d = detailOf(
      await customer.api.postJson(`/api/2/projects/${id}/rating`, {
        rating: 2,
        reasons: ['overly_literal', 'grammar_mistakes'],
        comment: 'Reads like a machine.',
      }),
    );
    expect(d).toMatchObject({
      rating: 2,
      ratingReasons: ['overly_literal', 'grammar_mistakes'],
      ratingComment: 'Reads like a machine.',
    });
    const good = detailOf(await customer.api.postJson(`/api/2/projects/${id}/rating`, { rating: 5 }));
    expect(good).toMatchObject({ rating: 5, ratingReasons: [] });
  });

  it('tags: at most 30 of at most 20 characters, replaced as a set', async () => {
    const tooLong = await customer.api.postJson(`/api/2/projects/${id}/tags`, { tags: ['x'.repeat(21)] });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(PROJECT_TEXTS.tagTooLong);
    const tooMany = await customer.api.postJson(`/api/2/projects/${id}/tags`, {
      tags: Array.from({ length: 31 }, (_, i) => `t${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(PROJECT_TEXTS.tooManyTags);
    const d = detailOf(await customer.api.postJson(`/api/2/projects/${id}/tags`, { tags: ['q3', ' urgent ', 'q3'] }));
    expect(d.tags).toEqual(['q3', 'urgent']);
    const thirty = Array.from({ length: 30 }, (_, i) => `tag-${i}`);
    expect(detailOf(await customer.api.postJson(`/api/2/projects/${id}/tags`, { tags: thirty })).tags).toHaveLength(30);
    expect(detailOf(await customer.api.postJson(`/api/2/projects/${id}/tags`, { tags: [] })).tags).toEqual([]);
    expect((await translator.api.postJson(`/api/2/projects/${id}/tags`, { tags: ['x'] })).statusCode).toBe(403);
    const other = await newCustomer(t.app, 0);
    expect((await other.api.postJson(`/api/2/projects/${id}/tags`, { tags: ['x'] })).statusCode).toBe(404);
  });

  it('name: at least 2 characters', async () => {
    const short = await customer.api.postJson(`/api/2/projects/${id}/name`, { name: ' a ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(PROJECT_TEXTS.titleTooShort);
    expect(detailOf(await customer.api.postJson(`/api/2/projects/${id}/name`, { name: 'Q3 brochure' })).name).toBe(
      'Q3 brochure',
    );
    expect((await translator.api.postJson(`/api/2/projects/${id}/name`, { name: 'Mine now' })).statusCode).toBe(403);
  });
});

describe('messages', () => {
  it('a thread between the customer and the translator', async () => {
    const customer = await newCustomer(t.app);
    const translator = await newTranslator(t.app, { pairs: [['american-english', 'spanish-latin-america']] });
    const id = await paidProject(t.app, customer, { targets: ['spanish-latin-america'] });
    expect((await translator.api.postJson(`/api/2/projects/${id}/messages`, { body: 'Hi' })).statusCode).toBe(403);
    detailOf(await translator.api.post(`/api/2/job/${id}/take`));
    const empty = await customer.api.postJson(`/api/2/projects/${id}/messages`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PROJECT_TEXTS.messageEmpty);
    const sent = await customer.api.postJson(`/api/2/projects/${id}/messages`, { body: 'Keep brand names.' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ body: 'Keep brand names.', mine: true, authorId: customer.id });
    await translator.api.postJson(`/api/2/projects/${id}/messages`, { body: 'Will do.' });
    const d = detailOf(await translator.api.get(`/api/2/projects/${id}`));
    expect(d.messages.map((m) => [m.body, m.mine])).toEqual([
      ['Keep brand names.', false],
      ['Will do.', true],
    ]);
    const other = await newCustomer(t.app, 0);
    expect((await other.api.postJson(`/api/2/projects/${id}/messages`, { body: 'x' })).statusCode).toBe(404);
    const note = await db()
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.type, 'project.message'), eq(realtimeEvents.userId, translator.id)));
    expect(note.length).toBeGreaterThanOrEqual(1);
  });

  it('mails the other party of each message, never its author; an empty message mails no one', async () => {
    const customer = await newCustomer(t.app);
    const translator = await newTranslator(t.app, { pairs: [['american-english', 'swedish']] });
    const id = await paidProject(t.app, customer, { targets: ['swedish'], name: 'Spring leaflet' });
    detailOf(await translator.api.post(`/api/2/job/${id}/take`));
    const before = mailer.sent.length;
    await customer.api.postJson(`/api/2/projects/${id}/messages`, { body: '   ' });
    expect(mailer.sent.length).toBe(before);
    await customer.api.postJson(`/api/2/projects/${id}/messages`, { body: 'Please keep the brand names.' });
    const toTranslator = mailer.sent.slice(before);
    expect(toTranslator.map((m) => m.to)).toEqual([translator.session.user.email]);
    expect(toTranslator[0].subject).toBe('New message on "Spring leaflet"');
    expect(toTranslator[0].text).toContain('Please keep the brand names.');
    expect(toTranslator[0].text).toContain(`/project/${id}`);
    const middle = mailer.sent.length;
    await translator.api.postJson(`/api/2/projects/${id}/messages`, { body: 'Will do.' });
    expect(mailer.sent.slice(middle).map((m) => m.to)).toEqual([customer.session.user.email]);
  });

  it("bulk message: 2+ of the customer's own projects", async () => {
    const customer = await newCustomer(t.app);
    const translator = await newTranslator(t.app, { pairs: [['american-english', 'spanish']] });
    const ids = await paidProjects(t.app, customer, { targets: ['spanish'] });
    const more = await paidProjects(t.app, customer, { targets: ['spanish'] });
    const [a, b] = [ids[0], more[0]];
    const waiting = await paidProject(t.app, customer, { targets: ['italian'] });
    detailOf(await translator.api.post(`/api/2/job/${a}/take`));
    detailOf(await translator.api.post(`/api/2/job/${b}/take`));
    const one = await customer.api.postJson('/api/2/projects/bulk-message', { projectIds: [a], message: 'Hello' });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe(PROJECT_TEXTS.bulkMessageNeedsTwo);
    const other = await newCustomer(t.app, 0);
    const otherId = await paidProject(t.app, await newCustomer(t.app), { targets: ['spanish'] });
    expect(
      (await customer.api.postJson('/api/2/projects/bulk-message', { projectIds: [a, otherId], message: 'Hi' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.api.postJson('/api/2/projects/bulk-message', { projectIds: [a, b], message: 'Hi' })).statusCode,
    ).toBe(404);
    const res = await customer.api.postJson('/api/2/projects/bulk-message', {
      projectIds: [a, b, waiting],
      message: 'Deadline moved?',
    });
    expect(res.json()).toEqual({ sent: 2 });
    expect(detailOf(await translator.api.get(`/api/2/projects/${b}`)).messages.map((m) => m.body)).toEqual([
      'Deadline moved?',
    ]);
  });
});

describe('admin moves', () => {
  it('hold and release, reassign; each audited; customers and translators 404', async () => {
    const customer = await newCustomer(t.app);
    const first = await newTranslator(t.app, { pairs: [['american-english', 'german']] });
    const second = await newTranslator(t.app, { pairs: [], level: 5 });
    const id = await paidProject(t.app, customer, { targets: ['german'] });
    detailOf(await first.api.post(`/api/2/job/${id}/take`));
    expect((await customer.api.post(`/api/2/admin/projects/${id}/hold`)).statusCode).toBe(404);
    expect((await first.api.post(`/api/2/admin/projects/${id}/hold`)).statusCode).toBe(404);
    expect(detailOf(await admin.api.post(`/api/2/admin/projects/${id}/hold`)).status).toBe('HOLD');
    // the admin's repeat of a move answers as the first did; a move the status no longer allows is 409
    expect(detailOf(await admin.api.post(`/api/2/admin/projects/${id}/hold`)).status).toBe('HOLD');
    expect((await deliver(first, id, [TRANSLATION_FILE])).statusCode).toBe(409);
    expect(detailOf(await admin.api.post(`/api/2/admin/projects/${id}/release`)).status).toBe('IN_PROGRESS');
    expect(detailOf(await admin.api.post(`/api/2/admin/projects/${id}/release`)).status).toBe('IN_PROGRESS');

    for (const translatorId of [customer.id, first.id, 99999999]) {
      const bad = await admin.api.postJson(`/api/2/admin/projects/${id}/reassign`, { translatorId });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(PROJECT_TEXTS.reassignTargetInvalid);
    }
    const d = detailOf(await admin.api.postJson(`/api/2/admin/projects/${id}/reassign`, { translatorId: second.id }));
    expect(d.status).toBe('IN_PROGRESS');
    const row = await projectRow(t.app, id);
    expect(row.translatorId).toBe(second.id);
    expect(row.translatorEarningsCredits).toBe(translatorEarnings(row.priceCredits, 5));
    expect((await first.api.get(`/api/2/projects/${id}`)).statusCode).toBe(404);
    expect(detailOf(await second.api.get(`/api/2/projects/${id}`)).viewerRole).toBe('translator');
    const actions = (
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'project'), eq(auditLog.targetId, String(id))))
        .orderBy(auditLog.id)
    ).map((a) => a.action);
    expect(actions).toEqual(['project.hold', 'project.release', 'project.reassign']);
    expect((await eventsOf(id)).map((e) => e.action)).toEqual(['paid', 'take', 'hold', 'release', 'reassign']);
  });
});

describe('Translation + Editing', () => {
  it('the editor takes the editing job after delivery; both earn on approval', async () => {
    const customer = await newCustomer(t.app);
    const translator = await newTranslator(t.app, { pairs: [['american-english', 'swedish']], level: 2 });
    const editor = await newTranslator(t.app, { pairs: [['american-english', 'swedish']], isEditor: true });
    const notEditor = await newTranslator(t.app, { pairs: [['american-english', 'swedish']] });
    const id = await paidProject(t.app, customer, { targets: ['swedish'], needProofreading: true });
    expect((await editor.api.post(`/api/2/job/${id}/take-edit`)).statusCode).toBe(409);
    const delivered = await takeAndDeliver(translator, id);
    expect(delivered.status).toBe('IN_REVIEW');
    expect(delivered.badges).toContain('E');
    expect(detailOf(await editor.api.get(`/api/2/projects/${id}`)).actions).toEqual(['take-edit']);
    expect((await notEditor.api.post(`/api/2/job/${id}/take-edit`)).statusCode).toBe(403);
    expect((await translator.api.post(`/api/2/job/${id}/take-edit`)).statusCode).toBe(403);
    const taken = detailOf(await editor.api.post(`/api/2/job/${id}/take-edit`));
    expect(taken).toMatchObject({
      viewerRole: 'editor',
      status: 'IN_REVIEW',
      actions: ['open-editor', 'deliver', 'message'],
    });
    expect((await deliver(translator, id, [TRANSLATION_FILE])).statusCode).toBe(409);
    const ready = detailOf(await deliver(editor, id, [{ filename: 'edited.docx', content: 'PK edited' }]));
    expect(ready.status).toBe('READY');
    expect(ready.files.map((f) => f.context)).toEqual(expect.arrayContaining(['translation', 'edited']));
    detailOf(await customer.api.post(`/api/2/projects/${id}/approve`));
    const row = await projectRow(t.app, id);
    expect(row.editorEarningsCredits).toBe(editorEarnings(row.priceCredits));
    expect(await pending(translator.id)).toBe(translatorEarnings(row.priceCredits, 2));
    expect(await pending(editor.id)).toBe(row.editorEarningsCredits);
  });
});

describe('the admin project search', () => {
  it('answers for real from the projects table', async () => {
    const customer = await newCustomer(t.app);
    const id = await paidProject(t.app, customer, { targets: ['spanish'] });
    expect((await admin.api.post('/adminService/isProjectExist', { PID: String(id) })).json()).toEqual({
      result: true,
    });
    expect((await admin.api.post('/adminService/isProjectExist', { PID: '88888888' })).json()).toEqual({
      result: false,
    });
    expect((await customer.api.post('/adminService/isProjectExist', { PID: String(id) })).json().message).toBe(
      TEXTS.notFound,
    );
  });
});

describe('concurrent deliveries', () => {
  it('a double click delivers once and keeps only the files of the delivery that counted', async () => {
    const customer = await newCustomer(t.app);
    const translator = await newTranslator(t.app, { pairs: [['american-english', 'german']] });
    const id = await paidProject(t.app, customer, { targets: ['german'] });
    detailOf(await translator.api.post(`/api/2/job/${id}/take`));
    const before = storedFiles(t.app).length;
    const answers = await Promise.all([
      deliver(translator, id, [TRANSLATION_FILE]),
      deliver(translator, id, [TRANSLATION_FILE]),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await eventsOf(id)).filter((e) => e.action === 'deliver')).toHaveLength(1);
    expect(await db().select().from(projectResources).where(eq(projectResources.projectId, id))).toHaveLength(1);
    expect(storedFiles(t.app).length).toBe(before + 1);
  });
});

describe('the API document', () => {
  it('describes the project calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/2/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/2/projects/{id}',
      '/api/2/job/{id}/take',
      '/api/2/projects/{id}/deliver',
      '/api/2/projects/bulk-message',
      '/api/2/admin/projects/{id}/resolve',
      '/api/2/account/earnings',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('the ledger', () => {
  it('is whole after everything above', async () => {
    const report = await verifyLedger(db());
    expect(report.balanceMismatches).toEqual([]);
    expect(report.unbalancedTransactions).toEqual([]);
    expect(report.ok).toBe(true);
    const [{ n }] = await db().select({ n: count() }).from(projects);
    expect(n).toBeGreaterThan(10);
  });
});
