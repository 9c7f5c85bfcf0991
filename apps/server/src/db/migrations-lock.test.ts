import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { journalMigrationCount } from '../platform/backup/manifest';
import { type Database, openDatabase, runMigrations } from './client';

// Instances of a new build starting together on PostgreSQL: the first applies the migrations under
// the advisory lock, the others wait and find them applied (PGlite is one process: nothing to race).
const adminUrl = process.env.TEST_DATABASE_URL;
const name = `parlance_migrate_${randomBytes(6).toString('hex')}`;
const opened: Database[] = [];

afterAll(async () => {
  if (!adminUrl) return;
  await Promise.all(opened.map((d) => d.close()));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe.skipIf(!adminUrl)('migrations on PostgreSQL', () => {
  it('are applied once when three instances start at the same moment', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    for (let i = 0; i < 3; i++) opened.push(await openDatabase({ url: url.toString(), dataDir: null }));

    const results = await Promise.allSettled(opened.map((d) => runMigrations(d)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const applied = (await opened[0].db.execute(
      sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { n: string }[];
    };
    expect(Number(applied.rows[0].n)).toBe(journalMigrationCount());
  }, 120_000);
});
