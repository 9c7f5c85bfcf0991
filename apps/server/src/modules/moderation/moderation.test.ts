import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_ACL_GROUP, MODERATION_TEXTS, type ModerationItem, type VocabularyWord } from '@parlance/shared';
import { aclGroups, auditLog, realtimeEvents, userAclGroups, userMessages, users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { authed, login, TEST_PASSWORD, type TestSession, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { detailOf, newCustomer, newTranslator, type Person, paidProject } from '../projects/projects-test-helpers';

// Moderation and vocabulary calls (spec 2 section 7) with every role and bad inputs, and the project
// discussion as a moderation source: a flagged post is held, seen by its author only, delivered once
// on approval (live), and its author is told on decline.

let t: TestApp;
let moderator: TestSession;
let superAdmin: TestSession;
let staff: TestSession;
let customerDemo: TestSession;
let translatorDemo: TestSession;
let moderatorId: number;

async function staffUser(email: string, group: string | null) {
  const [u] = await t.app.deps.db
    .insert(users)
    .values({
      type: 'admin',
      isAdmin: false,
      email,
      name: 'Mona Moderator',
      passwordHash: await hashPassword(TEST_PASSWORD, 'fast'),
    })
    .returning();
  if (group) {
    const [g] = await t.app.deps.db.select().from(aclGroups).where(eq(aclGroups.name, group));
    await t.app.deps.db.insert(userAclGroups).values({ userId: u.id, groupId: g.id });
  }
  return { session: await login(t.app, email, TEST_PASSWORD), id: u.id };
}

const api = (s: TestSession) => authed(t.app, s);
const patch = (s: TestSession, url: string, payload: object) => api(s).inject({ method: 'PATCH', url, payload });

beforeAll(async () => {
  t = await createTestApp();
  const m = await staffUser(uniqueEmail('moderator'), MODERATION_ACL_GROUP);
  moderator = m.session;
  moderatorId = m.id;
  staff = (await staffUser(uniqueEmail('staff'), null)).session;
  const [admin] = await t.app.deps.db
    .insert(users)
    .values({
      type: 'admin',
      isAdmin: true,
      email: uniqueEmail('super'),
      name: 'Super Admin',
      passwordHash: await hashPassword(TEST_PASSWORD, 'fast'),
    })
    .returning();
  superAdmin = await login(t.app, admin.email, TEST_PASSWORD);
  customerDemo = (await newCustomer(t.app, 0)).session;
  translatorDemo = (await newTranslator(t.app)).session;
});

afterAll(async () => {
  await t.close();
});

describe('who may call', () => {
  const calls: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object][] = [
    ['GET', '/moderation/api/languages'],
    ['POST', '/moderation/api/languages', { title: 'Klingon' }],
    ['PATCH', '/moderation/api/languages/1', { title: 'Vulcan' }],
    ['GET', '/moderation/api/search/word/abc'],
    ['POST', '/moderation/api/words', { title: 'x', language: 1 }],
    ['GET', '/moderation/api/words/1'],
    ['DELETE', '/moderation/api/words/1'],
    ['GET', '/moderation/api/moderations/search'],
    ['GET', '/moderation/api/moderations/1'],
    ['PATCH', '/moderation/api/moderations/1', { status: 'approved' }],
  ];

  it.each(calls)(
    '%s %s: guests 401, customers and translators 404, other staff 403, even with bad input',
    async (method, url, body) => {
      const guest = await t.app.inject({ method, url, payload: body });
      expect(guest.statusCode).toBe(401);
      for (const s of [customerDemo, translatorDemo]) {
        const res = await api(s).inject({ method, url, payload: body });
        expect(res.statusCode).toBe(404);
        const bad = await api(s).inject({
          method,
          url,
          payload: method === 'GET' || method === 'DELETE' ? undefined : { title: 7 },
        });
        expect(bad.statusCode).toBe(404);
      }
      const other = await api(staff).inject({ method, url, payload: body });
      expect(other.statusCode).toBe(403);
    },
  );

  it('the bearer token of GET /api/2/auth/token opens the calls; a bad token is 401', async () => {
    const token = (await api(moderator).get('/api/2/auth/token')).json().results;
    expect(token.acl_groups).toContain(MODERATION_ACL_GROUP);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/moderation/api/languages',
      headers: { authorization: `Bearer ${token.jwt.access_token}` },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/moderation/api/languages',
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(bad.statusCode).toBe(401);
    expect((await api(superAdmin).get('/moderation/api/languages')).statusCode).toBe(200);
  });
});

describe('vocabulary', () => {
  let english: number;

  it('adds languages with unique names (case folded) and renames them', async () => {
    const created = await api(moderator).postJson('/moderation/api/languages', { title: '  English ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'English', words: 0 });
    english = created.json().id;
    const again = await api(moderator).postJson('/moderation/api/languages', { title: 'ENGLISH' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_TEXTS.languageExists);
    const empty = await api(moderator).postJson('/moderation/api/languages', { title: '   ' });
    expect(empty.statusCode).toBe(400);
    const long = await api(moderator).postJson('/moderation/api/languages', { title: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    const german = (await api(moderator).postJson('/moderation/api/languages', { title: 'Deutsch' })).json();
    const clash = await patch(moderator, `/moderation/api/languages/${german.id}`, { title: 'english' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(MODERATION_TEXTS.languageExists);
    const renamed = await patch(moderator, `/moderation/api/languages/${german.id}`, { title: 'German' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('German');
    expect((await patch(moderator, '/moderation/api/languages/99999', { title: 'Nope' })).statusCode).toBe(404);
    expect((await patch(moderator, '/moderation/api/languages/abc', { title: 'Nope' })).statusCode).toBe(400);
    const list = (await api(moderator).get('/moderation/api/languages')).json();
    expect(list.map((l: { name: string }) => l.name)).toEqual(['English', 'German']);
  });

  it('adds words (unique per language), pages them 30 at a time with headers, searches and deletes', async () => {
    const empty = await api(moderator).get(`/moderation/api/words/${english}`);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
    const first = await api(moderator).postJson('/moderation/api/words', { title: 'Scam', language: english });
    expect(first.statusCode).toBe(201);
    const dup = await api(moderator).postJson('/moderation/api/words', { title: 'scam', language: String(english) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MODERATION_TEXTS.wordExists);
    expect((await api(moderator).postJson('/moderation/api/words', { title: '', language: english })).statusCode).toBe(
      400,
    );
    expect(
      (await api(moderator).postJson('/moderation/api/words', { title: '!!!', language: english })).statusCode,
    ).toBe(400);
    expect((await api(moderator).postJson('/moderation/api/words', { title: 'x' })).statusCode).toBe(400);
    expect((await api(moderator).postJson('/moderation/api/words', { title: 'x', language: 99999 })).statusCode).toBe(
      404,
    );
    for (let i = 0; i < 31; i++) {
      await api(moderator).postJson('/moderation/api/words', { title: `badword${i}`, language: english });
    }
    const page1 = await api(moderator).get(`/moderation/api/words/${english}`);
    expect(page1.json()).toHaveLength(30);
    expect(page1.headers['x-total-count']).toBe('32');
    expect(page1.headers['x-page-count']).toBe('2');
    expect(page1.headers['x-per-page']).toBe('30');
    expect(page1.headers.link).toContain('rel="next"');
    const page2 = await api(moderator).get(`/moderation/api/words/${english}?page=2`);
    expect(page2.json().map((w: VocabularyWord) => w.word)).toEqual(['badword0', 'Scam']);
    expect((await api(moderator).get('/moderation/api/words/99999')).statusCode).toBe(404);
    expect((await api(moderator).get(`/moderation/api/words/${english}?page=0`)).statusCode).toBe(400);

    const found = await api(moderator).get('/moderation/api/search/word/SCA');
    expect(found.json().map((w: VocabularyWord) => w.word)).toEqual(['Scam']);
    expect((await api(moderator).get('/moderation/api/search/word/%25')).json()).toEqual([]);
    const inLanguage = await api(moderator).get(`/moderation/api/search/word/badword1?language=${english}`);
    expect(inLanguage.headers['x-total-count']).toBe('11');

    const scam = first.json().id;
    expect((await api(moderator).delete(`/moderation/api/words/${scam}`)).statusCode).toBe(204);
    expect((await api(moderator).delete(`/moderation/api/words/${scam}`)).statusCode).toBe(404);
    const actions = await t.app.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, moderatorId));
    const names = new Set(actions.map((a) => a.action));
    for (const action of [
      'moderation.language.add',
      'moderation.language.rename',
      'moderation.word.add',
      'moderation.word.delete',
    ]) {
      expect(names).toContain(action);
    }
  });
});

describe('the project discussion under moderation', () => {
  let customer: Person;
  let translator: Person;
  let projectId: number;

  beforeAll(async () => {
    customer = await newCustomer(t.app);
    translator = await newTranslator(t.app);
    projectId = await paidProject(t.app, customer);
    detailOf(await translator.api.post(`/api/2/job/${projectId}/take`));
  });

  const messagesOf = async (p: Person) => detailOf(await p.api.get(`/api/2/projects/${projectId}`)).messages;
  const post = (p: Person, body: string) => p.api.postJson(`/api/2/projects/${projectId}/messages`, { body });
  const eventsFor = (userId: number) =>
    t.app.deps.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.userId, userId), eq(realtimeEvents.type, 'project.message')));
  const search = async (query = '') =>
    (await api(moderator).get(`/moderation/api/moderations/search?${query}`)).json() as ModerationItem[];

  it('a clean post is delivered at once', async () => {
    const res = await post(translator, 'Hello! The first draft is ready, 1,250 words, by 14:30 on 2025-05-12.');
    expect(res.statusCode).toBe(200);
    expect(res.json().moderationStatus).toBeNull();
    expect(await messagesOf(customer)).toHaveLength(1);
  });

  it('a phone number is held: only its author sees it; approving twice delivers once, live', async () => {
    const customerEventsBefore = (await eventsFor(customer.id)).length;
    const boxBefore = (await t.app.deps.db.select().from(userMessages).where(eq(userMessages.userId, customer.id)))
      .length;
    const res = await post(translator, 'Call me on +1 (415) 555-1234 so we can talk directly');
    expect(res.statusCode).toBe(200);
    expect(res.json().moderationStatus).toBe('pending');
    const mine = await messagesOf(translator);
    expect(mine.at(-1)).toMatchObject({ moderationStatus: 'pending', mine: true });
    expect(await messagesOf(customer)).toHaveLength(1);
    expect(await eventsFor(customer.id)).toHaveLength(customerEventsBefore);

    const [held] = await search('status=pending');
    expect(held).toMatchObject({
      source: 'discussionBoard',
      status: 'pending',
      author: { id: translator.id, externalId: String(translator.id), type: 'translator' },
      link: expect.stringContaining(`/project/${projectId}`),
    });
    expect(held.reasons).toEqual([{ type: 'phone', match: '+1 (415) 555-1234' }]);
    expect(held.language).toBe('English');

    const approve = () => patch(moderator, `/moderation/api/moderations/${held.id}`, { status: 'approved' });
    const [a, b] = await Promise.all([approve(), approve()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().status).toBe('approved');
    expect((await approve()).statusCode).toBe(200);
    const declineAfter = await patch(moderator, `/moderation/api/moderations/${held.id}`, { status: 'declined' });
    expect(declineAfter.statusCode).toBe(409);

    const seen = await messagesOf(customer);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({
      body: 'Call me on +1 (415) 555-1234 so we can talk directly',
      moderationStatus: 'approved',
    });
    expect(await eventsFor(customer.id)).toHaveLength(customerEventsBefore + 1);
    const box = await t.app.deps.db.select().from(userMessages).where(eq(userMessages.userId, customer.id));
    expect(box).toHaveLength(boxBefore + 1);

    const detail = (await api(moderator).get(`/moderation/api/moderations/${held.id}`)).json() as ModerationItem;
    expect(detail.history.map((h) => h.status)).toEqual(['pending', 'approved']);
    expect(detail.history[1].actor?.id).toBe(moderatorId);
  });

  it('a declined post stays with its author, marked declined', async () => {
    const res = await post(translator, 'write me at anna dot smith at gmail dot com');
    expect(res.json().moderationStatus).toBe('pending');
    const [held] = await search('status=pending');
    expect(held.reasons[0].type).toBe('email');
    const declined = await patch(moderator, `/moderation/api/moderations/${held.id}`, { status: 'declined' });
    expect(declined.statusCode).toBe(200);
    expect((await messagesOf(translator)).at(-1)?.moderationStatus).toBe('declined');
    expect(await messagesOf(customer)).toHaveLength(2);
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'moderation.decline'), eq(auditLog.targetId, String(held.id))));
    expect(audit).toHaveLength(1);
  });

  it('the table filters by status, date range and one search box, paged on the server', async () => {
    expect(await search('status=approved')).toHaveLength(1);
    expect(await search('status=declined')).toHaveLength(1);
    expect(await search()).toHaveLength(2);
    expect(await search(`q=${translator.id}`)).toHaveLength(2);
    expect(await search('q=declined')).toHaveLength(1);
    expect(await search('q=english')).toHaveLength(2);
    expect(await search('q=nothing-like-this')).toHaveLength(0);
    expect(await search(`externalId=${translator.id}&status=approved`)).toHaveLength(1);
    expect(await search('externalId=abc')).toHaveLength(0);
    // the default range starts one day ago
    t.clock.advance(2 * 86_400_000);
    expect(await search()).toHaveLength(0);
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await search(`from=${from}`)).toHaveLength(2);
    const paged = await api(moderator).get(`/moderation/api/moderations/search?from=${from}&perPage=25&page=2`);
    expect(paged.json()).toEqual([]);
    expect(paged.headers['x-total-count']).toBe('2');
    for (const bad of ['status=maybe', 'from=yesterday', 'perPage=7', 'page=0']) {
      const res = await api(moderator).get(`/moderation/api/moderations/search?${bad}`);
      expect(res.statusCode).toBe(400);
    }
    expect((await api(moderator).get('/moderation/api/moderations/99999')).statusCode).toBe(404);
    expect((await patch(moderator, '/moderation/api/moderations/99999', { status: 'approved' })).statusCode).toBe(404);
    expect((await patch(moderator, '/moderation/api/moderations/1', { status: 'pending' })).statusCode).toBe(400);
  });

  it('a banned word of the project language holds a post; the vocabulary change is seen at once', async () => {
    const [english] = (await api(moderator).get('/moderation/api/languages')).json();
    await api(moderator).postJson('/moderation/api/words', { title: 'pay outside', language: english.id });
    const res = await post(customer, 'Can we PAY OUTSIDE the platform?');
    expect(res.json().moderationStatus).toBe('pending');
    // the translator's own three posts (one declined), not the customer's held one
    expect((await messagesOf(translator)).map((m) => m.mine)).toEqual([true, true, true]);
  });
});
