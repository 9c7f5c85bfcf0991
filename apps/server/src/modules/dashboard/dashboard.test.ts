import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_TEXTS,
  type DashboardAdditionalData,
  type DashboardBalance,
  type DashboardStatistics,
  levelOf,
  PROJECT_LIMITS,
  STAFF_GROUPS,
  STATEMENT_EXPORT_TEXTS,
} from '@parlance/shared';
import {
  aclGroups,
  levelingContests,
  projectEvents,
  projectMessages,
  projectReviews,
  projects,
  translatorProfiles,
  userAclGroups,
  users,
} from '../../db/schema';
import { getOrCreateAccount, platformAccount, postTransaction, verifyLedger } from '../../platform/ledger';
import { hashPassword } from '../../platform/passwords';
import { authed, form, login, TEST_PASSWORD, type TestSession, uniqueEmail } from '../../test/auth-helpers';
import { CapturingMailer, createTestApp, type TestApp } from '../../test/harness';
import { postEarnings } from '../projects/money';
import { newCustomer, newTranslator, type Person } from '../projects/projects-test-helpers';
import { measureLeveling } from './leveling';

// The translator dashboard over a translator with months of history written straight into the
// tables (projects, ratings, reviews, a lost dispute, messages) and earnings through the ledger.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let mailer: CapturingMailer;
let tr: Person;
let other: Person;
let customer: Person;
let lm: TestSession;
let support: TestSession;
let now: Date;
const ids: Record<string, number> = {};
let lowQaReview = 0;

function monthKey(d: Date): string {
  return d.toISOString().slice(0, 7);
}

async function staffUser(group: string) {
  const email = uniqueEmail('staff');
  const db = t.app.deps.db;
  const [u] = await db
    .insert(users)
    .values({
      type: 'admin',
      isAdmin: false,
      email,
      name: 'Lena Staff',
      passwordHash: await hashPassword(TEST_PASSWORD, 'fast'),
    })
    .returning();
  const [g] = await db.select().from(aclGroups).where(eq(aclGroups.name, group));
  await db.insert(userAclGroups).values({ userId: u.id, groupId: g.id });
  return login(t.app, email, TEST_PASSWORD);
}

async function history(key: string, p: Partial<typeof projects.$inferInsert> & { daysAgo: number }) {
  const { daysAgo, ...rest } = p;
  const completedAt = new Date(now.getTime() - daysAgo * DAY);
  const [row] = await t.app.deps.db
    .insert(projects)
    .values({
      customerId: customer.id,
      name: key,
      status: 'COMPLETED',
      sourceLanguage: 'american-english',
      targetLanguage: 'spanish',
      wordCount: 1000,
      translatorId: tr.id,
      takenAt: new Date(completedAt.getTime() - 3 * DAY),
      deadline: new Date(completedAt.getTime() - DAY),
      deliveredAt: new Date(completedAt.getTime() - 2 * DAY),
      completedAt,
      createdAt: new Date(completedAt.getTime() - 4 * DAY),
      ...rest,
    })
    .returning();
  ids[key] = row.id;
  return row;
}

