import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteStatementClient } from './pglite-statements';

let pg: PGlite;

beforeAll(async () => {
  pg = new PGlite();
  await pg.exec(`CREATE TABLE t (id int PRIMARY KEY, v text, at timestamptz, n int);
    INSERT INTO t SELECT g, 'v' || g, '2026-01-01'::timestamptz + g * interval '1 day', CASE WHEN g % 2 = 0 THEN g END
    FROM generate_series(1, 20) g;`);
});

afterAll(async () => {
  await pg?.close();
});

describe('named statements on PGlite', () => {
  it('answers what PGlite.query answers, values and nulls alike, parsing each text once', async () => {
    const client = pgliteStatementClient(pg);
    const text = 'SELECT id, v, at, n FROM t WHERE id = $1 OR v = $2 ORDER BY id';
    for (const params of [
      [3, 'v4'],
      [5, null],
      [99, 'none'],
    ]) {
      const named = await client.query(text, params, { rowMode: 'array' });
      const plain = await pg.query(text, params, { rowMode: 'array' });
      expect(named.rows).toEqual(plain.rows);
    }
    const statements = await pg.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1`,
      [text],
    );
    expect(statements.rows[0]?.n).toBe(1);
  });

  it('stays usable after a statement fails while it runs', async () => {
    const client = pgliteStatementClient(pg);
    await expect(client.query('SELECT 1 / $1::int AS x', [0])).rejects.toThrow(/division by zero/);
    expect((await client.query<{ x: number }>('SELECT 10 / $1::int AS x', [2])).rows).toEqual([{ x: 5 }]);
    expect((await pg.query<{ x: number }>('SELECT 1 AS x')).rows).toEqual([{ x: 1 }]);
    // the generic-plan setting is back to the default for everything else
    expect((await pg.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0]?.plan_cache_mode).toBe('auto');
  });

  it('keeps at most 512 texts named, closing the least recently used', async () => {
    const client = pgliteStatementClient(pg);
    for (let i = 0; i < 520; i++) await client.query(`SELECT $1::int + ${i} AS x`, [1]);
    const named = await pg.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int + %'`,
    );
    expect(named.rows[0]?.n).toBe(512);
    expect((await client.query<{ x: number }>('SELECT $1::int + 0 AS x', [1])).rows).toEqual([{ x: 1 }]);
  });
});
