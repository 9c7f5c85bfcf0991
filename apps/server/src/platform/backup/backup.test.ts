import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openDatabase, runMigrations } from '../../db/client';
import { DataDirInUseError } from '../../db/data-dir-lock';
import { ledgerEntries, projectResources, projects } from '../../db/schema';
import {
  newCustomer,
  newTranslator,
  paidProject,
  type Person,
  TRANSLATION_FILE,
  takeAndDeliver,
} from '../../modules/projects/projects-test-helpers';
import { authed } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { verifyLedger } from '../ledger/verify';
import { createBackup } from './backup';
import { BackupError, journalMigrationCount, type Manifest } from './manifest';
import { restoreBackup } from './restore';

// A backup of data made through the real app (credits, a paid project, a delivered file), restored
// into an empty place: the ledger verifies, the rows are there, and the file downloads byte for byte.
// On PGlite by default; on PostgreSQL (pg_dump / pg_restore) when TEST_DATABASE_URL is set.

const adminUrl = process.env.TEST_DATABASE_URL;
const temp = mkdtempSync(join(tmpdir(), 'parlance-backup-test-'));
let t: TestApp;
let customer: Person;
let projectId: number;
let resourceId: string;
let backupDir: string;
let manifest: Manifest;
const createdDatabases: string[] = [];

/** PostgreSQL: a new empty database beside the test's; PGlite: nothing (DATA_DIR is the target). */
async function emptyDatabaseUrl(): Promise<string | undefined> {
  if (!adminUrl) return undefined;
  const name = `parlance_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  createdDatabases.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The URL the harness opened PostgreSQL with (pg_dump needs it); undefined on PGlite. */
function databaseUrlOf(database: Database): string | undefined {
  return database.pool
    ? (database.pool as pg.Pool & { options: { connectionString: string } }).options.connectionString
    : undefined;
}

function openRestored(dataDir: string, databaseUrl: string | undefined): Promise<Database> {
  return openDatabase({ url: databaseUrl, dataDir: databaseUrl ? null : dataDir });
}

beforeAll(async () => {
  t = await createTestApp();
  customer = await newCustomer(t.app);
  const translator = await newTranslator(t.app);
  projectId = await paidProject(t.app, customer);
  const delivered = await takeAndDeliver(translator, projectId);
  const translation = delivered.files.find((f) => f.context === 'translation');
  if (!translation) throw new Error('no delivered file');
  resourceId = translation.id;
  ({ dir: backupDir, manifest } = await createBackup({
    database: t.database,
    databaseUrl: databaseUrlOf(t.database),
    storage: { kind: 'local-disk', root: join(t.app.deps.config.dataDir, 'files') },
    outDir: join(temp, 'backups'),
  }));
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (adminUrl && createdDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of createdDatabases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(temp, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('writes the dump, the files and a manifest naming each with its SHA-256', () => {
    expect(backupDir).toMatch(/parlance-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(manifest.engine).toBe(adminUrl ? 'postgres' : 'pglite');
    expect(manifest.database.file).toBe(adminUrl ? 'database.pgdump' : 'database.tar.gz');
    expect(manifest.migrations.count).toBe(journalMigrationCount());
    const delivered = manifest.files.find(
      (f) => readFileSync(join(backupDir, 'files', f.id.slice(0, 2), f.id), 'utf8') === TRANSLATION_FILE.content,
    );
    expect(delivered?.size).toBe(Buffer.byteLength(String(TRANSLATION_FILE.content)));
    expect(delivered?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.missingFiles).toEqual([]);
    expect(readdirSync(join(backupDir, '..'))).toEqual([backupDir.split('/').pop()]);
  });
});

describe('npm run backup, other stores', () => {
  it('lists the objects of a bucket, which keeps them itself, and restores without copying bytes', async () => {
    const { dir, manifest: listed } = await createBackup({
      database: t.database,
      databaseUrl: databaseUrlOf(t.database),
      storage: { kind: 'object-store', bucket: 'parlance-files' },
      outDir: join(temp, 'bucket-backups'),
    });
    expect(listed.storage).toEqual({ kind: 'object-store', bucket: 'parlance-files' });
    expect(listed.files.map((f) => [f.id, f.size])).toEqual(manifest.files.map((f) => [f.id, f.size]));
    expect(readdirSync(dir).sort()).toEqual([listed.database.file, 'manifest.json'].sort());

    const dataDir = join(temp, 'bucket-restored');
    await restoreBackup({ backupDir: dir, dataDir, databaseUrl: await emptyDatabaseUrl() });
    expect(() => readdirSync(join(dataDir, 'files'))).toThrow(/ENOENT/);
  });

  it('names the files the database refers to that were not found', async () => {
    const { manifest: partial } = await createBackup({
      database: t.database,
      databaseUrl: databaseUrlOf(t.database),
      storage: { kind: 'local-disk', root: join(temp, 'no-files-here') },
      outDir: join(temp, 'partial-backups'),
    });
    expect(partial.files).toEqual([]);
    expect(partial.missingFiles).toEqual(manifest.files.map((f) => f.id));
  });
});

describe('npm run restore', () => {
  it('brings back a database whose ledger verifies, with the same rows, and files with the same bytes', async () => {
    const dataDir = join(temp, 'restored');
    const databaseUrl = await emptyDatabaseUrl();
    await restoreBackup({ backupDir, dataDir, databaseUrl });

    const restored = await openRestored(dataDir, databaseUrl);
    try {
      // the server's start on it finds every migration applied (the migrator's own table came back)
      await runMigrations(restored);
      const applied = (await restored.db.execute(
        sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: string | number }[] };
      expect(Number(applied.rows[0].n)).toBe(journalMigrationCount());

      const report = await verifyLedger(restored.db);
      expect(report.balanceMismatches).toEqual([]);
      expect(report.unbalancedTransactions).toEqual([]);
      expect(report.entries).toBeGreaterThan(0);
      for (const table of [ledgerEntries, projects, projectResources]) {
        const [before] = await t.database.db.select({ n: count() }).from(table);
        const [after] = await restored.db.select({ n: count() }).from(table);
        expect(after.n).toBe(before.n);
      }

      // the customer's session lives in the database: the same cookie signs in on the restored copy
      const app = await buildApp({ config: testConfig({ dataDir }), database: restored });
      try {
        const api = authed(app, customer.session);
        const detail = await api.get(`/api/2/projects/${projectId}`);
        expect(detail.statusCode, detail.body).toBe(200);
        const link = await api.get(`/api/2/resources/${resourceId}`);
        expect(link.statusCode, link.body).toBe(200);
        const file = await api.get((link.json() as { download_url: string }).download_url);
        expect(file.statusCode).toBe(200);
        expect(file.body).toBe(TRANSLATION_FILE.content);
      } finally {
        await app.close();
      }
    } finally {
      await restored.close();
    }

    // a second restore into the same place is refused: it would mix two databases
    const again = restoreBackup({ backupDir, dataDir, databaseUrl });
    await expect(again).rejects.toThrow(BackupError);
    await expect(again).rejects.toThrow(
      databaseUrl
        ? /is not empty \(\d+ tables, views and sequences\): restore into a new, empty database/
        : /holds a database already/,
    );
  }, 120_000);

  it('refuses a backup whose file differs from the manifest, and writes nothing', async () => {
    const damaged = join(temp, 'damaged');
    cpSync(backupDir, damaged, { recursive: true });
    const file = manifest.files[0];
    const path = join(damaged, 'files', file.id.slice(0, 2), file.id);
    const bytes = readFileSync(path);
    bytes[0] ^= 0xff;
    writeFileSync(path, bytes);
    const dataDir = join(temp, 'not-restored');
    await expect(restoreBackup({ backupDir: damaged, dataDir, databaseUrl: await emptyDatabaseUrl() })).rejects.toThrow(
      `${path}: its SHA-256 differs from the manifest's: the backup is damaged.`,
    );
    expect(readdirSync(temp)).not.toContain('not-restored');
  });

  it('refuses a missing, unreadable or foreign manifest in plain words', async () => {
    const broken = join(temp, 'broken');
    cpSync(backupDir, broken, { recursive: true });
    const dataDir = join(temp, 'never');
    const manifestPath = join(broken, 'manifest.json');

    writeFileSync(manifestPath, '{"format": "parlance-backup", ');
    await expect(restoreBackup({ backupDir: broken, dataDir })).rejects.toThrow(
      `${manifestPath} is not valid JSON: the manifest is damaged.`,
    );
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, format: 'something-else' }));
    await expect(restoreBackup({ backupDir: broken, dataDir })).rejects.toThrow(
      /is not a Parlance backup manifest of version 1 \(format: /,
    );
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, migrations: { count: 10_000, last: null } }));
    await expect(restoreBackup({ backupDir: broken, dataDir, databaseUrl: await emptyDatabaseUrl() })).rejects.toThrow(
      /made by a newer Parlance \(its database has 10000 migrations, this version knows \d+\)/,
    );
    rmSync(manifestPath);
    await expect(restoreBackup({ backupDir: broken, dataDir })).rejects.toThrow(
      /manifest.json is missing: this is not a complete Parlance backup/,
    );
  });
});

