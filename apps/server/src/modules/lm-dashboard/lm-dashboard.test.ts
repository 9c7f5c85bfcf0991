import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LM_ACL_GROUP, LM_TEXTS } from '@parlance/shared';
import {
  aclGroups,
  languages,
  myTeamMembers,
  projectReviews,
  projects,
  translatorLanguagePairs,
  translatorProfiles,
  userAclGroups,
  users,
} from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { authed, login, loginDemo, TEST_PASSWORD, type TestSession, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// The dashboard at the test clock's time: a fixture of projects on both sides of every boundary
// (8 hours, 24 hours, the deadline, 7 days), then each call with filters, sorting, paging and roles.

const HOUR = 3_600_000;
const MIN = 60_000;
const DAY = 24 * HOUR;

let t: TestApp;
let lm: TestSession;
let superAdmin: TestSession;
let staff: TestSession;
let customer: TestSession;
let translator: TestSession;
let now: Date;
let clientId: number;
let otherClientId: number;
const lang: Record<string, number> = {};
const ids: Record<string, number> = {};

async function staffUser(email: string, group: string | null) {
  const [u] = await t.app.deps.db
    .insert(users)
    .values({
      type: 'admin',
      isAdmin: false,
      email,
      name: 'Lena Manager',
      passwordHash: await hashPassword(TEST_PASSWORD, 'fast'),
    })
    .returning();
  if (group) {
    const [g] = await t.app.deps.db.select().from(aclGroups).where(eq(aclGroups.name, group));
    await t.app.deps.db.insert(userAclGroups).values({ userId: u.id, groupId: g.id });
  }
  return login(t.app, email, TEST_PASSWORD);
}

type NewProject = Partial<typeof projects.$inferInsert> & { key: string; ageMs: number };
async function project(p: NewProject) {
  const { key, ageMs, ...rest } = p;
  const createdAt = new Date(now.getTime() - ageMs);
  const [row] = await t.app.deps.db
    .insert(projects)
    .values({
      customerId: clientId,
      name: key,
      sourceLanguage: 'american-english',
      targetLanguage: 'italian',
      wordCount: 1000,
      deadline: new Date(now.getTime() + 3 * DAY),
      openToAllAt: createdAt,
      createdAt,
      statusChangedAt: createdAt,
      ...rest,
    })
    .returning();
  ids[key] = row.id;
  return row;
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  now = t.clock.now();
  for (const l of await t.app.deps.db.select().from(languages)) lang[l.slug] = l.id;
  lm = await staffUser(uniqueEmail('lm'), LM_ACL_GROUP);
  staff = await staffUser(uniqueEmail('staff'), null);
  superAdmin = await loginDemo(t.app, 'admin');
  customer = await loginDemo(t.app, 'customer');
  translator = await loginDemo(t.app, 'translator');
  const db = t.app.deps.db;
  const [c1] = await db
    .insert(users)
    .values({ type: 'customer', email: 'first.client@example.test', name: 'First Client' })
    .returning();
  const [c2] = await db
    .insert(users)
    .values({ type: 'customer', email: 'other.client@example.test', name: 'Other Client' })
    .returning();
  clientId = c1.id;
  otherClientId = c2.id;
  const [rosa] = await db
    .insert(users)
    .values({ type: 'translator', email: 'rosa.it@example.test', name: 'Rosa Italiano' })
    .returning();
  const [away] = await db
    .insert(users)
    .values({ type: 'translator', email: 'away.it@example.test', name: 'Away Translator' })
    .returning();
  await db.insert(translatorLanguagePairs).values([
    { userId: rosa.id, sourceLanguage: 'american-english', targetLanguage: 'italian' },
    { userId: away.id, sourceLanguage: 'american-english', targetLanguage: 'italian' },
  ]);
  await db.insert(translatorProfiles).values([
    { userId: rosa.id, isEditor: true, level: 5 },
    { userId: away.id, vacationFrom: '2000-01-01', vacationTo: '2999-01-01' },
  ]);
  await db.insert(myTeamMembers).values({ customerId: clientId, translatorId: rosa.id });

  // waiting: over 8 hours, up to 24 hours
  await project({ key: 'fresh', ageMs: 8 * HOUR - MIN });
  await project({ key: 'waiting8h', ageMs: 8 * HOUR + MIN });
  await project({
    key: 'waitingTeam',
    ageMs: 10 * HOUR,
    openToAllAt: new Date(now.getTime() - 8 * HOUR),
    type: 'translation-editing',
    wordCount: 5000,
  });
  await project({ key: 'waiting24h', ageMs: 24 * HOUR - MIN, targetLanguage: 'japanese', customerId: otherClientId });
  // delayed: over 24 hours, deadline not passed
  await project({ key: 'delayed24h', ageMs: 24 * HOUR + MIN });
  await project({ key: 'delayedOld', ageMs: 5 * DAY, needProofreading: true });
  // expired: the deadline passed and nobody took it
  await project({ key: 'expired', ageMs: 6 * DAY, deadline: new Date(now.getTime() - MIN) });
  // taken: not waiting however old
  await project({
    key: 'inProgress',
    ageMs: 2 * DAY,
    status: 'IN_PROGRESS',
    translatorId: rosa.id,
    takenAt: new Date(now.getTime() - DAY),
  });
  await project({ key: 'inReview', ageMs: 3 * DAY, status: 'IN_REVIEW', translatorId: rosa.id, exclusive: 1 });
  // quality: a low rating inside and outside the 7 days, a low cqr review, low QA and LL scores
  const done = { status: 'COMPLETED' as const, translatorId: rosa.id, deliveredAt: new Date(now.getTime() - DAY) };
  await project({
    key: 'lowRating',
    ageMs: 9 * DAY,
    ...done,
    rating: 2,
    ratedAt: new Date(now.getTime() - 7 * DAY + HOUR),
  });
  await project({
    key: 'oldRating',
    ageMs: 20 * DAY,
    ...done,
    rating: 1,
    ratedAt: new Date(now.getTime() - 7 * DAY - HOUR),
  });
  await project({ key: 'goodRating', ageMs: 9 * DAY, ...done, rating: 4, ratedAt: new Date(now.getTime() - DAY) });
  const cqr = await project({ key: 'lowCqr', ageMs: 9 * DAY, ...done });
  const qa = await project({ key: 'lowQa', ageMs: 12 * DAY, ...done });
  const ll = await project({ key: 'lowLl', ageMs: 12 * DAY, ...done });
  const fine = await project({ key: 'goodQa', ageMs: 12 * DAY, ...done });
  await db.insert(projectReviews).values([
    { projectId: cqr.id, kind: 'cqr', score: 700, createdAt: new Date(now.getTime() - 2 * DAY) },
    { projectId: qa.id, kind: 'qa', score: 799 },
    { projectId: ll.id, kind: 'll', score: 500 },
    { projectId: fine.id, kind: 'qa', score: 800 },
  ]);
  // internal jobs never count
  await project({ key: 'qaJob', ageMs: 10 * HOUR, kind: 'qa' });
});

