import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROBATION_DEFAULTS,
  PROBATION_TEXTS,
  PROJECT_TEXTS,
  type ProbationParams,
  projectFitsProbation,
  probationState,
  translatorFitsProbation,
} from '@parlance/shared';
import { auditLog, probationParams, translatorDetails, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { authed, login, loginDemo, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { giveSkills, insertProject, newPerson, type Person } from '../project-lists/list-test-helpers';

// Probation: the rules (unit), the parameters call (every role, bad input) and matching honouring
// them in the open-projects list and the translator's state.

const P: ProbationParams = {
  ...PROBATION_DEFAULTS,
  cat_vendors: [],
  excluded_clients: [],
  excluded_translators: [],
  project_types: [],
};
const NOW = new Date('2026-06-01T00:00:00Z');
const joined = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * 86_400_000);

describe('probation rules', () => {
  it('a translator who joined within max_years is on probation until 5 completed projects at min_rating', () => {
    const fresh = { id: 1, joinedAt: joined(30), completedProjects: 0, averageRating: null };
    expect(probationState(fresh, P, NOW).onProbation).toBe(true);
    expect(probationState({ ...fresh, joinedAt: joined(400) }, P, NOW).onProbation).toBe(false);
    expect(probationState({ ...fresh, completedProjects: 5, averageRating: 4.2 }, P, NOW).onProbation).toBe(false);
    expect(probationState({ ...fresh, completedProjects: 4, averageRating: 5 }, P, NOW).onProbation).toBe(true);
    // a low average keeps them on probation when min_rating asks for more
    expect(
      probationState({ ...fresh, completedProjects: 9, averageRating: 2.5 }, { ...P, min_rating: 3 }, NOW).onProbation,
    ).toBe(true);
    // unrated completed projects count as meeting the rating
    expect(
      probationState({ ...fresh, completedProjects: 5, averageRating: null }, { ...P, min_rating: 5 }, NOW).onProbation,
    ).toBe(false);
    expect(probationState(fresh, { ...P, excluded_translators: [1] }, NOW).onProbation).toBe(false);
    expect(probationState(fresh, { ...P, max_years: 0 }, NOW).onProbation).toBe(false);
    expect(probationState(fresh, P, NOW).endsAt).toBe('2027-05-02T00:00:00.000Z');
  });

  it('offers only projects inside the word-count range and types, never of excluded clients', () => {
    const p = { wordCount: 500, type: 'translation', customerId: 7 };
    expect(projectFitsProbation(p, P)).toBe(true);
    expect(projectFitsProbation({ ...p, wordCount: 9 }, P)).toBe(false);
    expect(projectFitsProbation({ ...p, wordCount: 10 }, P)).toBe(true);
    expect(projectFitsProbation(p, { ...P, max_wordcount: 499 })).toBe(false);
    expect(projectFitsProbation(p, { ...P, max_wordcount: 500 })).toBe(true);
    expect(projectFitsProbation(p, { ...P, project_types: ['proofreading'] })).toBe(false);
    expect(projectFitsProbation(p, { ...P, project_types: ['translation'] })).toBe(true);
    expect(projectFitsProbation(p, { ...P, excluded_clients: [7] })).toBe(false);
  });

  it('asks a translator on probation for one of the CAT tools of cat_vendors, when there are any', () => {
    expect(translatorFitsProbation({ software: [] }, P)).toBe(true);
    const tools = { ...P, cat_vendors: ['memoQ', 'SDL Trados Studio'] };
    expect(translatorFitsProbation({ software: [] }, tools)).toBe(false);
    expect(translatorFitsProbation({ software: ['Wordfast'] }, tools)).toBe(false);
    expect(translatorFitsProbation({ software: ['Wordfast', 'MEMOQ'] }, tools)).toBe(true);
  });
});

let t: TestApp;
let admin: TestSession;
let lm: TestSession;
let finance: TestSession;
let customer: TestSession;
let tom: Person;
let bigId: number;
let client: Person;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  admin = await loginDemo(t.app, 'admin');
  customer = await loginDemo(t.app, 'customer');
  finance = await login(t.app, 'finance@parlance.test', DEMO_PASSWORD);
  // a language manager: a staff account in the language-manager group, given on the ACL page
  await t.database.db.insert(users).values({
    type: 'admin',
    email: 'lm2@parlance.test',
    name: 'Lea Manager',
    passwordHash: (await t.database.db.select().from(users).where(eq(users.email, 'finance@parlance.test')))[0]
      .passwordHash,
  });
  await authed(t.app, admin).postJson('/api/2/account/acl-list/members', {
    group: 'role.language-manager',
    user: 'lm2@parlance.test',
  });
  lm = await login(t.app, 'lm2@parlance.test', DEMO_PASSWORD);
  tom = await newPerson(t.app, 'translator', 'Tom New');
  client = await newPerson(t.app, 'client', 'Clara Client');
  await giveSkills(t.database.db, tom.id, ['american-english>spanish']);
  await insertProject(t.database.db, { customerId: client.id, name: 'Small', wordCount: 200, type: 'translation' });
  bigId = await insertProject(t.database.db, {
    customerId: client.id,
    name: 'Big',
    wordCount: 20_000,
    type: 'translation',
  });
  await insertProject(t.database.db, { customerId: client.id, name: 'Proofing', wordCount: 300, type: 'proofreading' });
});

