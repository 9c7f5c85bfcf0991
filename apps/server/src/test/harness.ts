import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { type Database, dumpPglite, MIGRATIONS_FOLDER, openDatabase, runMigrations } from '../db/client';
import type { Clock } from '../platform/clock';
import type { Mailer, MailMessage } from '../platform/mail';

/**
 * A fresh database per test file: in-memory PGlite, or a new PostgreSQL database on the server
 * named by TEST_DATABASE_URL (dropped again by close()). Both start from a migrated template made
 * once per set of migrations (see migratedTemplateKey), so a test file pays neither initdb nor the
 * migrations: PGlite loads a dumped data directory, PostgreSQL copies a template database.
 */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: null, loadDataDir: await pgliteTemplate() });
    return { database, drop: () => database.close() };
  }
  const name = `parlance_test_${randomBytes(6).toString('hex')}`;
  const template = await pgTemplate(adminUrl);
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
      // pool.end() resolves before its sockets have closed; a FORCE drop then would send the
      // closing clients a FATAL 57P01 that surfaces as an unhandled error. Wait for them (max 5 s).
      for (let i = 0; i < 50; i++) {
        const open = await c.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]);
        if (open.rowCount === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
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
      // pool.end() resolves before the server has seen every socket close: wait (max 5 s)
      for (let i = 0; i < 50; i++) {
        const open = await admin.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [building]);
        if (open.rowCount === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
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

export async function createTestApp(overrides: Partial<Config> = {}, opts: { mailer?: Mailer } = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
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