// The commands as an operator types them, on PGlite (their PostgreSQL path is the code above, given
// DATABASE_URL). An embedded database is opened by one process at a time: the backup of one that a
// server has open is refused.
const SERVER = resolve(import.meta.dirname, '../../..');
const TSX = resolve(SERVER, '../../node_modules/.bin/tsx');

function run(script: string, args: string[], dataDir: string): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.INIT_CWD;
  const result = spawnSync(TSX, [`scripts/${script}`, ...args], {
    cwd: SERVER,
    env,
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.skipIf(adminUrl)('npm run restore, backup and ledger:verify on an embedded database', () => {
  it('restore, refuse while in use, back up when free; each with its exit code', async () => {
    const dataDir = join(temp, 'cli');
    const restored = run('restore.ts', [backupDir], dataDir);
    expect(restored.output).toContain(`into PGlite under ${dataDir}`);
    expect(restored.output).toMatch(/ledger: OK \(\d+ accounts, \d+ transactions, \d+ entries\)/);
    expect(restored.status).toBe(0);

    const out = join(temp, 'cli-backups');
    const server = await openDatabase({ dataDir });
    try {
      const refused = run('backup.ts', ['--out', out], dataDir);
      expect(refused.output).toContain(`The database under ${dataDir} is in use by process ${process.pid}`);
      expect(refused.output).toContain('stop the Parlance server using it');
      expect(refused.status).toBe(1);
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
    } finally {
      await server.close();
    }

    const backedUp = run('backup.ts', ['--out', out], dataDir);
    expect(backedUp.output).toMatch(/Backup written to .*parlance-backup-/);
    expect(backedUp.output).toContain(`files: ${manifest.files.length} copied`);
    expect(backedUp.status).toBe(0);

    const verified = run('ledger-verify.ts', [], dataDir);
    expect(verified.output).toContain('OK: every balance equals the sum of its entries');
    expect(verified.status).toBe(0);
  }, 240_000);
});
