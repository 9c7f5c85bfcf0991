import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, projectStatusCounts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { MAX_SHAPES } from '../../platform/prepared';
import { COUNT_CAP } from './list-query';
import { insertProject, newPerson, type Person } from './list-test-helpers';

// List totals that do not count every row: the customer's status counters kept by a
// trigger in the same transaction as every change, and a count that stops at COUNT_CAP.

describe('customer list totals', () => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await newPerson(t.app, 'client', 'Alice Counter');
    bob = await newPerson(t.app, 'client', 'Bob Counter');
  });
  afterAll(async () => {
    await t.close();
  });

  async function total(person: Person, query: string) {
    const res = await person.api.get(`/api/2/account/customer-projects?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      totalCount: number;
      totalCountIsLowerBound?: boolean;
      data: { id: number; tags: string[] }[];
    };
  }

  async function exact(customerId: number, status?: string) {
    const where = status
      ? and(eq(projects.customerId, customerId), eq(projects.status, status as 'PENDING'))
      : eq(projects.customerId, customerId);
    const [row] = await t.app.deps.db.select({ n: count() }).from(projects).where(where);
    return Number(row.n);
  }

  it('follow inserts, status moves, a change of customer and deletes, per customer and status', async () => {
    const ids: number[] = [];
    for (const status of ['PENDING', 'PENDING', 'IN_PROGRESS', 'COMPLETED', 'COMPLETED', 'COMPLETED'] as const)
      ids.push(await insertProject(t.app.deps.db, { customerId: alice.id, status }, ['blue']));
    await insertProject(t.app.deps.db, { customerId: bob.id, status: 'COMPLETED' });
    expect((await total(alice, 'status=ALL')).totalCount).toBe(6);
    expect((await total(alice, 'status=COMPLETED')).totalCount).toBe(3);
    expect((await total(alice, 'status=PENDING')).totalCount).toBe(2);
    expect((await total(bob, 'status=COMPLETED')).totalCount).toBe(1);

    // a move, a move into a status of the IN_PROGRESS filter, a project handed to Bob, a delete
    await t.app.deps.db.update(projects).set({ status: 'CANCELLED' }).where(eq(projects.id, ids[0]));
    await t.app.deps.db.update(projects).set({ status: 'IN_REVIEW' }).where(eq(projects.id, ids[1]));
    await t.app.deps.db.update(projects).set({ customerId: bob.id }).where(eq(projects.id, ids[3]));
    await t.app.deps.db.delete(projects).where(eq(projects.id, ids[4]));
    expect((await total(alice, 'status=PENDING')).totalCount).toBe(0);
    expect((await total(alice, 'status=IN_PROGRESS')).totalCount).toBe(2);
    expect((await total(alice, 'status=CANCELLED')).totalCount).toBe(1);
    expect((await total(alice, 'status=COMPLETED')).totalCount).toBe(1);
    expect((await total(alice, 'status=ALL')).totalCount).toBe(await exact(alice.id));
    expect((await total(bob, 'status=COMPLETED')).totalCount).toBe(await exact(bob.id, 'COMPLETED'));
    // every counter equals a real count
    const counters = await t.app.deps.db.select().from(projectStatusCounts);
    for (const c of counters) expect(c.n, `${c.customerId} ${c.status}`).toBe(await exact(c.customerId, c.status));
  });

  it('rows carry their tags from the page query itself', async () => {
    const answer = await total(alice, 'status=ALL&perPage=50');
    expect(answer.data.length).toBeGreaterThan(0);
    for (const row of answer.data) expect(row.tags).toEqual(['blue']);
  });

  it('a filtered list stops counting past the cap and says so', async () => {
    const carol = await newPerson(t.app, 'client', 'Carol Many');
    await t.app.deps.db.execute(sql`
      INSERT INTO projects (customer_id, name, status, type, kind, source_language, target_language, word_count, price_credits)
      SELECT ${carol.id}, 'Many ' || i, 'COMPLETED', 'translation', 'classic', 'american-english', 'german', 100, 1000
      FROM generate_series(1, ${COUNT_CAP + 5}) AS s(i)`);
    const filtered = await total(carol, 'status=ALL&targetLanguage=german&perPage=25');
    expect(filtered).toMatchObject({ totalCount: COUNT_CAP, totalCountIsLowerBound: true });
    expect(filtered.data).toHaveLength(25);
    // the status counters know the exact figure
    const byStatus = await total(carol, 'status=COMPLETED');
    expect(byStatus.totalCount).toBe(COUNT_CAP + 5);
    expect(byStatus.totalCountIsLowerBound).toBeUndefined();
    // under the cap the count is exact
    expect((await total(carol, 'status=ALL&search=Many%2010001')).totalCount).toBe(1);
  });

  it('answers the same rows when a shape was prepared long ago and dropped from the bounded map', async () => {
    // shapes are prepared per filter set and sort; beyond MAX_SHAPES the oldest is dropped and, when
    // asked again, prepared again under the same name (PostgreSQL's pooled connections still hold it)
    const query = 'status=ALL&sort=id&order=asc&targetLanguage=spanish&perPage=5';
    const first = await total(alice, query);
    expect(first.data.length).toBeGreaterThan(0);
    const sorts = ['id', 'name', 'status', 'wordCount', 'deadline', 'createdAt', 'price'];
    const statuses = ['ALL', 'PENDING', 'IN_PROGRESS', 'READY', 'COMPLETED', 'CANCELLED'];
    let shapes = 0;
    for (const sort of sorts)
      for (const status of statuses)
        for (const order of ['asc', 'desc']) {
          if (shapes++ > MAX_SHAPES) break;
          await total(alice, `status=${status}&sort=${sort}&order=${order}&expertise=general&perPage=5`);
        }
    expect(shapes).toBeGreaterThan(MAX_SHAPES);
    const again = await total(alice, query);
    expect(again).toEqual(first);
    expect(again.data.map((r) => r.id)).toEqual([...again.data.map((r) => r.id)].sort((a, b) => a - b));
  });
});
