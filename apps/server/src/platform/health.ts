import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, MIGRATIONS_FOLDER } from '../db/client';
import type { Storage } from './storage';

// Liveness and readiness for load balancers and orchestrators (ADR 0101). Live: the process answers.
// Ready: the database answers, its migrations are this build's, and files can be stored; and the
// instance is not shutting down (platform/shutdown.ts: from the signal on, before the listener
// closes), so a balancer stops sending it requests first.

export type ReadinessCheck = 'database' | 'migrations' | 'storage' | 'shutdown';

export interface Readiness {
  ready: boolean;
  /** what failed, with a sentence an operator can act on */
  failed: { check: ReadinessCheck; message: string }[];
}

/** The `when` of the journal's last migration: what the database must have applied. */
let lastMigration: number | undefined;
function lastMigrationMillis(): number {
  if (lastMigration !== undefined) return lastMigration;
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  lastMigration = Math.max(...journal.entries.map((e) => e.when));
  return lastMigration;
}

const DATABASE_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function checkReadiness(opts: {
  database: Database;
  storage: Storage;
  closing: boolean;
  /** how long the database may take to answer (default 2 s): a probe must answer, even when it cannot connect */
  timeoutMs?: number;
  /** the latest migration this build carries (default: read from the journal) */
  expectedMigration?: number;
}): Promise<Readiness> {
  // a stopping instance answers at once, without the database it is about to close
  if (opts.closing) return { ready: false, failed: [{ check: 'shutdown', message: 'this instance is shutting down' }] };
  const failed: Readiness['failed'] = [];
  let applied: number | null = null;
  try {
    const rows = await withTimeout(
      opts.database.db.execute<{ last: string | number | null }>(
        sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`,
      ),
      opts.timeoutMs ?? DATABASE_TIMEOUT_MS,
    );
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { last: unknown }[];
    applied = list[0]?.last == null ? 0 : Number(list[0].last);
  } catch (err) {
    failed.push({ check: 'database', message: `the database did not answer: ${messageOf(err)}` });
  }
  if (applied !== null) {
    const expected = opts.expectedMigration ?? lastMigrationMillis();
    if (applied < expected) {
      failed.push({ check: 'migrations', message: 'the database lacks migrations of this build: run the migrations' });
    }
  }
  try {
    await opts.storage.probe();
  } catch (err) {
    failed.push({ check: 'storage', message: `files cannot be stored: ${messageOf(err)}` });
  }
  return { ready: failed.length === 0, failed };
}

export function registerHealthRoutes(app: FastifyInstance, deps: { database: Database; storage: Storage }): void {
  app.get('/api/2/health/live', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'OK' }),
  );
  app.get('/api/2/health/ready', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const readiness = await checkReadiness({ ...deps, closing: app.isShuttingDown() });
    reply.header('cache-control', 'no-store');
    if (readiness.ready) return reply.send({ status: 'OK', checks: [] });
    return reply.status(503).send({
      status: 'ERROR',
      message: `Not ready: ${readiness.failed.map((f) => f.message).join('; ')}`,
      checks: readiness.failed,
    });
  });
}