afterAll(async () => {
  await t?.close();
});

/** The open projects of this test's client that the new translator is offered. */
const names = async () =>
  ((await tom.api.get('/api/2/job/open?page=1&perPage=100')).json().data as { name: string }[])
    .map((p) => p.name)
    .filter((n) => ['Big', 'Proofing', 'Small'].includes(n))
    .sort();
const save = (s: TestSession, body: unknown) => authed(t.app, s).postJson('/api/2/admin/probation/params', body);

describe('probation parameters', () => {
  it('answers the defaults to every staff member; outsiders 404', async () => {
    const res = await authed(t.app, finance).get('/api/2/admin/probation/params');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: {
        min_rating: 1,
        min_wordcount: 10,
        max_wordcount: null,
        max_years: 1,
        cat_vendors: [],
        excluded_clients: [],
        excluded_translators: [],
        project_types: [],
      },
      canWrite: false,
    });
    expect((await authed(t.app, lm).get('/api/2/admin/probation/params')).json().canWrite).toBe(true);
    expect((await authed(t.app, customer).get('/api/2/admin/probation/params')).statusCode).toBe(404);
    expect((await tom.api.get('/api/2/admin/probation/params')).statusCode).toBe(404);
  });

  it('refuses bad input and people without languages.write; nothing changes', async () => {
    const before = JSON.stringify(await t.database.db.select().from(probationParams));
    const audits = (await t.database.db.select().from(auditLog)).length;
    const good = { min_rating: 1, min_wordcount: 10, max_wordcount: null, max_years: 1 };
    for (const bad of [
      {},
      { ...good, min_rating: 0 },
      { ...good, min_rating: 6 },
      { ...good, min_wordcount: -1 },
      { ...good, min_wordcount: 'x' },
      { ...good, max_wordcount: 5, min_wordcount: 10 },
      { ...good, excluded_clients: ['abc'] },
      { ...good, max_years: 100 },
    ]) {
      const res = await save(lm, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const maxBelowMin = await save(lm, { ...good, max_wordcount: 5 });
    expect(maxBelowMin.json().message).toContain(PROBATION_TEXTS.maxBelowMin);
    expect((await save(finance, good)).statusCode).toBe(403);
    expect((await save(customer, good)).statusCode).toBe(404);
    expect(JSON.stringify(await t.database.db.select().from(probationParams))).toBe(before);
    expect((await t.database.db.select().from(auditLog)).length).toBe(audits);
  });

  it('matching offers a translator on probation only what the parameters allow; the translator sees the state', async () => {
    expect(await names()).toEqual(['Big', 'Proofing', 'Small']);
    const state = (await tom.api.get('/api/2/account/probation')).json().results;
    expect(state).toMatchObject({ onProbation: true, completedProjects: 0, projectsNeeded: 5 });

    const saved = await save(lm, {
      min_rating: 1,
      min_wordcount: 100,
      max_wordcount: 1000,
      max_years: 1,
      project_types: ['translation'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().results).toMatchObject({
      min_wordcount: 100,
      max_wordcount: 1000,
      project_types: ['translation'],
    });
    expect(await names()).toEqual(['Small']);
    // taking one outside the limits says it is probation, not the language pair
    const refused = await tom.api.post(`/api/2/job/${bigId}/take`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PROJECT_TEXTS.probationLimits);

    await save(lm, {
      min_rating: 1,
      min_wordcount: 10,
      max_wordcount: null,
      max_years: 1,
      excluded_clients: [client.id],
    });
    expect(await names()).toEqual([]);

    // excluded translators are never on probation
    await save(lm, {
      min_rating: 1,
      min_wordcount: 10,
      max_wordcount: null,
      max_years: 1,
      excluded_clients: [client.id],
      excluded_translators: [tom.id],
    });
    expect(await names()).toEqual(['Big', 'Proofing', 'Small']);
    expect((await tom.api.get('/api/2/account/probation')).json().results.onProbation).toBe(false);

    // a translator who joined more than max_years ago is not on probation
    await save(lm, { min_rating: 1, min_wordcount: 1000, max_wordcount: null, max_years: 1 });
    expect(await names()).toEqual(['Big']);
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(users.id, tom.id));
    expect(await names()).toEqual(['Big', 'Proofing', 'Small']);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'probation.params'));
    expect(audit.length).toBe(4);
    expect((await authed(t.app, customer).get('/api/2/account/probation')).statusCode).toBe(403);
  });
});