afterAll(() => t.close());

const tile = (s: TestSession, name: string, query = '') =>
  authed(t.app, s).get(`/api/2/dashboard/projects/${name}${query}`);
const list = (s: TestSession, query: string) => authed(t.app, s).get(`/api/2/project/list?${query}`);

describe('GET /api/2/dashboard/projects/{tile}', () => {
  it('counts each tile by its definition at the clock time, with MyTeam and editing', async () => {
    const waiting = (await tile(lm, 'waiting')).json().results;
    // 8h - 1 min is not waiting yet; 8h + 1 min, 10h and 24h - 1 min are
    expect(waiting).toMatchObject({ total: 3, myTeam: 1, editing: 1 });
    expect(waiting.chart).toEqual([
      { label: 'American English → Italian', short: 'en-US → it', count: 2 },
      { label: 'American English → Japanese', short: 'en-US → ja', count: 1 },
    ]);
    expect((await tile(lm, 'delayed')).json().results).toMatchObject({ total: 2, myTeam: 0, editing: 1 });
    expect((await tile(lm, 'expired')).json().results).toMatchObject({ total: 1, chart: [] });
    expect((await tile(lm, 'in-progress')).json().results).toMatchObject({ total: 2 });
    expect((await tile(lm, 'low-quality')).json().results.total).toBe(2);
    expect((await tile(lm, 'low-qa')).json().results.total).toBe(1);
    expect((await tile(lm, 'low-ll')).json().results.total).toBe(1);
  });

  it('moves projects across the 8 and 24 hour boundaries as the clock runs', async () => {
    t.clock.advance(2 * MIN);
    try {
      // "fresh" turned 8 hours; "waiting24h" turned 24 hours and is delayed now
      expect((await tile(lm, 'waiting')).json().results.total).toBe(3);
      expect((await tile(lm, 'delayed')).json().results.total).toBe(3);
    } finally {
      t.clock.advance(-2 * MIN);
    }
  });

  it('keeps the low QA figure with every review written, changed or removed (the trigger of migration 0011)', async () => {
    const db = t.app.deps.db;
    const [extra] = await db
      .insert(projectReviews)
      .values({ projectId: ids.goodQa, kind: 'qa', score: 650 })
      .returning();
    expect((await tile(lm, 'low-qa')).json().results.total).toBe(2);
    await db.update(projectReviews).set({ score: 950 }).where(eq(projectReviews.id, extra.id));
    expect((await tile(lm, 'low-qa')).json().results.total).toBe(1);
    await db.update(projectReviews).set({ score: 100 }).where(eq(projectReviews.id, extra.id));
    expect((await tile(lm, 'low-qa')).json().results.total).toBe(2);
    await db.delete(projectReviews).where(eq(projectReviews.id, extra.id));
    expect((await tile(lm, 'low-qa')).json().results.total).toBe(1);
    expect((await tile(lm, 'low-ll')).json().results.total).toBe(1);
  });

  it('follows the language, client and date filters', async () => {
    const it = lang.italian;
    expect((await tile(lm, 'waiting', `?target_language_id=${lang.japanese}`)).json().results.total).toBe(1);
    expect((await tile(lm, 'waiting', `?target_language_id=${it},${lang.japanese}`)).json().results.total).toBe(3);
    expect((await tile(lm, 'waiting', `?source_language_id=${lang.french}`)).json().results.total).toBe(0);
    expect((await tile(lm, 'waiting', `?client=${otherClientId}`)).json().results.total).toBe(1);
    expect((await tile(lm, 'waiting', '?client=OTHER.client@example.test')).json().results.total).toBe(1);
    expect((await tile(lm, 'waiting', '?client=nobody@example.test')).json().results.total).toBe(0);
    const from = Math.floor((now.getTime() - 12 * HOUR) / 1000);
    expect((await tile(lm, 'waiting', `?date_from=${from}`)).json().results.total).toBe(2);
    expect((await tile(lm, 'waiting', `?date_from=10000&date_to=${from}`)).json().results.total).toBe(1);
  });

  it('answers 400 with a clear message on malformed filters', async () => {
    const bad = async (query: string, text: string) => {
      const res = await tile(lm, 'waiting', query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(text);
    };
    await bad('?source_language_id=99999', `${LM_TEXTS.badLanguage} 99999`);
    await bad('?target_language_id=abc', LM_TEXTS.badLanguage);
    await bad('?date_from=yesterday', LM_TEXTS.badDate);
    await bad('?date_from=20000&date_to=10000', LM_TEXTS.dateOrder);
    await bad('?client=Acme', 'client ID or e-mail');
    expect((await tile(lm, 'nonsense')).statusCode).toBe(404);
  });

  it('is for language managers and super-admins: others get 404, staff 403, guests 401', async () => {
    expect((await tile(superAdmin, 'waiting')).statusCode).toBe(200);
    expect((await tile(customer, 'waiting')).statusCode).toBe(404);
    expect((await tile(translator, 'waiting')).statusCode).toBe(404);
    const res = await tile(staff, 'waiting');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(LM_TEXTS.forbidden);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/dashboard/projects/waiting' })).statusCode).toBe(401);
  });

  it('takes the bearer token', async () => {
    const token = (await authed(t.app, lm).get('/api/2/auth/token')).json().results.jwt.access_token as string;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/2/dashboard/projects/expired',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.total).toBe(1);
  });
});

describe('GET /api/2/dashboard/users/available-translators', () => {
  it('counts LL reviews waiting over projects in scope, and those submitted in the date range', async () => {
    const db = t.app.deps.db;
    const reviewed = async (name: string) =>
      (
        await db
          .insert(projects)
          .values({
            customerId: otherClientId,
            name,
            sourceLanguage: 'american-english',
            targetLanguage: 'german',
            wordCount: 500,
            status: 'COMPLETED',
            createdAt: new Date(now.getTime() - 20 * DAY),
          })
          .returning()
      )[0].id;
    const waitingFor = await reviewed('waits for its LL review');
    const beingReviewed = await reviewed('under LL review');
    const doneRecently = await reviewed('LL reviewed this week');
    const doneLongAgo = await reviewed('LL reviewed last year');
    const llJob = (reviewedProjectId: number, status: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED') => ({
      customerId: superAdmin.user.id,
      name: `LL ${reviewedProjectId}`,
      kind: 'll' as const,
      reviewedProjectId,
      sourceLanguage: 'american-english',
      targetLanguage: 'german',
      wordCount: 500,
      status,
    });
    await db
      .insert(projects)
      .values([
        llJob(waitingFor, 'PENDING'),
        llJob(beingReviewed, 'IN_PROGRESS'),
        llJob(doneRecently, 'COMPLETED'),
        llJob(doneLongAgo, 'COMPLETED'),
      ]);
    await db.insert(projectReviews).values([
      { projectId: doneRecently, kind: 'll', score: 990, createdAt: new Date(now.getTime() - 2 * DAY) },
      { projectId: doneLongAgo, kind: 'll', score: 980, createdAt: new Date(now.getTime() - 400 * DAY) },
      // a QA review is not an LL review
      { projectId: doneRecently, kind: 'qa', score: 970, createdAt: new Date(now.getTime() - DAY) },
    ]);
    const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
    const figures = async (query: string) =>
      (await authed(t.app, lm).get(`/api/2/dashboard/users/available-translators?${query}`)).json().results;
    const week = `date_from=${seconds(new Date(now.getTime() - 7 * DAY))}&date_to=${seconds(now)}`;
    expect(await figures(`target_language_id=${lang.german}&${week}`)).toMatchObject({ llWaiting: 2, llDone: 1 });
    expect(await figures(`target_language_id=${lang.german}`)).toMatchObject({ llWaiting: 2, llDone: 2 });
    // other languages, or another client: none of these
    expect(await figures(`target_language_id=${lang.japanese}&${week}`)).toMatchObject({ llWaiting: 0, llDone: 0 });
    expect(await figures(`client=${clientId}&target_language_id=${lang.german}`)).toMatchObject({
      llWaiting: 0,
      llDone: 0,
    });
  });

  it('counts translators available today in the chosen pair, editors, and waiting pilot projects', async () => {
    const res = await authed(t.app, lm).get(
      `/api/2/dashboard/users/available-translators?source_language_id=${lang['american-english']}&target_language_id=${lang.italian}`,
    );
    expect(res.statusCode).toBe(200);
    // Rosa; the one on vacation is not available
    expect(res.json().results).toMatchObject({ total: 1, translators: 1, editors: 1 });
    // the first client's first project is waiting: a pilot; so is the other client's only one (Japanese)
    expect(res.json().results.waitingPilot).toBe(1);
    const all = await authed(t.app, lm).get(
      `/api/2/dashboard/users/available-translators?target_language_id=${lang.italian},${lang.japanese}`,
    );
    expect(all.json().results.waitingPilot).toBe(2);
    // out of both translators of the pair: Rosa at the top level, the other on vacation
    expect(res.json().results).toMatchObject({ allTranslators: 2, topReviewers: 1, onVacation: 1 });
    expect((await authed(t.app, customer).get('/api/2/dashboard/users/available-translators')).statusCode).toBe(404);
    expect((await authed(t.app, staff).get('/api/2/dashboard/users/available-translators')).statusCode).toBe(403);
  });
});

