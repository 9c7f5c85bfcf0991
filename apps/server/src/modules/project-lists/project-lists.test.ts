import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectList, ProjectRow } from '@parlance/shared';
import { projectReviews, translatorProfiles, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { translatorEarnings } from '../projects/work-rules';
import { giveSkills, insertProject, newPerson, type Person } from './list-test-helpers';

let t: TestApp;
let alice: Person;
let bob: Person;
let tom: Person;
let tina: Person;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  alice = await newPerson(t.app, 'client', 'Alice Customer');
  bob = await newPerson(t.app, 'client', 'Bob Customer');
  tom = await newPerson(t.app, 'translator', 'Tom Translator');
  tina = await newPerson(t.app, 'translator', 'Tina Translator');
});
afterAll(() => t.close());

async function list(p: Person, url: string): Promise<ProjectList> {
  const res = await p.api.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProjectList;
}

describe('GET /api/2/account/customer-projects', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    ids = {
      pending: await insertProject(db(), { customerId: alice.id, name: 'Alpha manual', status: 'PENDING' }, ['legal']),
      pre: await insertProject(db(), { customerId: alice.id, name: 'Beta', status: 'PREPROCESSING', wordCount: 50 }),
      running: await insertProject(
        db(),
        {
          customerId: alice.id,
          name: 'Gamma 100%_off',
          status: 'IN_PROGRESS',
          translatorId: tom.id,
          targetLanguage: 'french',
        },
        ['legal', 'urgent'],
      ),
      delayed: await insertProject(db(), {
        customerId: alice.id,
        name: 'Delta',
        status: 'DELAYED',
        expertise: 'medical',
      }),
      review: await insertProject(db(), {
        customerId: alice.id,
        name: 'Epsilon',
        status: 'IN_REVIEW',
        type: 'translation-editing',
        exclusive: 1,
      }),
      ready: await insertProject(db(), { customerId: alice.id, name: 'Zeta', status: 'READY', priceCredits: 123 }),
      done: await insertProject(db(), { customerId: alice.id, name: 'Eta', status: 'COMPLETED', wordCount: 5000 }),
      cancelled: await insertProject(db(), { customerId: alice.id, name: 'Theta', status: 'CANCELLED' }),
      hold: await insertProject(db(), { customerId: alice.id, name: 'Iota', status: 'HOLD' }),
      bobs: await insertProject(db(), { customerId: bob.id, name: 'Bob project', status: 'PENDING' }, ['legal']),
    };
  });

  it('lists only the customer’s projects, newest first, with the total', async () => {
    const body = await list(alice, '/api/2/account/customer-projects');
    expect(body.totalCount).toBe(9);
    expect(body.data).toHaveLength(9);
    expect(body.data.map((r) => r.id)).toEqual([...body.data.map((r) => r.id)].sort((a, b) => b - a));
    expect(body.data.some((r) => r.id === ids.bobs)).toBe(false);
    const bobs = await list(bob, '/api/2/account/customer-projects');
    expect(bobs.data.map((r) => r.id)).toEqual([ids.bobs]);
  });

  it('answers a row as the contract says: labels, type name, badges, tags, price and no earnings', async () => {
    const body = await list(alice, '/api/2/account/customer-projects');
    const running = body.data.find((r) => r.id === ids.running) as ProjectRow;
    expect(running).toMatchObject({
      name: 'Gamma 100%_off',
      status: 'IN_PROGRESS',
      statusLabel: 'In Progress',
      type: 'translation',
      typeName: 'Translation',
      tags: ['legal', 'urgent'],
      badges: ['TR'],
      translatorName: 'Tom Translator',
      customerName: 'Alice Customer',
      priceCredits: 10_000,
      kind: 'classic',
    });
    expect(running).not.toHaveProperty('earningsCredits');
    const review = body.data.find((r) => r.id === ids.review) as ProjectRow;
    expect(review.badges).toEqual(['E', 'MT']);
    expect(review.typeName).toBe('Translation + Editing');
    expect(body.data.find((r) => r.id === ids.ready)?.statusLabel).toBe('Translation Received');
  });

  it('each row carries the actions its project page offers the customer', async () => {
    const { data } = await list(alice, '/api/2/account/customer-projects?perPage=100');
    expect(data.length).toBeGreaterThan(3);
    for (const row of data) {
      const detail = await alice.api.get(`/api/2/projects/${row.id}`);
      expect(detail.statusCode).toBe(200);
      expect([...row.actions].sort(), row.status).toEqual([...detail.json().actions].sort());
    }
    const pending = data.find((r) => r.id === ids.pending);
    expect(pending?.actions).toContain('cancel');
    expect(data.find((r) => r.id === ids.running)?.actions).not.toContain('cancel');
  });

  it('filters by status value (PENDING with PREPROCESSING, IN_PROGRESS with DELAYED and IN_REVIEW)', async () => {
    const ofStatus = async (s: string) =>
      (await list(alice, `/api/2/account/customer-projects?status=${s}`)).data.map((r) => r.id).sort();
    expect(await ofStatus('PENDING')).toEqual([ids.pending, ids.pre].sort());
    expect(await ofStatus('IN_PROGRESS')).toEqual([ids.running, ids.delayed, ids.review].sort());
    expect(await ofStatus('READY')).toEqual([ids.ready]);
    expect(await ofStatus('COMPLETED')).toEqual([ids.done]);
    expect(await ofStatus('CANCELLED')).toEqual([ids.cancelled]);
    expect((await list(alice, '/api/2/account/customer-projects?status=ALL')).totalCount).toBe(9);
  });

  it('filters by id, tag, languages, expertise and a search in the name (wildcards literal)', async () => {
    const ids_ = async (q: string) =>
      (await list(alice, `/api/2/account/customer-projects?${q}`)).data.map((r) => r.id);
    expect(await ids_(`id=${ids.ready}`)).toEqual([ids.ready]);
    expect(await ids_(`id=${ids.bobs}`)).toEqual([]);
    expect((await ids_('tag=legal')).sort()).toEqual([ids.pending, ids.running].sort());
    expect(await ids_('tag=urgent&status=PENDING')).toEqual([]);
    expect(await ids_('targetLanguage=french')).toEqual([ids.running]);
    expect(await ids_('expertise=medical')).toEqual([ids.delayed]);
    expect(await ids_('sourceLanguage=german')).toEqual([]);
    expect(await ids_('search=alpha')).toEqual([ids.pending]);
    expect(await ids_(`search=${encodeURIComponent('100%_')}`)).toEqual([ids.running]);
    expect(await ids_(`search=${encodeURIComponent('%')}`)).toEqual([ids.running]);
  });

  it('sorts by a field either way and pages without overlap; the total stays the whole count', async () => {
    const asc = await list(alice, '/api/2/account/customer-projects?sort=wordCount&order=asc&perPage=100');
    expect(asc.data[0].id).toBe(ids.pre);
    expect(asc.data.at(-1)?.id).toBe(ids.done);
    const byName = await list(alice, '/api/2/account/customer-projects?sort=name&order=asc&perPage=100');
    expect(byName.data.map((r) => r.name)).toEqual([...byName.data.map((r) => r.name)].sort());
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await list(alice, `/api/2/account/customer-projects?perPage=4&page=${page}&sort=price&order=desc`);
      expect(body.totalCount).toBe(9);
      seen.push(...body.data.map((r) => r.id));
    }
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);
    const beyond = await list(alice, '/api/2/account/customer-projects?page=9');
    expect(beyond).toEqual({ data: [], totalCount: 9 });
  });

  it('refuses bad input, guests and translators', async () => {
    for (const q of ['status=DELAYED', 'sort=secret', 'perPage=0', 'perPage=101', 'page=0', 'id=abc', 'order=up']) {
      const res = await alice.api.get(`/api/2/account/customer-projects?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/2/account/customer-projects' })).statusCode).toBe(401);
    expect((await tom.api.get('/api/2/account/customer-projects')).statusCode).toBe(403);
    expect((await tom.api.get('/api/2/projects/tags')).statusCode).toBe(403);
  });

  it('GET /api/2/projects/tags answers the customer’s own distinct tags', async () => {
    expect((await alice.api.get('/api/2/projects/tags')).json()).toEqual({ tags: ['legal', 'urgent'] });
    expect((await bob.api.get('/api/2/projects/tags')).json()).toEqual({ tags: ['legal'] });
  });
});

describe('translator lists', () => {
  let open: number;
  let openOther: number;
  let editJob: number;
  let mine: number;
  let editing: number;
  let rated: number;
  let modelTraining: number;
  beforeAll(async () => {
    await giveSkills(db(), tom.id, ['american-english>spanish', 'american-english>german'], ['legal']);
    await db().insert(translatorProfiles).values({ userId: tom.id, level: 3, isEditor: true });
    open = await insertProject(db(), { customerId: bob.id, name: 'Open job', status: 'PENDING', priceCredits: 20_000 });
    openOther = await insertProject(db(), { customerId: bob.id, name: 'Wrong pair', targetLanguage: 'japanese' });
    await insertProject(db(), { customerId: bob.id, name: 'Wrong expertise', expertise: 'medical' });
    await insertProject(db(), { customerId: bob.id, name: 'Legal ok', expertise: 'legal', targetLanguage: 'german' });
    editJob = await insertProject(db(), {
      customerId: bob.id,
      name: 'Edit me',
      status: 'IN_REVIEW',
      type: 'translation-editing',
      translatorId: tina.id,
    });
    mine = await insertProject(db(), {
      customerId: bob.id,
      name: 'Mine running',
      status: 'IN_PROGRESS',
      translatorId: tom.id,
      translatorEarningsCredits: 4321,
    });
    editing = await insertProject(db(), {
      customerId: bob.id,
      name: 'Mine editing',
      status: 'IN_REVIEW',
      translatorId: tina.id,
      editorId: tom.id,
      editorEarningsCredits: 777,
    });
    rated = await insertProject(db(), {
      customerId: bob.id,
      name: 'Mine rated',
      status: 'COMPLETED',
      translatorId: tom.id,
      rating: 5,
    });
    modelTraining = await insertProject(db(), {
      customerId: bob.id,
      name: 'Model training',
      status: 'COMPLETED',
      translatorId: tom.id,
      kind: 'model-training',
    });
  });

  it('GET /api/2/job/open answers the jobs that match the translator, with the estimate by level', async () => {
    const body = await list(tom, '/api/2/job/open');
    const names = body.data.map((r) => r.name);
    expect(names).toContain('Open job');
    expect(names).toContain('Legal ok');
    expect(names).toContain('Edit me');
    expect(names).not.toContain('Wrong pair');
    expect(names).not.toContain('Wrong expertise');
    expect(body.totalCount).toBe(body.data.length);
    const job = body.data.find((r) => r.id === open) as ProjectRow;
    expect(job.earningsCredits).toBe(translatorEarnings(20_000, 3));
    expect(job).not.toHaveProperty('priceCredits');
    expect(job.customerName).toBeNull();
    expect(body.data.some((r) => r.id === openOther)).toBe(false);
    expect(body.data.find((r) => r.id === editJob)?.earningsCredits).toBeGreaterThan(0);
    // Tina (no pairs) is offered nothing
    expect((await list(tina, '/api/2/job/open')).totalCount).toBe(0);
  });

  it('POST /api/2/account/trans-inactive takes the translator out of matching and back', async () => {
    const off = await tom.api.post('/api/2/account/trans-inactive', { flag_value: 1 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ status: 'OK', active: false });
    expect((await list(tom, '/api/2/job/open')).totalCount).toBe(0);
    // the flag reads back (the switch shows it after a reload)
    expect((await tom.api.get('/api/2/account/trans-inactive')).json()).toMatchObject({ active: false });
    expect((await alice.api.get('/api/2/account/trans-inactive')).statusCode).toBe(403);
    const [profile] = await db().select().from(translatorProfiles).where(eq(translatorProfiles.userId, tom.id));
    expect(profile.active).toBe(false);
    expect(profile.level).toBe(3);
    const on = await tom.api.post('/api/2/account/trans-inactive', { flag_value: 0 });
    expect(on.json()).toEqual({ status: 'OK', active: true });
    expect((await list(tom, '/api/2/job/open')).totalCount).toBeGreaterThan(0);
    expect((await tom.api.post('/api/2/account/trans-inactive', { flag_value: 'maybe' })).statusCode).toBe(400);
    expect((await alice.api.post('/api/2/account/trans-inactive', { flag_value: 1 })).statusCode).toBe(403);
    // a translator without a profile row gets one
    expect((await tina.api.post('/api/2/account/trans-inactive', { flag_value: 1 })).json()).toEqual({
      status: 'OK',
      active: false,
    });
    await tina.api.post('/api/2/account/trans-inactive', { flag_value: 0 });
    expect((await tina.api.get('/api/2/account/trans-inactive')).json()).toEqual({
      active: true,
      vacationFrom: null,
      vacationTo: null,
    });
  });

  it('translator-projects: own work as translator or editor, own earnings; scope=active and kind', async () => {
    const all = await list(tom, '/api/2/account/translator-projects');
    // Alice's running project (her describe block) is Tom's too
    expect(all.data.map((r) => r.id)).toEqual([modelTraining, rated, editing, mine, all.data[4].id]);
    expect(all.data[4].name).toBe('Gamma 100%_off');
    expect(all.totalCount).toBe(5);
    expect(all.data.find((r) => r.id === mine)?.earningsCredits).toBe(4321);
    expect(all.data.find((r) => r.id === editing)?.earningsCredits).toBe(777);
    expect(all.data.find((r) => r.id === mine)?.customerName).toBe('Bob Customer');
    const active = await list(tom, '/api/2/account/translator-projects?scope=active');
    expect(active.data.map((r) => r.id)).toEqual([editing, mine, all.data[4].id]);
    const mt = await list(tom, '/api/2/account/translator-projects?kind=model-training');
    expect(mt.data.map((r) => r.id)).toEqual([modelTraining]);
    const paged = await list(tom, '/api/2/account/translator-projects?perPage=1&page=2');
    expect(paged).toMatchObject({ totalCount: 5 });
    expect(paged.data.map((r) => r.id)).toEqual([rated]);
    // Tina's list has her own translations only
    const tinas = await list(tina, '/api/2/account/translator-projects');
    expect(tinas.data.map((r) => r.id).sort()).toEqual([editJob, editing].sort());
    expect((await tom.api.get('/api/2/account/translator-projects?kind=nope')).statusCode).toBe(400);
    expect((await alice.api.get('/api/2/account/translator-projects')).statusCode).toBe(403);
  });

  it('reviews: customer-rated projects; QA/LL scored projects with their reviews', async () => {
    const cqr = await list(tom, '/api/2/account/project/cqr/reviews');
    expect(cqr.data.map((r) => r.id)).toEqual([rated]);
    expect(cqr.data[0].rating).toBe(5);
    await db()
      .insert(projectReviews)
      .values({ projectId: modelTraining, translatorId: tom.id, kind: 'cqr', score: 700 });
    const withCqr = (await tom.api.get('/api/2/account/project/cqr/reviews')).json() as {
      data: (ProjectRow & { reviews: { kind: string; score: number }[] })[];
    };
    expect(withCqr.data.map((r) => [r.id, r.reviews.map((v) => v.score)])).toEqual([
      [modelTraining, [700]],
      [rated, []],
    ]);
    await db()
      .insert(projectReviews)
      .values([
        { projectId: rated, translatorId: tom.id, reviewerId: tina.id, kind: 'qa', score: 950 },
        {
          projectId: mine,
          translatorId: tom.id,
          reviewerId: tina.id,
          kind: 'll',
          score: 800,
          errors: [{ category: 'Accuracy', severity: 'minor', count: 2 }],
        },
        { projectId: editJob, translatorId: tina.id, reviewerId: tom.id, kind: 'll', score: 500 },
      ]);
    const ll = (await tom.api.get('/api/2/account/project/ll/reviews')).json() as {
      data: (ProjectRow & { reviews: { kind: string; score: number }[] })[];
      totalCount: number;
    };
    expect(ll.totalCount).toBe(1);
    expect(ll.data[0].id).toBe(mine);
    expect(ll.data[0].reviews).toMatchObject([
      { kind: 'll', score: 800, errors: [{ category: 'Accuracy', count: 2 }] },
    ]);
    const qaLl = (await tom.api.get('/api/2/account/translator-qa-ll-projects')).json() as {
      data: (ProjectRow & { reviews: { kind: string }[] })[];
      totalCount: number;
    };
    expect(qaLl.data.map((r) => r.id)).toEqual([rated, mine]);
    expect(qaLl.data[0].reviews.map((r) => r.kind)).toEqual(['qa']);
    // Tina's scored work is hers only
    const tinaLl = await list(tina, '/api/2/account/project/ll/reviews');
    expect(tinaLl.data.map((r) => r.id)).toEqual([editJob]);
    expect((await bob.api.get('/api/2/account/project/ll/reviews')).statusCode).toBe(403);
  });

  it('bonus, QA and LL job lists with their counts', async () => {
    const bonusOpen = await insertProject(db(), { customerId: bob.id, name: 'Bonus open', kind: 'bonus' });
    const bonusMine = await insertProject(db(), {
      customerId: bob.id,
      name: 'Bonus mine',
      kind: 'bonus',
      status: 'COMPLETED',
      translatorId: tom.id,
    });
    await insertProject(db(), { customerId: bob.id, name: 'Bonus other', kind: 'bonus', targetLanguage: 'japanese' });
    const qaOpen = await insertProject(db(), { customerId: bob.id, name: 'QA open', kind: 'qa' });
    const qaMine = await insertProject(db(), {
      customerId: bob.id,
      name: 'QA mine',
      kind: 'qa',
      status: 'IN_PROGRESS',
      translatorId: tom.id,
    });
    await insertProject(db(), {
      customerId: bob.id,
      name: 'QA taken by Tina',
      kind: 'qa',
      status: 'IN_PROGRESS',
      translatorId: tina.id,
    });
    const llOpen = await insertProject(db(), { customerId: bob.id, name: 'LL open', kind: 'll' });

    const bonus = await list(tom, '/api/2/account/bonus');
    expect(bonus.data.map((r) => r.id)).toEqual([bonusMine, bonusOpen]);
    const qa = await list(tom, '/api/2/account/project/qa');
    expect(qa.data.map((r) => r.id)).toEqual([qaMine, qaOpen]);
    expect((await tom.api.get('/api/2/account/project/qa/count')).json()).toEqual({ count: 2 });
    const ll = await list(tom, '/api/2/ll/inhouse/jobs');
    expect(ll.data.map((r) => r.id)).toEqual([llOpen]);
    expect((await tom.api.get('/api/2/ll/inhouse/jobs?count=true')).json()).toEqual({ count: 1 });
    // review jobs are not in Open Projects
    const openIds = (await list(tom, '/api/2/job/open?perPage=100')).data.map((r) => r.id);
    expect(openIds).not.toContain(qaOpen);
    expect(openIds).not.toContain(llOpen);
    expect(openIds).toContain(bonusOpen);
    expect((await alice.api.get('/api/2/account/project/qa/count')).statusCode).toBe(403);
    expect((await alice.api.get('/api/2/ll/inhouse/jobs?count=true')).statusCode).toBe(403);
    expect((await tom.api.get('/api/2/ll/inhouse/jobs?count=perhaps')).statusCode).toBe(400);
  });
});

describe('My Team', () => {
  it('a customer adds, lists and removes translators; only translator accounts', async () => {
    const add = await alice.api.postJson('/api/2/account/my-team', { translatorId: tom.id });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({ totalCount: 1, data: [{ id: tom.id, name: 'Tom Translator' }] });
    // again: still one
    expect((await alice.api.post('/api/2/account/my-team', { translatorId: tom.id })).json()).toMatchObject({
      totalCount: 1,
    });
    const notTranslator = await alice.api.postJson('/api/2/account/my-team', { translatorId: bob.id });
    expect(notTranslator.statusCode).toBe(400);
    expect(notTranslator.json().message).toBe('Only translator accounts can be added to My Team.');
    expect((await alice.api.postJson('/api/2/account/my-team', { translatorId: 999_999 })).statusCode).toBe(400);
    expect((await alice.api.postJson('/api/2/account/my-team', { translatorId: 'x' })).statusCode).toBe(400);
    expect((await tom.api.postJson('/api/2/account/my-team', { translatorId: tina.id })).statusCode).toBe(403);
    expect((await tom.api.get('/api/2/account/my-team')).statusCode).toBe(403);
    await bob.api.postJson('/api/2/account/my-team', { translatorId: tom.id });
    await bob.api.postJson('/api/2/account/my-team', { translatorId: tina.id });
    expect((await alice.api.get('/api/2/account/my-team')).json()).toMatchObject({ totalCount: 1 });
    const del = await bob.api.delete(`/api/2/account/my-team/${tina.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ totalCount: 1, data: [{ id: tom.id }] });
    expect((await bob.api.delete(`/api/2/account/my-team/${tina.id}`)).statusCode).toBe(404);
  });

  it('is-my-team-member answers for the translator', async () => {
    expect((await tom.api.get('/api/2/is-my-team-member')).json()).toEqual({ translatorIsMyTeamMember: true });
    expect((await tina.api.get('/api/2/is-my-team-member')).json()).toEqual({ translatorIsMyTeamMember: false });
    expect((await alice.api.get('/api/2/is-my-team-member')).statusCode).toBe(403);
  });

  it('my-team-customers: that translator sees the customers with counts, query and paging; nobody else', async () => {
    const res = await tom.api.get(`/api/2/translator/my-team-customers/${tom.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      data: { id: number; name: string; projectsCount: number; lastProjectAt: string | null }[];
      totalCount: number;
    };
    expect(body.totalCount).toBe(2);
    const bobRow = body.data.find((r) => r.id === bob.id);
    expect(bobRow?.projectsCount).toBeGreaterThanOrEqual(4);
    expect(bobRow?.lastProjectAt).toMatch(/^\d{4}-/);
    expect(body.data.find((r) => r.id === alice.id)).toMatchObject({ name: 'Alice Customer' });
    const q = (await tom.api.get(`/api/2/translator/my-team-customers/${tom.id}?query=alice`)).json();
    expect(q).toMatchObject({ totalCount: 1, data: [{ id: alice.id }] });
    const page2 = (await tom.api.get(`/api/2/translator/my-team-customers/${tom.id}?perPage=1&page=2`)).json();
    expect(page2.totalCount).toBe(2);
    expect(page2.data).toHaveLength(1);
    expect((await tina.api.get(`/api/2/translator/my-team-customers/${tom.id}`)).statusCode).toBe(403);
    expect((await alice.api.get(`/api/2/translator/my-team-customers/${tom.id}`)).statusCode).toBe(403);
    expect((await tom.api.get('/api/2/translator/my-team-customers/abc')).statusCode).toBe(400);
    // a translator's list: staff read a translator's customers in the back office, or act as them
    const admin = await newPerson(t.app, 'client', 'Admin Person');
    await db().update(users).set({ type: 'admin', isAdmin: true }).where(eq(users.id, admin.id));
    expect((await admin.api.get(`/api/2/translator/my-team-customers/${tom.id}`)).statusCode).toBe(403);
  });
});