beforeAll(async () => {
  mailer = new CapturingMailer();
  t = await createTestApp({}, { mailer });
  now = t.clock.now();
  tr = await newTranslator(t.app, { level: 2 });
  other = await newTranslator(t.app, { level: 3 });
  customer = await newCustomer(t.app, 0);
  lm = await staffUser(STAFF_GROUPS.languageManager);
  support = await staffUser(STAFF_GROUPS.support);
  const db = t.app.deps.db;

  await history('this-month-a', { daysAgo: 0.5, wordCount: 1200, rating: 5, ratedAt: now });
  await history('two-months', { daysAgo: 62, wordCount: 800, rating: 4, ratedAt: new Date(now.getTime() - 60 * DAY) });
  await history('low-rated', {
    daysAgo: 40,
    wordCount: 2000,
    rating: 2,
    ratedAt: new Date(now.getTime() - 39 * DAY),
  });
  // delivered 10 hours after its deadline
  await history('late', {
    daysAgo: 20,
    deadline: new Date(now.getTime() - 23 * DAY),
    deliveredAt: new Date(now.getTime() - 23 * DAY + 10 * HOUR),
  });
  await history('disputed', { daysAgo: 15, status: 'CANCELLED', completedAt: null, cancelledAt: now });
  await db.insert(projectEvents).values({
    projectId: ids.disputed,
    fromStatus: 'DISPUTED',
    toStatus: 'CANCELLED',
    action: 'resolve-refund',
    createdAt: new Date(now.getTime() - 14 * DAY),
  });
  // older than the window: in no parameter
  await history('old', { daysAgo: 400, rating: 1, ratedAt: new Date(now.getTime() - 399 * DAY) });
  // someone else's
  await history('others', { daysAgo: 3, translatorId: other.id, rating: 1, ratedAt: now });

  const [qa] = await db
    .insert(projectReviews)
    .values({ projectId: ids['two-months'], translatorId: tr.id, kind: 'qa', score: 700, createdAt: now })
    .returning();
  lowQaReview = qa.id;
  await db
    .insert(projectReviews)
    .values({ projectId: ids['this-month-a'], translatorId: tr.id, kind: 'll', score: 960, createdAt: now });

  // earnings: one project's posted now (pending, frees in 72 h), one released to available
  const [pendingRow] = await db
    .update(projects)
    .set({ translatorEarningsCredits: 4_000, earningsPostedAt: now })
    .where(eq(projects.id, ids['this-month-a']))
    .returning();
  await db.transaction((tx) => postEarnings(tx, pendingRow, null));
  await postTransaction(db, {
    kind: 'release',
    description: 'earnings for the test',
    entries: [
      { account: await getOrCreateAccount(db, tr.id, 'translator_available'), amount: 12_345 },
      { account: await platformAccount(db, 'platform_revenue'), amount: -12_345 },
    ],
  });

  // the customer asks twice; the translator answers the first within 2 hours only
  const m = (authorId: number, hoursAgo: number) =>
    db.insert(projectMessages).values({
      projectId: ids['this-month-a'],
      authorId,
      body: 'hello',
      createdAt: new Date(now.getTime() - hoursAgo * HOUR),
    });
  await m(customer.id, 100);
  await m(tr.id, 98);
  await m(customer.id, 50);
});

afterAll(async () => {
  expect((await verifyLedger(t.app.deps.db)).ok).toBe(true);
  await t?.close();
});

