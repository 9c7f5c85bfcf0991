import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectList } from '@parlance/shared';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, newTranslator, type Person, paidProject } from '../projects/projects-test-helpers';

// GET /api/2/admin/projects: every project on the platform, for admins only, filtered and paged
// on the server.

let t: TestApp;
let admin: Person;
let alice: Person;
let bob: Person;
let tom: Person;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await newCustomer(t.app, 0);
  await t.database.db.update(users).set({ type: 'admin', isAdmin: true }).where(eq(users.id, admin.id));
  alice = await newCustomer(t.app);
  bob = await newCustomer(t.app);
  tom = await newTranslator(t.app, { level: 3 });
  ids.a1 = await paidProject(t.app, alice, { words: 100 });
  ids.a2 = await paidProject(t.app, alice, { words: 200, targets: ['french'] });
  ids.b1 = await paidProject(t.app, bob, { words: 300 });
  expect((await tom.api.post(`/api/2/job/${ids.b1}/take`)).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const list = async (query = '') => {
  const res = await admin.api.get(`/api/2/admin/projects${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProjectList;
};

describe('GET /api/2/admin/projects', () => {
  it("lists every customer's projects with price and both names, newest first", async () => {
    const body = await list();
    const mine = body.data.filter((r) => Object.values(ids).includes(r.id));
    expect(mine.map((r) => r.id)).toEqual([ids.b1, ids.a2, ids.a1]);
    const b1 = mine[0];
    expect(b1.customerName).toBe(bob.session.user.name);
    expect(b1.translatorName).toBe(tom.session.user.name);
    expect(b1.statusLabel).toBe('In Progress');
    expect(b1.priceCredits).toBeGreaterThan(0);
    expect(body.totalCount).toBe(body.data.length);
  });

  it('filters by customer (id, name or e-mail), translator, status, language and dates', async () => {
    expect((await list(`?customer=${alice.id}`)).data.map((r) => r.id)).toEqual([ids.a2, ids.a1]);
    const email = encodeURIComponent(bob.session.user.email.toUpperCase());
    expect((await list(`?customer=${email}`)).data.map((r) => r.id)).toEqual([ids.b1]);
    expect((await list(`?translator=${tom.id}`)).data.map((r) => r.id)).toEqual([ids.b1]);
    expect((await list('?status=PENDING')).data.every((r) => r.status === 'PENDING')).toBe(true);
    expect((await list(`?customer=${alice.id}&targetLanguage=french`)).data.map((r) => r.id)).toEqual([ids.a2]);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await list(`?customer=${alice.id}&dateFrom=${today}&dateTo=${today}`)).totalCount).toBe(2);
    expect((await list(`?customer=${alice.id}&dateTo=2000-01-01`)).totalCount).toBe(0);
    // a percent sign is a character, not a wildcard
    expect((await list('?customer=%25')).totalCount).toBe(0);
  });

  it('pages and sorts on the server', async () => {
    const first = await list(`?customer=${alice.id}&perPage=1&page=1&sort=id&order=asc`);
    const second = await list(`?customer=${alice.id}&perPage=1&page=2&sort=id&order=asc`);
    expect(first.data.map((r) => r.id)).toEqual([ids.a1]);
    expect(second.data.map((r) => r.id)).toEqual([ids.a2]);
    expect(first.totalCount).toBe(2);
  });

  it('refuses bad input with a message, and everybody but admins', async () => {
    for (const q of ['?status=NOPE', '?dateFrom=yesterday', '?dateFrom=2026-02-02&dateTo=2026-01-01', '?perPage=0']) {
      const res = await admin.api.get(`/api/2/admin/projects${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await alice.api.get('/api/2/admin/projects')).statusCode).toBe(404);
    expect((await tom.api.get('/api/2/admin/projects')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/admin/projects' })).statusCode).toBe(401);
  });
});
