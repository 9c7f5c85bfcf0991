import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { type Database, dumpPglite } from '../../db/client';
import { pgErrorOf } from '../ledger/errors';
import { isFileId } from '../storage';
import {
  BackupError,
  FILES_DIR,
  filePath,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type Manifest,
  type ManifestFile,
  sha256OfFile,
} from './manifest';
import { DEFAULT_PG_TOOLS, pgDump, type PgToolPaths } from './pg-tools';
import { type ReferencedFile, referencedFiles } from './referenced-files';

// `npm run backup` (ADR 0105): the database first, then the files. Stored files are never changed
// once written and are named by a random id, so every file the dump refers to already exists when
// the dump is taken; copying the files afterwards therefore captures all of them (and perhaps a few
// newer ones no row of the dump names, which do no harm). The one gap is a file deleted between the
// dump and the copy: it is listed in the manifest's missingFiles.

/** Where the stored files live: their bytes are copied from a local disk, listed for an object store. */
export type BackupStorage = { kind: 'local-disk'; root: string } | { kind: 'object-store'; bucket: string };

export interface BackupOptions {
  database: Database;
  /** PostgreSQL's URL (for pg_dump); unused on PGlite */
  databaseUrl?: string;
  storage: BackupStorage;
  /** the backup becomes a directory of its own in here */
  outDir: string;
  now?: Date;
  pgTools?: PgToolPaths;
}

/** parlance-backup-2026-11-29T12-30-05Z: sorts by time, and is a valid name on every file system. */
export function backupName(now: Date): string {
  return `parlance-backup-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}`;
}

export async function createBackup(opts: BackupOptions): Promise<{ dir: string; manifest: Manifest }> {
  const now = opts.now ?? new Date();
  const dir = join(opts.outDir, backupName(now));
  if (await exists(dir)) throw new BackupError(`${dir} exists already: wait a second and run the backup again.`);
  // written under a temporary name and renamed when complete: a directory named parlance-backup-*
  // without .partial is a whole backup
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    const { migrations, database, referenced } = await captureDatabase(opts, partial);
    let files: ManifestFile[];
    let missingFiles: string[] = [];
    if (opts.storage.kind === 'local-disk') {
      files = await copyFiles(opts.storage.root, join(partial, FILES_DIR));
      const copied = new Set(files.map((f) => f.id));
      missingFiles = referenced.filter((r) => !copied.has(r.id)).map((r) => r.id);
    } else {
      // the bucket's own versioning or replication keeps the bytes; the manifest says what to expect
      files = referenced;
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      createdAt: now.toISOString(),
      engine: opts.database.engine,
      migrations,
      database,
      storage:
        opts.storage.kind === 'local-disk'
          ? { kind: 'local-disk' }
          : { kind: 'object-store', bucket: opts.storage.bucket },
      files,
      missingFiles,
    };
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, dir);
    return { dir, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

type Query = (text: string) => Promise<unknown[]>;

interface Captured {
  migrations: Manifest['migrations'];
  database: Manifest['database'];
  referenced: ReferencedFile[];
}

/**
 * The dump, the migrations it holds and the files it refers to, all as of one moment. PGlite: no
 * other process has the database open (data-dir-lock.ts), so nothing moves meanwhile. PostgreSQL:
 * one repeatable-read transaction exports its snapshot, reads the migrations and the references,
 * and pg_dump dumps that same snapshot (--snapshot), so `missingFiles` names exactly the files the
 * dump refers to that the copy did not find.
 */
async function captureDatabase(opts: BackupOptions, dir: string): Promise<Captured> {
  if (opts.database.engine === 'pglite') {
    const query: Query = async (text) => rowsOf(await opts.database.db.execute(sql.raw(text)));
    const migrations = await appliedMigrations(query);
    const referenced = await referencedFiles(query);
    const file = 'database.tar.gz';
    const tarball = await dumpPglite(opts.database, 'gzip');
    await writeFile(join(dir, file), Buffer.from(await tarball.arrayBuffer()));
    return { migrations, referenced, database: { file, ...(await sha256OfFile(join(dir, file))) } };
  }
  if (!opts.databaseUrl || !opts.database.pool) throw new BackupError('A PostgreSQL backup needs DATABASE_URL.');
  let client: PoolClient;
  try {
    client = await opts.database.pool.connect();
  } catch (error) {
    throw new BackupError(`Could not reach the database: ${messageOf(error)}.`);
  }
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const query: Query = async (text) => (await client.query(text)).rows;
    const migrations = await appliedMigrations(query);
    const [{ snapshot }] = (await query('SELECT pg_export_snapshot() AS snapshot')) as { snapshot: string }[];
    const [{ server_version_num }] = (await query('SHOW server_version_num')) as { server_version_num: string }[];
    const referenced = await referencedFiles(query);
    const file = 'database.pgdump';
    const tool = await pgDump(opts.databaseUrl, join(dir, file), {
      bin: (opts.pgTools ?? DEFAULT_PG_TOOLS).pgDump,
      serverMajor: Math.floor(Number(server_version_num) / 10000),
      snapshot,
    });
    await client.query('COMMIT');
    return { migrations, referenced, database: { file, ...(await sha256OfFile(join(dir, file))), tool } };
  } finally {
    // a failed step leaves the transaction open: ROLLBACK, and a connection that is gone is let go
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

async function appliedMigrations(query: Query): Promise<Manifest['migrations']> {
  try {
    const [row] = (await query(
      'SELECT count(*) AS count, max(created_at) AS last FROM drizzle.__drizzle_migrations',
    )) as { count: string | number; last: string | number | null }[];
    return { count: Number(row?.count ?? 0), last: row?.last == null ? null : Number(row.last) };
  } catch (error) {
    if (pgErrorOf(error)?.code === '42P01' || pgErrorOf(error)?.code === '3F000') {
      throw new BackupError(
        'This database has no Parlance tables: start the server once (it applies the migrations), or check DATA_DIR / DATABASE_URL.',
      );
    }
    throw new BackupError(`Could not read the database: ${messageOf(error)}.`);
  }
}

/** The driver's reason: drizzle wraps it as the cause of its "Failed query" error. */
function messageOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

/** Copies root/<shard>/<id> to dest/<shard>/<id>, with each copy's size and SHA-256. */
async function copyFiles(root: string, dest: string): Promise<ManifestFile[]> {
  const files: ManifestFile[] = [];
  await mkdir(dest, { recursive: true });
  for (const shard of (await readdirOrEmpty(root)).sort()) {
    // .tmp holds uploads still arriving (or cut off): no row refers to them
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    for (const id of (await readdirOrEmpty(join(root, shard))).sort()) {
      if (!isFileId(id) || !id.startsWith(shard)) continue;
      const target = filePath(dest, id);
      await mkdir(join(dest, shard), { recursive: true });
      try {
        await copyFile(filePath(root, id), target);
      } catch (error) {
        // deleted since the directory was read: the same as deleted before
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      files.push({ id, ...(await sha256OfFile(target)) });
    }
  }
  return files;
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
