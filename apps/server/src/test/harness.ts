import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { type Database, dumpPglite, MIGRATIONS_FOLDER, openDatabase, runMigrations } from '../db/client';
import { seedDemoData } from '../db/seed/demo';
import type { Clock } from '../platform/clock';
import type { Mailer, MailMessage } from '../platform/mail';

/**
 * A fresh database per test file: in-memory PGlite, or a new PostgreSQL database on the server
 * named by TEST_DATABASE_URL (dropped again by close()). Both start from a migrated template made
 * once per set of migrations (see migratedTemplateKey), so a test file pays neither initdb nor the
 * migrations: PGlite loads a dumped data directory, PostgreSQL copies a template database.
 * With `demo`, the copy holds the demo accounts too (demoTemplate), as
 * `seedDemoData(db, { passwordHashing: 'fast' })` would have made them, without paying for the seed.
 */
export async function freshDatabase(
  options: { demo?: boolean } = {},
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const loadDataDir = options.demo ? await pgliteDemoTemplate() : await pgliteTemplate();
    const database = await openDatabase({ dataDir: null, loadDataDir });
    return { database, drop: () => database.close() };
  }
  const template = options.demo ? await pgDemoTemplate(adminUrl) : await pgTemplate(adminUrl);
  const { database, drop } = await pgCopy(adminUrl, template, `parlance_test_${randomBytes(6).toString('hex')}`);
  return { database, drop };
}

/** A new database `name` copied from `template`, opened; drop() closes and drops it. */
async function pgCopy(
  adminUrl: string,
  template: string,
  name: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await untilDisconnected(c, name);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * pool.end() resolves before the server has seen every socket close; a FORCE drop (or a copy) then
 * would meet them (a drop sends the closing clients a FATAL 57P01 that surfaces as an unhandled
 * error). Waits until no session of `name` is left (max 5 s).
 */
async function untilDisconnected(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const open = await admin.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]);
    if (open.rowCount === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/*
 * The demo template is made once per worker process, not cached on disk: the seed writes dates from
 * the real clock (terms accepted, payments of the last days), and a copy made in an earlier run
 * would carry that run's dates. A worker keeps its modules from one test file to the next
 * (vitest.config.ts, isolate: false), so this module's promise is the worker's.
 */
let demoPglite: Promise<ArrayBuffer> | undefined;

async function pgliteDemoTemplate(): Promise<Blob> {
  demoPglite ??= (async () => {
    const database = await openDatabase({ dataDir: null, loadDataDir: await pgliteTemplate() });
    await seedDemoData(database.db, { passwordHashing: 'fast' });
    const dump = await dumpPglite(database);
    await database.close();
    return dump.arrayBuffer();
  })();
  return new Blob([await demoPglite]);
}

let demoPg: Promise<string> | undefined;

/**
 * The seeded template database of this worker on PostgreSQL (named after its process, so that
 * workers never copy one another's while it is being made). Those of workers that have ended are
 * dropped first; `npm run test:api:pg` drops every template of earlier runs too (and may do so
 * while another run is going: a template found missing is made again).
 */
async function pgDemoTemplate(adminUrl: string): Promise<string> {
  const made = demoPg && (await demoPg.catch(() => null));
  if (made && (await pgDatabaseExists(adminUrl, made))) return made;
  demoPg = makePgDemoTemplate(adminUrl);
  return demoPg;
}

async function pgDatabaseExists(adminUrl: string, name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await admin.end();
  }
}

async function makePgDemoTemplate(adminUrl: string): Promise<string> {
  const prefix = `parlance_template_${migratedTemplateKey()}_demo_`;
  const name = `${prefix}${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const old = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${prefix.replaceAll('_', '\\_')}%`,
    ]);
    for (const { datname } of old.rows) {
      const pid = Number(datname.slice(prefix.length));
      if (pid !== process.pid && isAlive(pid)) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await pgTemplate(adminUrl)}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), dataDir: null });
    await seedDemoData(database.db, { passwordHashing: 'fast' });
    await database.close();
    await untilDisconnected(admin, name);
  } finally {
    await admin.end();
  }
  return name;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A short hash of the migrations (SQL files and journal) and the PGlite version. */
export function migratedTemplateKey(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.sql') || f.endsWith('_journal.json'))
    .sort();
  for (const f of files) hash.update(f).update(readFileSync(join(MIGRATIONS_FOLDER, f)));
  hash.update(PGLITE_VERSION);
  return hash.digest('hex').slice(0, 16);
}

const PGLITE_VERSION: string = (() => {
  try {
    const require = createRequire(import.meta.url);
    return (require('@electric-sql/pglite/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
})();

/**
 * The migrated PGlite data directory, read from the temp folder or made there once (written under a
 * temporary name and renamed, so parallel workers never read half a file).
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `parlance-pglite-template-${migratedTemplateKey()}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: null });
    await runMigrations(database);
    const dump = await dumpPglite(database);
    await database.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * The name of the migrated template database beside TEST_DATABASE_URL's, made once per set of
 * migrations (under an advisory lock, so parallel workers make it once).
 */
async function pgTemplate(adminUrl: string): Promise<string> {
  const name = `parlance_template_${migratedTemplateKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString(), dataDir: null });
      await runMigrations(database);
      await database.close();
      await untilDisconnected(admin, building);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
  return name;
}

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/** Keeps what would have been mailed, and also lets the real outbox mailer run if given. */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  last(to?: string): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => !to || m.to === to);
  }
}

export interface TestApp {
  app: App;
  database: Database;
  clock: TestClock;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  mailer?: Mailer;
  /**
   * Start with the demo accounts (those of `seedDemoData(db, { passwordHashing: 'fast' })`, without
   * the demo projects and their files), copied from a template seeded once per worker.
   */
  demo?: boolean;
}

export async function createTestApp(overrides: Partial<Config> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase({ demo: opts.demo });
  const clock = new TestClock();
  // a data directory of its own for uploaded files, removed by close()
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-test-'));
  // TEST_STORAGE=s3: the files go to a bucket of a local S3 server of this app's own instead
  // (imported only then: every other test file is spared s3rver's import)
  const s3 = process.env.TEST_STORAGE === 's3' ? await (await import('./local-s3')).startLocalS3() : null;
  const config = testConfig({ dataDir, s3: s3?.settings ?? null, ...overrides });
  const app = await buildApp({ config, database, clock, mailer: opts.mailer });
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await drop();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
