import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
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
  /**
   * PGlite: start from this data directory (a `dumpPglite` tarball) instead of initdb; in memory, or
   * under an empty `dataDir` (a restore; PGlite refuses a directory that holds a database already)
   */
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
  let unlock = () => {};
  if (opts.dataDir) {
    const dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // one process at a time (data-dir-lock.ts); throws DataDirInUseError when another has it open
    unlock = lockDataDir(opts.dataDir);
    try {
      client = new PGlite(dir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : undefined);
      await client.waitReady;
    } catch (error) {
      unlock();
      throw error;
    }
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
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
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
  // Drizzle sends `db.execute(sql)` and its query builders as unnamed statements, which
  // PostgreSQL parses and plans on every run: for the chat's history page that was 5 ms of the
  // database's CPU against 0.7 ms for running it. Here every query gets a name from its text, so
  // each pooled connection parses and plans it once (a generic plan, as above).
  const query = pool.query.bind(pool);
  pool.query = ((config: unknown, ...rest: unknown[]) =>
    query(namedQuery(config) as string, ...(rest as [unknown[]]))) as typeof pool.query;
  return { db: drizzlePg(pool, { schema }) as unknown as Db, end: () => pool.end() };
}

/**
 * How many query texts get a statement name. The statement handle's texts come from a few fixed
 * shapes (a shape per number of chats or of ids at most), so this is never reached in practice; a
 * text past it runs unnamed, planned each time, rather than growing every connection's statements.
 */
const MAX_NAMED_TEXTS = 2000;
const NAMED_TEXTS = new Map<string, string>();

/** A query config with a name derived from its text, when it has none and the bound allows. */
export function namedQuery(config: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const { text, name } = config as { text?: unknown; name?: unknown };
  if (typeof text !== 'string' || name !== undefined) return config;
  let statement = NAMED_TEXTS.get(text);
  if (statement === undefined) {
    if (NAMED_TEXTS.size >= MAX_NAMED_TEXTS) return config;
    statement = `parlance_text_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    NAMED_TEXTS.set(text, statement);
  }
  return { ...config, name: statement };
}

/**
 * The whole PGlite data directory as a tarball (to open copies with `loadDataDir`): uncompressed by
 * default (the tests' template, read often), gzip for backups.
 */
export async function dumpPglite(database: Database, compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
  if (database.engine !== 'pglite') throw new Error('dumpPglite: not a PGlite database');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir(compression);
}

/** The migrations folder, for callers that key caches on its content. */
export const MIGRATIONS_FOLDER = migrationsFolder;

/** The advisory lock instances starting together take around the migrations (any constant will do). */
const MIGRATIONS_LOCK = 0x7061726c; // 'parl'

export async function runMigrations(database: Database): Promise<void> {
  if (database.engine === 'postgres' && database.pool) {
    // The migrator reads the last applied migration and then applies the newer ones, without a lock
    // of its own: two instances of a new build starting at once would both apply them, and one would
    // fail. The lock, held on a connection of its own, lets the first apply them and the others find
    // them applied.
    const lockClient = await database.pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
      // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver
      await migratePg(database.db as any, { migrationsFolder });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK]).catch(() => undefined);
      lockClient.release();
    }
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver
    await migratePglite(database.db as any, { migrationsFolder });
  }
}
