// `npm run backup`: a consistent copy of the database and the stored files in a new directory
// (ADR 0105). See docs/ops.md "Backups".
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase } from '../src/db/client';
import { createBackup } from '../src/platform/backup/backup';
import { BASE, backupStorageOf, loadScriptConfig, parseArgs, runScript } from './script-cli';

const USAGE = `Usage: npm run backup -- [--out <directory>] [--pg-dump <path>]

Writes parlance-backup-<time>/ into the output directory (default: ./backups), holding
  database.tar.gz   the embedded PGlite database (DATA_DIR), or
  database.pgdump   a pg_dump --format=custom of the PostgreSQL database (DATABASE_URL)
  files/            every stored file (local disk; an object store's bucket keeps its own)
  manifest.json     engine, migrations, and each file's size and SHA-256 (written last)

It reads the same settings as the server (DATA_DIR, DATABASE_URL). PostgreSQL is backed up while
the servers run; an embedded PGlite database only while no server has it open (stop it first).
--pg-dump names the pg_dump program when it is not the one on PATH.`;

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), ['out', 'pg-dump']);
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  if (args.positional.length > 0) {
    console.error(`Unexpected argument ${args.positional[0]}.\n\n${USAGE}`);
    return 2;
  }
  const config = loadScriptConfig();
  // opening PGlite on a directory without a database would make a new, empty one there
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pglite'))) {
    console.error(`No database under ${config.dataDir}: set DATA_DIR to the server's, or DATABASE_URL.`);
    return 1;
  }
  const outDir = resolve(BASE, args.options.get('out') ?? 'backups');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const started = Date.now();
    const { dir, manifest } = await createBackup({
      database,
      databaseUrl: config.databaseUrl,
      storage: backupStorageOf(config),
      outDir,
      pgTools: { pgDump: args.options.get('pg-dump') ?? 'pg_dump', pgRestore: 'pg_restore' },
    });
    const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
    const where =
      manifest.storage.kind === 'local-disk' ? 'copied' : `listed (bucket ${manifest.storage.bucket} keeps the bytes)`;
    console.log(`Backup written to ${dir}`);
    console.log(
      `  database: ${manifest.engine}, ${manifest.migrations.count} migrations, ${manifest.database.file} ${manifest.database.size} bytes`,
    );
    console.log(`  files: ${manifest.files.length} ${where}, ${bytes} bytes`);
    console.log(`  took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (manifest.missingFiles.length > 0) {
      console.warn(
        `  warning: ${manifest.missingFiles.length} file(s) the database refers to were not found (deleted during the backup, or lost before it); listed in manifest.json as missingFiles`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

runScript(main, USAGE, 'backup');
