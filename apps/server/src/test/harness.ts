import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { type Database, openDatabase, runMigrations } from '../db/client';
import type { Clock } from '../platform/clock';
import type { Mailer, MailMessage } from '../platform/mail';

/**
 * A fresh database per test file: in-memory PGlite, or a new PostgreSQL database on the server
 * named by TEST_DATABASE_URL (dropped again by close()).
 */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: null });
    await runMigrations(database);
    return { database, drop: () => database.close() };
  }
  const name = `parlance_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null });
  await runMigrations(database);
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
  const app = await buildApp({ config: testConfig({ dataDir, ...overrides }), database, clock, mailer: opts.mailer });
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
