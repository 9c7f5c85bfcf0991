import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, statementHandle } from '../db/client';
import { newCustomer } from '../modules/projects/projects-test-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import { users } from '../db/schema';
import { type Params, preparedRead, ShapeCache, statementName } from './prepared';

const dbA = {} as Db;
const dbB = {} as Db;

describe('ShapeCache', () => {
  it('keeps one statement per shape and database handle, dropping the least recently used beyond its size', () => {
    const cache = new ShapeCache<string>(2);
    let made = 0;
    const make = (v: string) => () => {
      made++;
      return v;
    };
    expect(cache.get(dbA, 'x', make('x1'))).toBe('x1');
    expect(cache.get(dbA, 'x', make('x2'))).toBe('x1');
    expect(cache.get(dbB, 'x', make('xb'))).toBe('xb');
    expect(made).toBe(2);
    cache.get(dbA, 'y', make('y1'));
    cache.get(dbA, 'x', make('x3')); // x used last: y is now the oldest
    cache.get(dbA, 'z', make('z1'));
    expect(cache.size(dbA)).toBe(2);
    expect(cache.get(dbA, 'x', make('x4'))).toBe('x1');
    expect(cache.get(dbA, 'y', make('y2'))).toBe('y2');
    expect(made).toBe(5);
  });
});

describe('statementName', () => {
  it('names a shape the same every time, different shapes differently, within PostgreSQL’s 63 characters', () => {
    const a = statementName('parlance_customer_list', 'ALL|id|desc|customerId');
    expect(statementName('parlance_customer_list', 'ALL|id|desc|customerId')).toBe(a);
    expect(statementName('parlance_customer_list', 'ALL|id|asc|customerId')).not.toBe(a);
    expect(statementName('parlance_customer_list', 'ALL|id|desc|customerId,tag')).not.toBe(a);
    expect(a.length).toBeLessThanOrEqual(63);
  });
});

describe('the statement handle (PostgreSQL plans the hot paths once)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs prepared statements on connections that keep one generic plan, and the rest as before', async () => {
    const { db, engine } = t.app.deps;
    const mode = async (handle: Db) =>
      ((await handle.execute(sql`SHOW plan_cache_mode`)) as unknown as { rows: { plan_cache_mode: string }[] }).rows[0]
        ?.plan_cache_mode;
    expect(statementHandle(db)).not.toBe(db);
    if (engine === 'postgres') {
      expect(await mode(db)).toBe('auto');
      expect(await mode(statementHandle(db))).toBe('force_generic_plan');
    }
    const customer = await newCustomer(t.app, 0);
    for (let i = 0; i < 7; i++) {
      const res = await customer.api.get('/api/2/account/customer-projects?status=COMPLETED&sort=id&order=desc');
      expect(res.statusCode).toBe(200);
    }
    // one request at a time: the pool hands out the same idle connection, which prepared the list
    const plans = (
      (await statementHandle(db).execute(
        sql`SELECT sum(generic_plans)::int AS generic, sum(custom_plans)::int AS custom FROM pg_prepared_statements WHERE name LIKE 'parlance_customer_list_%' OR (name LIKE 'parlance_pglite_%' AND statement LIKE '%project_status_counts%')`,
      )) as unknown as { rows: { generic: number; custom: number }[] }
    ).rows[0];
    expect(plans?.generic).toBeGreaterThanOrEqual(7);
    expect(plans?.custom).toBe(0);
  });
});

describe('preparedRead (one definition, prepared outside a transaction, plain inside one)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const readName = preparedRead('parlance_test_user_name', (db, v: Params<{ id: number }>) =>
    db.select({ name: users.name }).from(users).where(eq(users.id, v.id)),
  );

  it('answers the same rows both ways, and inside a transaction reads what the transaction wrote', async () => {
    const { db } = t.app.deps;
    const customer = await newCustomer(t.app, 0);
    const id = customer.id;
    const [before] = await readName(db, { id });
    expect(before?.name).toBeTruthy();
    expect(await readName(db, { id: 2_000_000_000 })).toEqual([]);
    await db
      .transaction(async (tx) => {
        expect(await readName(tx, { id })).toEqual([before]);
        await tx.update(users).set({ name: 'Renamed in the transaction' }).where(eq(users.id, id));
        // the transaction's own connection: the prepared statement (on the pool) could not see this
        expect(await readName(tx, { id })).toEqual([{ name: 'Renamed in the transaction' }]);
        // PGlite is one session: the pool's read would wait for this transaction's lock
        if (t.app.deps.engine === 'postgres') expect(await readName(db, { id })).toEqual([before]);
        throw new Error('roll back');
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'));
    expect(await readName(db, { id })).toEqual([before]);
  });
});
