import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createTestApp, freshDatabase, type TestApp } from '../test/harness';
import { checkReadiness } from './health';
import { startLocalS3 } from '../test/local-s3';
import { LocalDiskStorage } from './storage';
import { type S3Settings, S3Storage } from './storage-s3';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health probes', () => {
  it('answers liveness with 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/2/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the old /api/2/health answering', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/2/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', engine: t.database.engine });
  });

  it('answers readiness with 200 when the database, its migrations and the files directory are fine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/2/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK', checks: [] });
  });

  it('names missing migrations and an unwritable files directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parlance-health-'));
    try {
      // a file where the files directory should be: it can be neither made nor written
      writeFileSync(join(dir, 'blocker'), 'x');
      const readiness = await checkReadiness({
        database: t.database,
        storage: new LocalDiskStorage(join(dir, 'blocker', 'files')),
        closing: false,
        expectedMigration: Date.now() + 3600_000,
      });
      expect(readiness.ready).toBe(false);
      expect(readiness.failed.map((f) => f.check)).toEqual(['migrations', 'storage']);
      expect(readiness.failed[0].message).toBe('the database lacks migrations of this build: run the migrations');
      expect(readiness.failed[1].message).toMatch(/^files cannot be stored: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks the bucket when files are stored in S3, and says why it cannot be used', async () => {
    const s3 = await startLocalS3();
    try {
      const probe = (settings: S3Settings) =>
        checkReadiness({ database: t.database, storage: new S3Storage(settings), closing: false });
      expect(await probe(s3.settings)).toEqual({ ready: true, failed: [] });
      expect(s3.requests).toEqual([`HEAD /${s3.settings.bucket}/`]);
      expect((await probe({ ...s3.settings, bucket: 'gone' })).failed).toEqual([
        { check: 'storage', message: 'files cannot be stored: bucket gone: there is no such bucket' },
      ]);
    } finally {
      await s3.close();
    }
  });

  it('turns 503 once a shutdown begins, while liveness stays 200', async () => {
    t.app.beginShutdown();
    const res = await t.app.inject({ method: 'GET', url: '/api/2/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'ERROR',
      message: 'Not ready: this instance is shutting down',
      checks: [{ check: 'shutdown', message: 'this instance is shutting down' }],
      requestId: expect.any(String),
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/2/health/live' })).statusCode).toBe(200);
  });

  it('answers a stopping instance without asking the database it is closing', async () => {
    let asked = 0;
    const closingDatabase = {
      ...t.database,
      db: new Proxy(t.database.db, {
        get: (target, key) => {
          if (key !== 'execute') return Reflect.get(target, key);
          return () => {
            asked += 1;
            return new Promise(() => {});
          };
        },
      }),
    };
    const readiness = await checkReadiness({ database: closingDatabase, storage: t.app.deps.storage, closing: true });
    expect(readiness).toEqual({
      ready: false,
      failed: [{ check: 'shutdown', message: 'this instance is shutting down' }],
    });
    expect(asked).toBe(0);
  });

  it('turns 503 when the database is closed, naming it', async () => {
    const { database, drop } = await freshDatabase();
    // closed by the test, then again by drop(): the second close does nothing
    const closeOnce = database.close;
    let closed: Promise<void> | null = null;
    database.close = () => {
      closed ??= closeOnce();
      return closed;
    };
    const dataDir = mkdtempSync(join(tmpdir(), 'parlance-health-'));
    const app = await buildApp({ config: testConfig({ dataDir }), database });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/2/health/ready' })).statusCode).toBe(200);
      // not awaited: on PostgreSQL the pool's end waits for the realtime LISTEN client, which the
      // app releases on close; the pool refuses new queries at once
      void database.close();
      const res = await app.inject({ method: 'GET', url: '/api/2/health/ready' });
      expect(res.statusCode).toBe(503);
      const body = res.json() as { checks: { check: string; message: string }[] };
      expect(body.checks.map((c) => c.check)).toEqual(['database']);
      expect(body.checks[0].message).toMatch(/^the database did not answer: /);
    } finally {
      await app.close().catch(() => undefined);
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