describe('probation and CAT tools (cat_vendors)', () => {
  const params = { min_rating: 1, min_wordcount: 10, max_wordcount: null, max_years: 1 };
  let una: Person;

  beforeAll(async () => {
    una = await newPerson(t.app, 'translator', 'Una Tools');
    await giveSkills(t.database.db, una.id, ['american-english>spanish']);
  });

  const offered = async () =>
    ((await una.api.get('/api/2/job/open?page=1&perPage=100')).json().data as { name: string }[])
      .map((p) => p.name)
      .filter((n) => ['Big', 'Proofing', 'Small'].includes(n))
      .sort();

  it('offers a translator on probation nothing until their profile lists one of the CAT tools; others are not affected', async () => {
    expect((await save(lm, { ...params, cat_vendors: ['memoQ', 'SDL Trados Studio'] })).statusCode).toBe(200);
    expect(await offered()).toEqual([]);
    // a profile with another tool is not enough
    await t.database.db
      .insert(translatorDetails)
      .values({ userId: una.id, software: ['Wordfast'] })
      .onConflictDoUpdate({ target: translatorDetails.userId, set: { software: ['Wordfast'] } });
    expect(await offered()).toEqual([]);
    await t.database.db
      .update(translatorDetails)
      .set({ software: ['Wordfast', 'MemoQ'] })
      .where(eq(translatorDetails.userId, una.id));
    expect(await offered()).toEqual(['Big', 'Proofing', 'Small']);
    // a translator off probation (excluded) needs no CAT tool
    await t.database.db.update(translatorDetails).set({ software: [] }).where(eq(translatorDetails.userId, una.id));
    await save(lm, { ...params, cat_vendors: ['memoQ'], excluded_translators: [una.id] });
    expect(await offered()).toEqual(['Big', 'Proofing', 'Small']);
    // an empty list asks for no tool
    await save(lm, { ...params, cat_vendors: [] });
    expect(await offered()).toEqual(['Big', 'Proofing', 'Small']);
  });
});
