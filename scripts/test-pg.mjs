// `npm run test:api:pg`: the server's unit and API tests (apps/server/src/**/*.test.ts) again, on
// PostgreSQL. TEST_DATABASE_URL names a database the tests connect to as an administrator; every
// test file creates its own database beside it and drops it at the end.
// Default: postgres://postgres@127.0.0.1:5432/test (created when missing).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT } from './start.mjs';

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const shown = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

await ensureDatabase(url);
console.log(`API tests on PostgreSQL (${shown})`);
const vitest = join(ROOT, 'node_modules/.bin/vitest');
const result = spawnSync(vitest, ['run', 'apps/server/src/', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
if (result.error) throw result.error;
// each worker's copy of the template with the demo data holds the run's dates: no later run uses it
await withMaintenance(url, (client) => dropDatabases(client, 'parlance\\_template\\_%\\_demo\\_%'));
process.exit(result.status ?? 1);

/** Runs `work` on a connection to the server's maintenance database. */
async function withMaintenance(target, work) {
  const maintenance = new URL(target);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    console.error(`PostgreSQL does not answer at ${shown}: ${err.message}`);
    process.exit(1);
  }
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** Drops every database whose name is LIKE `pattern`. */
async function dropDatabases(client, pattern) {
  const found = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [pattern]);
  for (const row of found.rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
}

/** Creates the named database when the server answers but does not have it yet. */
async function ensureDatabase(target) {
  const name = decodeURIComponent(new URL(target).pathname.slice(1));
  await withMaintenance(target, async (client) => {
    // the test harness makes one migrated template database per set of migrations
    // (apps/server/src/test/harness.ts): drop the ones earlier runs left
    await dropDatabases(client, 'parlance\\_template\\_%');
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      console.log(`created database ${name}`);
    }
  });
}
