import { constants as fsConstants } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../db/client';
import {
  BackupError,
  FILES_DIR,
  filePath,
  journalMigrationCount,
  type Manifest,
  readManifest,
  sha256OfFile,
} from './manifest';
import { DEFAULT_PG_TOOLS, type PgToolPaths, pgRestore } from './pg-tools';

// `npm run restore` (ADR 0105): checks the whole backup (every size and SHA-256 the manifest names)
// and that the target is empty before it writes anything, then loads the database and copies the
// files. It never writes over data: restoring over a live database is a decision for a person
// (drop it, or point DATABASE_URL / DATA_DIR somewhere new), not for a script.

export interface RestoreOptions {
  backupDir: string;
  /** where PGlite's database (DATA_DIR/pglite) and the local disk's files (DATA_DIR/files) go */
  dataDir: string;
  /** PostgreSQL: an empty database to restore into */
  databaseUrl?: string;
  pgTools?: PgToolPaths;
}

export async function restoreBackup(opts: RestoreOptions): Promise<Manifest> {
  const manifest = readManifest(opts.backupDir);
  checkEngine(manifest, opts);
  const known = journalMigrationCount();
  if (manifest.migrations.count > known) {
    throw new BackupError(
      `This backup was made by a newer Parlance (its database has ${manifest.migrations.count} migrations, this version knows ${known}): restore it with the version that made it, or a newer one.`,
    );
  }
  await checkTargetEmpty(manifest, opts);
  await verifyBackup(opts.backupDir, manifest);

  const dumpPath = join(opts.backupDir, manifest.database.file);
  if (manifest.engine === 'pglite') {
    try {
      // PGlite loads the tarball into the empty directory and refuses one that holds a database
      const database = await openDatabase({
        dataDir: opts.dataDir,
        loadDataDir: new Blob([await readFile(dumpPath)]),
      });
      await database.close();
    } catch (error) {
      // leave the directory as empty as it was, so the restore can simply be run again
      await rm(join(opts.dataDir, 'pglite'), { recursive: true, force: true });
      throw error;
    }
  } else {
    await pgRestore(opts.databaseUrl as string, dumpPath, { bin: (opts.pgTools ?? DEFAULT_PG_TOOLS).pgRestore });
  }
  if (manifest.storage.kind === 'local-disk')
    await copyFilesBack(opts.backupDir, manifest, join(opts.dataDir, FILES_DIR));
  return manifest;
}

function checkEngine(manifest: Manifest, opts: RestoreOptions): void {
  if (manifest.engine === 'pglite' && opts.databaseUrl) {
    throw new BackupError(
      'This backup is of an embedded PGlite database, and DATABASE_URL names a PostgreSQL server: unset DATABASE_URL to restore it under DATA_DIR.',
    );
  }
  if (manifest.engine === 'postgres' && !opts.databaseUrl) {
    throw new BackupError(
      'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.',
    );
  }
}

async function checkTargetEmpty(manifest: Manifest, opts: RestoreOptions): Promise<void> {
  if (manifest.engine === 'pglite') {
    const dir = join(opts.dataDir, 'pglite');
    if ((await entries(dir)).length > 0) {
      throw new BackupError(
        `${dir} holds a database already: restore into an empty DATA_DIR (or move this one away first).`,
      );
    }
  } else {
    const tables = await userTables(opts.databaseUrl as string);
    if (tables > 0) {
      throw new BackupError(
        `The database named by DATABASE_URL is not empty (${tables} tables, views and sequences): restore into a new, empty database (createdb), or drop this one first.`,
      );
    }
  }
  if (manifest.storage.kind === 'local-disk') {
    const dir = join(opts.dataDir, FILES_DIR);
    const held = (await entries(dir)).filter((name) => name !== '.tmp');
    if (held.length > 0) {
      throw new BackupError(`${dir} holds files already: restore into an empty DATA_DIR (or move them away first).`);
    }
  }
}

async function userTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `Could not connect to the database named by DATABASE_URL: ${error instanceof Error ? error.message : String(error)}. Create it first (createdb).`,
    );
  }
  try {
    const found = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'`,
    );
    return Number(found.rows[0].n);
  } finally {
    await client.end();
  }
}

/** Every byte the manifest names is there and unchanged; throws naming the first that is not. */
export async function verifyBackup(backupDir: string, manifest: Manifest): Promise<void> {
  const dumpPath = join(backupDir, manifest.database.file);
  if (!(await stat(dumpPath).catch(() => null))) {
    throw new BackupError(`${dumpPath} is missing: the backup is incomplete.`);
  }
  const dump = await sha256OfFile(dumpPath);
  if (dump.size !== manifest.database.size || dump.sha256 !== manifest.database.sha256) {
    throw new BackupError(`${dumpPath} differs from the manifest (size or SHA-256): the backup is damaged.`);
  }
  if (manifest.storage.kind !== 'local-disk') return;
  const root = join(backupDir, FILES_DIR);
  for (const file of manifest.files) {
    const path = filePath(root, file.id);
    const found = await sha256OfFile(path).catch(() => null);
    if (!found) throw new BackupError(`${path} is missing: the backup is incomplete.`);
    if (found.size !== file.size) {
      throw new BackupError(`${path} has ${found.size} bytes, the manifest says ${file.size}: the backup is damaged.`);
    }
    if (file.sha256 && found.sha256 !== file.sha256) {
      throw new BackupError(`${path}: its SHA-256 differs from the manifest's: the backup is damaged.`);
    }
  }
}

async function copyFilesBack(backupDir: string, manifest: Manifest, dest: string): Promise<void> {
  const root = join(backupDir, FILES_DIR);
  for (const file of manifest.files) {
    await mkdir(join(dest, file.id.slice(0, 2)), { recursive: true });
    // COPYFILE_EXCL: never over a file that is there (the target was checked empty)
    await copyFile(filePath(root, file.id), filePath(dest, file.id), fsConstants.COPYFILE_EXCL);
  }
}

async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