describe('who may call the dashboard', () => {
  const calls = [
    '/api/2/dashboard/statistics',
    '/api/2/dashboard/statement',
    '/api/2/dashboard/additional-data',
    '/api/2/dashboard/balance',
    '/api/2/recruitment/check',
  ];
  it('guests 401, customers and staff 403', async () => {
    for (const url of calls) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await customer.api.get(url)).statusCode).toBe(403);
      expect((await authed(t.app, lm).get(url)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/2/dashboard/statistics', () => {
  it('counts completed projects and words per month, the rating and the answers within 24 hours', async () => {
    const res = await tr.api.get('/api/2/dashboard/statistics');
    expect(res.statusCode).toBe(200);
    const s = res.json().results as DashboardStatistics;
    expect(s.months).toHaveLength(12);
    expect(s.months[11].month).toBe(monthKey(now));
    const thisMonth = s.months.find((m) => m.month === monthKey(new Date(now.getTime() - 0.5 * DAY)));
    expect(thisMonth?.projects).toBeGreaterThanOrEqual(1);
    const total = s.months.reduce((a, m) => a + m.projects, 0);
    // in 12 months: this-month-a, two-months, low-rated, late (not the cancelled, not the old one)
    expect(total).toBe(4);
    expect(s.months.reduce((a, m) => a + m.words, 0)).toBe(1200 + 800 + 2000 + 1000);
    expect(s.totalProjects).toBe(5);
    // ratings 5, 4, 2 and the old 1
    expect(s.rating).toEqual({ average: 3, count: 4 });
    expect(s.answers24h).toEqual({ answered: 1, total: 2, percent: 50 });
  });
});

describe('GET /api/2/dashboard/statement', () => {
  it('pages the available-earnings lines, 25 by default', async () => {
    const res = await tr.api.get('/api/2/dashboard/statement');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, limit: 25, totalCount: 1, balance: 12_345 });
    expect(body.data[0]).toMatchObject({ amount: 12_345, balance: 12_345, estimatedValue: '123.45' });
    const filtered = await tr.api.get('/api/2/dashboard/statement?action_type=refund');
    expect(filtered.json().totalCount).toBe(0);
    const past = await tr.api.get('/api/2/dashboard/statement?action_date_from=2001-01-01&action_date_to=2001-12-31');
    expect(past.json().data).toEqual([]);
  });

  it.each([
    'limit=7',
    'page=0',
    'page=abc',
    'action_date_from=2026-13-01',
    'action_date_from=2026-05-02&action_date_to=2026-05-01',
    'action_type=bogus',
  ])('refuses %s with 400', async (q) => {
    const res = await tr.api.get(`/api/2/dashboard/statement?${q}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('GET /api/2/account/statement/export', () => {
  it('mails the statement as CSV or PDF', async () => {
    const res = await tr.api.get('/api/2/account/statement/export?report_type=csv&send_to_email=me@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: { msg: 'ok' } });
    const csv = mailer.last('me@example.com')?.attachments?.[0];
    expect(csv?.contentType).toBe('text/csv');
    const lines = csv?.content.toString('utf8').trim().split('\n') ?? [];
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('12345');
    const pdf = await tr.api.get('/api/2/account/statement/export?report_type=pdf&send_to_email=pdf@example.com');
    expect(pdf.statusCode).toBe(200);
    expect(mailer.last('pdf@example.com')?.attachments?.[0].content.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('needs an address and a known report type; nothing is sent otherwise', async () => {
    const before = mailer.sent.length;
    const none = await tr.api.get('/api/2/account/statement/export?report_type=csv');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(STATEMENT_EXPORT_TEXTS.emailRequired);
    const bad = await tr.api.get('/api/2/account/statement/export?report_type=csv&send_to_email=nope');
    expect(bad.json().message).toContain(STATEMENT_EXPORT_TEXTS.emailInvalid);
    const xls = await tr.api.get('/api/2/account/statement/export?report_type=xls&send_to_email=a@example.com');
    expect(xls.statusCode).toBe(400);
    expect(
      (await customer.api.get('/api/2/account/statement/export?report_type=csv&send_to_email=a@example.com'))
        .statusCode,
    ).toBe(403);
    expect(mailer.sent.length).toBe(before);
  });
});

describe('GET /api/2/dashboard/additional-data', () => {
  it('answers the Dashboard entity from the database', async () => {
    const res = await tr.api.get('/api/2/dashboard/additional-data');
    expect(res.statusCode).toBe(200);
    const d = res.json() as DashboardAdditionalData;
    expect(d.translator_id).toBe(tr.id);
    expect(d.translator_status).toBe('active');
    expect(d.translator_info).toMatchObject({ inactive: false, status: 'active', rating: 3, isRecruitment: true });
    expect(d.balance).toBe(12_345);
    expect(d.pending).toEqual([
      {
        projectId: ids['this-month-a'],
        name: 'this-month-a',
        amount: 4_000,
        freesAt: new Date(now.getTime() + PROJECT_LIMITS.earningsHoldMs).toISOString(),
      },
    ]);
    expect(d.pendingTotal).toBe(4_000);
    expect(d.parkedCredits).toBe(0);
    expect(d.pendingPages).toBe(1);
    expect(d.quality).toEqual({ qaAverage: 700, llAverage: 960, reviews: 2 });
    expect(d.vacation).toBe(false);
    expect(d.statement).toHaveLength(1);
    expect(d.leveling.level).toBe(2);
    expect(d.leveling.completedProjects).toBe(4);
    expect(d.leveling.params.map((p) => p.key)).toEqual(['rating', 'reviewScore', 'onTime', 'volume', 'disputesLost']);
  });
});

describe('GET /api/2/dashboard/balance', () => {
  it('answers the balances and the payouts page', async () => {
    const res = await tr.api.get('/api/2/dashboard/balance?limit=5&page=1');
    expect(res.statusCode).toBe(200);
    expect(res.json() as DashboardBalance).toEqual({
      available: 12_345,
      pending: 4_000,
      payoutPending: 0,
      converted: 0,
      data: [],
      totalCount: 0,
    });
    expect((await tr.api.get('/api/2/dashboard/balance?limit=0')).statusCode).toBe(400);
    expect((await tr.api.get('/api/2/dashboard/balance?limit=500')).statusCode).toBe(400);
  });
});

describe('leveling: projects affected and contests', () => {
  it('lists what lowers the level inside the window; another id is 404', async () => {
    const res = await tr.api.get(`/api/2/leveling/${tr.id}/projects-affected`);
    expect(res.statusCode).toBe(200);
    const { data, totalCount } = res.json();
    const seen = data.map((r: { attribute: string; name: string }) => `${r.attribute}:${r.name}`).sort();
    expect(seen).toEqual(['dispute:disputed', 'late:late', 'qa:two-months', 'rating:low-rated']);
    expect(totalCount).toBe(4);
    const late = data.find((r: { attribute: string }) => r.attribute === 'late');
    expect(late.value).toBe(10);
    const onlyQa = (await tr.api.get(`/api/2/leveling/${tr.id}/projects-affected?type=qa`)).json();
    expect(onlyQa.data).toHaveLength(1);
    expect(onlyQa.data[0]).toMatchObject({ entityId: lowQaReview, value: 700, contest: null });
    expect((await tr.api.get(`/api/2/leveling/${other.id}/projects-affected`)).statusCode).toBe(404);
    expect((await tr.api.get(`/api/2/leveling/${tr.id}/projects-affected?type=bogus`)).statusCode).toBe(400);
    expect((await tr.api.get('/api/2/leveling/abc/projects-affected')).statusCode).toBe(400);
    expect((await customer.api.get(`/api/2/leveling/${tr.id}/projects-affected`)).statusCode).toBe(403);
  });

  it('contests an affecting item once; others refused', async () => {
    const post = (p: Person, fields: Record<string, string | number>) =>
      p.api.inject({ method: 'POST', url: '/api/2/leveling/rejected-project', ...form(fields) });
    const ok = await post(tr, { project_id: ids['two-months'], entity_id: lowQaReview, attribute: 'qa' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'OK', message: DASHBOARD_TEXTS.contested, contest: { status: 'open' } });
    const again = await post(tr, { project_id: ids['two-months'], entity_id: lowQaReview, attribute: 'qa' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(DASHBOARD_TEXTS.alreadyContested);
    // a rating of 5 does not lower the level
    const notAffecting = await post(tr, {
      project_id: ids['this-month-a'],
      entity_id: ids['this-month-a'],
      attribute: 'rating',
    });
    expect(notAffecting.json().message).toBe(DASHBOARD_TEXTS.notAffecting);
    // someone else's project: 404
    expect((await post(tr, { project_id: ids.others, entity_id: ids.others, attribute: 'rating' })).statusCode).toBe(
      404,
    );
    expect(
      (await post(other, { project_id: ids['low-rated'], entity_id: ids['low-rated'], attribute: 'rating' }))
        .statusCode,
    ).toBe(404);
    expect((await post(tr, { project_id: ids['low-rated'], attribute: 'rating' })).statusCode).toBe(400);
    expect(
      (await post(tr, { project_id: ids['low-rated'], entity_id: ids['low-rated'], attribute: 'mood' })).statusCode,
    ).toBe(400);
    expect(
      (await post(customer, { project_id: ids['low-rated'], entity_id: ids['low-rated'], attribute: 'rating' }))
        .statusCode,
    ).toBe(403);
    const rows = await t.app.deps.db.select().from(levelingContests);
    expect(rows).toHaveLength(1);
    const shown = (await tr.api.get(`/api/2/leveling/${tr.id}/projects-affected?type=qa`)).json();
    expect(shown.data[0].contest).toMatchObject({ status: 'open' });
  });

  it('a language manager accepts a contest: the item stops counting', async () => {
    const before = (await measureLeveling(t.app.deps.db, [tr.id], t.clock.now())).get(tr.id);
    expect(before?.reviewScore).toBe(830);
    const list = await authed(t.app, lm).get('/api/2/admin/leveling/contests?status=open');
    expect(list.statusCode).toBe(200);
    const [contest] = list.json().data;
    expect(contest).toMatchObject({ translatorId: tr.id, attribute: 'qa', entityId: lowQaReview, status: 'open' });
    expect((await customer.api.get('/api/2/admin/leveling/contests')).statusCode).toBe(404);
    const decide = (s: TestSession, status: string) =>
      authed(t.app, s).inject({
        method: 'POST',
        url: `/api/2/admin/leveling/contests/${contest.id}`,
        ...form({ status }),
      });
    expect((await decide(support, 'accepted')).statusCode).toBe(403);
    expect((await decide(lm, 'maybe')).statusCode).toBe(400);
    expect((await decide(lm, 'accepted')).statusCode).toBe(200);
    const twice = await decide(lm, 'rejected');
    expect(twice.json().message).toBe(DASHBOARD_TEXTS.contestNotOpen);
    const after = (await measureLeveling(t.app.deps.db, [tr.id], t.clock.now())).get(tr.id);
    expect(after?.reviewScore).toBe(960);
  });

  it('the scheduler stores the formula level with its parameters', async () => {
    const run = await t.app.deps.scheduler.runOnce();
    expect(run.failed).toEqual({});
    const measured = (await measureLeveling(t.app.deps.db, [tr.id], t.clock.now())).get(tr.id);
    if (!measured) throw new Error('not measured');
    const [row] = await t.app.deps.db.select().from(translatorProfiles).where(eq(translatorProfiles.userId, tr.id));
    expect(row.level).toBe(levelOf(measured));
    expect(row.levelParams).toMatchObject({ completedProjects: 4, disputesLost: 1 });
    // the other translator has one completed project: not enough evidence, the level stays
    const [o] = await t.app.deps.db.select().from(translatorProfiles).where(eq(translatorProfiles.userId, other.id));
    expect(o.level).toBe(3);
  });
});

describe('availability: active, vacation and recruitment', () => {
  const post = (fields: Record<string, string | number>) =>
    tr.api.inject({ method: 'POST', url: '/api/2/account/trans-inactive', ...form(fields) });

  it('a vacation needs both dates; inactive or on vacation means no recruitment', async () => {
    const one = await post({ flag_value: 0, vacation_from: '2026-01-01' });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toContain(DASHBOARD_TEXTS.vacationBothDates);
    const order = await post({ flag_value: 0, vacation_from: '2026-02-01', vacation_to: '2026-01-01' });
    expect(order.statusCode).toBe(400);

    const today = t.clock.now().toISOString().slice(0, 10);
    const farAhead = new Date(t.clock.now().getTime() + 10 * DAY).toISOString().slice(0, 10);
    expect((await post({ flag_value: 0, vacation_from: today, vacation_to: farAhead })).statusCode).toBe(200);
    const d = (await tr.api.get('/api/2/dashboard/additional-data')).json() as DashboardAdditionalData;
    expect(d).toMatchObject({
      vacation: true,
      vacation_date_from: today,
      vacation_date_to: farAhead,
      translator_status: 'vacation',
    });
    const onVacation = (await tr.api.get('/api/2/recruitment/check')).json().results;
    expect(onVacation.available).toBe(false);
    expect(onVacation.reasons).toContain('You are on vacation');

    expect((await post({ flag_value: 1, vacation: 0 })).statusCode).toBe(200);
    const inactive = (await tr.api.get('/api/2/recruitment/check')).json().results;
    expect(inactive).toMatchObject({ available: false, reasons: ['You are marked inactive'] });
    expect((await tr.api.get('/api/2/dashboard/additional-data')).json()).toMatchObject({
      vacation: false,
      translator_status: 'inactive',
    });

    expect((await post({ flag_value: 0 })).statusCode).toBe(200);
    expect((await tr.api.get('/api/2/recruitment/check')).json().results).toMatchObject({
      available: true,
      reasons: [],
    });
  });

  it('too many jobs in progress: not available', async () => {
    for (const i of [1, 2, 3, 4, 5])
      await history(`busy-${i}`, { daysAgo: 0, status: 'IN_PROGRESS', completedAt: null, deliveredAt: null });
    const r = (await tr.api.get('/api/2/recruitment/check')).json().results;
    expect(r).toMatchObject({ available: false, openJobs: 5, maxOpenJobs: 5 });
    await t.app.deps.db.update(projects).set({ status: 'COMPLETED' }).where(eq(projects.name, 'busy-1'));
  });
});
