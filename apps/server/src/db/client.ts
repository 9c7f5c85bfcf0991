import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { listenPg } from './pg-listen';
import { pgliteStatementClient } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every service uses: the same queries on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services that take `Db | Tx` work inside or outside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** the PostgreSQL pool, for LISTEN/NOTIFY; null on PGlite */
  pool: pg.Pool | null;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` after its transaction commits (PGlite: at once,
   * in this process; PostgreSQL: from any instance, over a LISTENing connection, which calls
   * `onReconnect` after it was lost and came back).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<{ close(): Promise<void> }>;
  close(): Promise<void>;
}

const migrationsFolder = join(import.meta.dirname, 'migrations');

/**
 * Opens PostgreSQL when `url` is given, otherwise PGlite: file-backed under `dataDir`,
 * or in memory when dataDir is null (tests).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string | null;
  /** PGlite in memory only: start from this data directory (a `dumpPglite` tarball) instead of initdb */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // an idle pooled connection that the server ends (restart, pg_terminate_backend, network) is
    // dropped by the pool; without a listener its 'error' event would end the process
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    // ...and one lost while checked out (between the statements of a transaction) emits 'error' on its
    // client, which the pool does not listen to then: the transaction's next statement fails instead
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const statements = statementPool(opts.url);
    STATEMENT_HANDLES.set(db, statements.db);
    return {
      db,
      engine: 'postgres',
      pool,
      listen: (channel, onPayload, onReconnect) => listenPg(pool, { channel, onPayload, onReconnect }),
      close: async () => {
        await Promise.all([pool.end(), statements.end()]);
      },
    };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : undefined);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  STATEMENT_HANDLES.set(
    db,
    drizzlePglite({ client: pgliteStatementClient(client) as unknown as PGlite, schema }) as unknown as Db,
  );
  return {
    db,
    engine: 'pglite',
    pool: null,
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return { close: () => unlisten() };
    },
    close: () => client.close(),
  };
}

/** The handle each PostgreSQL `Db` runs its prepared statements on (see `statementHandle`). */
const STATEMENT_HANDLES = new WeakMap<Db, Db>();

/**
 * The handle to prepare the hot paths' statements on (platform/prepared.ts). On PostgreSQL it is a
 * second pool of the same size whose connections plan every named statement once, generically
 * (`plan_cache_mode = force_generic_plan`): left to choose, PostgreSQL kept planning the lists'
 * statements anew for every execution (a custom plan each time, 0.3–0.8 ms of planning against
 * 0.2–0.3 ms of execution), which undid most of what preparing them was for. Only statements written
 * for placeholders run there: their indexes serve every value (ADR 0055). The
 * pool opens its connections when a statement first runs. On PGlite, a client that runs each query
 * text as a named statement (pglite-statements.ts). For a transaction, use the transaction itself.
 */
export function statementHandle(db: Db): Db {
  return STATEMENT_HANDLES.get(db) ?? db;
}

function statementPool(url: string): { db: Db; end: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c plan_cache_mode=force_generic_plan' });
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { db: drizzlePg(pool, { schema }) as unknown as Db, end: () => pool.end() };
}

/** The whole PGlite data directory as an uncompressed tarball (to open copies with `loadDataDir`). */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.engine !== 'pglite') throw new Error('dumpPglite: not a PGlite database');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}

/** The migrations folder, for callers that key caches on its content. */
export const MIGRATIONS_FOLDER = migrationsFolder;

export async function runMigrations(database: Database): Promise<void> {
  if (database.engine === 'postgres') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver
    await migratePg(database.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver
    await migratePglite(database.db as any, { migrationsFolder });
  }
}
