// `npm run restore -- <backup>`: brings a backup back into an empty DATA_DIR or an empty PostgreSQL
// database, then checks its ledger (ADR 0105). See docs/ops.md "Backups".
import { resolve } from 'node:path';
import { openDatabase } from '../src/db/client';
import { restoreBackup } from '../src/platform/backup/restore';
import { verifyLedger } from '../src/platform/ledger/verify';
import { BASE, loadScriptConfig, parseArgs, runScript } from './script-cli';

const USAGE = `Usage: npm run restore -- <backup directory> [--pg-restore <path>]

Restores a directory written by \`npm run backup\` into the place the server's settings name:
  PGlite backups      into DATA_DIR, which must hold no database and no files yet
  PostgreSQL backups  into the database DATABASE_URL names, which must be empty (createdb first);
                      files into DATA_DIR/files when they were on the local disk
Every file's size and SHA-256 is checked against manifest.json before anything is written, and the
ledger of the restored database is verified afterwards (as npm run ledger:verify does).
Start the server afterwards: it applies the migrations this version adds.
--pg-restore names the pg_restore program when it is not the one on PATH.`;

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), ['pg-restore']);
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  if (args.positional.length !== 1) {
    console.error(`Name one backup directory.\n\n${USAGE}`);
    return 2;
  }
  const config = loadScriptConfig();
  const backupDir = resolve(BASE, args.positional[0]);
  const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite under ${config.dataDir}`;
  const manifest = await restoreBackup({
    backupDir,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    pgTools: { pgDump: 'pg_dump', pgRestore: args.options.get('pg-restore') ?? 'pg_restore' },
  });
  console.log(`Restored the backup of ${manifest.createdAt} into ${target}.`);
  console.log(
    manifest.storage.kind === 'local-disk'
      ? `  files: ${manifest.files.length} copied to ${resolve(config.dataDir, 'files')}, each SHA-256 checked`
      : `  files: ${manifest.files.length} listed in the bucket ${manifest.storage.bucket}: restore them from its versions or replica`,
  );
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await verifyLedger(database.db);
    if (!report.ok) {
      console.error(
        `The restored ledger does not add up: ${report.balanceMismatches.length} balance difference(s), ${report.unbalancedTransactions.length} unbalanced transaction(s). Run npm run ledger:verify for the details.`,
      );
      return 1;
    }
    console.log(
      `  ledger: OK (${report.accounts} accounts, ${report.transactions} transactions, ${report.entries} entries)`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runScript(main, USAGE, 'restore');