describe('GET /api/2/project/list', () => {
  it('lists a tile with the row fields, badges and allocation', async () => {
    const res = await list(lm, 'workflow_status=3&sort=id&order=asc');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(2);
    expect(body.data.map((r: { id: number }) => r.id)).toEqual([ids.inProgress, ids.inReview]);
    expect(body.data[1]).toMatchObject({
      exclusive: 1,
      badges: ['MT', 'TR'],
      source_language: { id: lang['american-english'], name: 'American English', flag: 'US' },
      target_language: { id: lang.italian, name: 'Italian', flag: 'IT' },
      word_count: 1000,
      allocation: [{ name: 'Rosa Italiano', role: 'translator' }],
    });
  });

  it('maps workflow status, delayed and alerts to the tiles, and filters by type', async () => {
    const idsOf = async (q: string) =>
      (await list(lm, q))
        .json()
        .data.map((r: { id: number }) => r.id)
        .sort();
    expect(await idsOf('workflow_status=2')).toEqual([ids.waiting8h, ids.waitingTeam, ids.waiting24h].sort());
    expect(await idsOf('workflow_status=9')).toEqual([ids.expired]);
    expect(await idsOf('delayed=1')).toEqual([ids.delayed24h, ids.delayedOld].sort());
    expect(await idsOf('alerts=low_quality')).toEqual([ids.lowRating, ids.lowCqr].sort());
    expect(await idsOf('alerts=low_qa')).toEqual([ids.lowQa]);
    expect(await idsOf('alerts=low_ll')).toEqual([ids.lowLl]);
    expect(await idsOf('workflow_status=2&type=editing')).toEqual([ids.waitingTeam]);
    expect(await idsOf('workflow_status=2&type=myteam')).toEqual([ids.waitingTeam]);
    expect(await idsOf('workflow_status=2&type=translation')).toEqual([ids.waiting8h, ids.waiting24h].sort());
  });

  it('sorts by word count and pages by 30', async () => {
    const sorted = (await list(lm, 'workflow_status=2&sort=word_count&order=desc')).json().data;
    expect(sorted[0].id).toBe(ids.waitingTeam);
    // 40 more in-progress projects: two pages
    const db = t.app.deps.db;
    const [rosa] = await db.select().from(users).where(eq(users.email, 'rosa.it@example.test'));
    for (let i = 0; i < 40; i++) {
      await project({
        key: `bulk${i}`,
        ageMs: DAY + i * MIN,
        status: 'IN_PROGRESS',
        translatorId: rosa.id,
        wordCount: 100 + i,
      });
    }
    const first = (await list(lm, 'workflow_status=3&sort=word_count&order=asc&page=1')).json();
    const second = (await list(lm, 'workflow_status=3&sort=word_count&order=asc&page=2')).json();
    expect(first.totalCount).toBe(42);
    expect(first.data).toHaveLength(30);
    expect(second.data).toHaveLength(12);
    const all = [...first.data, ...second.data].map((r: { word_count: number }) => r.word_count);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(new Set([...first.data, ...second.data].map((r: { id: number }) => r.id)).size).toBe(42);
    expect((await list(lm, 'workflow_status=3&page=3')).json().data).toEqual([]);
  });

  it('answers 400 on a list without a tile or with bad parameters, and checks roles', async () => {
    const bad = async (q: string) => {
      const res = await list(lm, q);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await bad('sort=id')).toContain(LM_TEXTS.chooseTile);
    expect(await bad('workflow_status=2&alerts=low_qa')).toContain(LM_TEXTS.chooseTile);
    await bad('workflow_status=4');
    await bad('workflow_status=2&sort=price');
    await bad('workflow_status=2&page=0');
    await bad('workflow_status=2&type=urgent');
    expect(await bad('workflow_status=2&date_from=1x')).toContain(LM_TEXTS.badDate);
    expect((await list(customer, 'workflow_status=2')).statusCode).toBe(404);
    expect((await list(staff, 'workflow_status=2')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/project/list?workflow_status=2' })).statusCode).toBe(401);
  });
});

describe('GET /api/2/dashboard/capacity', () => {
  it('puts the pairs at risk first with open words, translators and throughput', async () => {
    const res = await authed(t.app, lm).get(
      `/api/2/dashboard/capacity?target_language_id=${lang.italian},${lang.japanese}`,
    );
    expect(res.statusCode).toBe(200);
    const { data, totalCount } = res.json();
    expect(totalCount).toBe(2);
    // nobody translates into Japanese: at risk, first
    expect(data[0]).toMatchObject({
      target_language: { name: 'Japanese' },
      openProjects: 1,
      openWords: 1000,
      availableTranslators: 0,
      risk: 'high',
    });
    const italian = data[1];
    // 9,000 open words at 7,000 words a month: about 39 days to clear, at risk too
    expect(italian).toMatchObject({
      target_language: { name: 'Italian' },
      availableTranslators: 1,
      availableEditors: 1,
      wordsPerDay: 233,
      daysToClear: 38.6,
      risk: 'high',
    });
    // open: fresh, waiting8h, waitingTeam (5000), delayed24h, delayedOld; the expired one is not open
    expect(italian.openProjects).toBe(5);
    expect(italian.openWords).toBe(9000);
    expect(italian.waitingWords).toBe(8000);
    // 7 completed projects delivered yesterday, 1000 words each
    expect(italian.deliveredWords30d).toBe(7000);
    expect((await authed(t.app, customer).get('/api/2/dashboard/capacity')).statusCode).toBe(404);
    expect((await authed(t.app, lm).get('/api/2/dashboard/capacity?date_from=5&date_to=1')).statusCode).toBe(400);
  });
});
