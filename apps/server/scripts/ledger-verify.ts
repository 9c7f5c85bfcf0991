// `npm run ledger:verify`: recomputes every ledger balance from its journal entries and checks that
// every journal transaction sums to zero, on the configured database (DATABASE_URL, or the PGlite
// under DATA_DIR). Read-only. Exit code 0: all equal; 1: differences (printed); 2: could not verify.
// With PGlite, stop the server first: an embedded database has one process at a time.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { scriptConfigOrNull } from './script-cli';
import { openDatabase } from '../src/db/client';
import { pgErrorOf } from '../src/platform/ledger/errors';
import { verifyLedger } from '../src/platform/ledger/verify';

async function main(): Promise<number> {
  const config = scriptConfigOrNull();
  if (!config) return 2;
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pglite'))) {
    console.error(`No database under ${config.dataDir} (set DATA_DIR or DATABASE_URL).`);
    return 2;
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite under ${config.dataDir}`;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await verifyLedger(database.db);
    console.log(
      `Ledger on ${where}: ${report.accounts} accounts, ${report.transactions} transactions, ${report.entries} entries.`,
    );
    for (const m of report.balanceMismatches) {
      const owner = m.ownerId === null ? 'platform' : `user ${m.ownerId}`;
      console.log(
        `  account ${m.accountId} (${m.kind}, ${owner}): stored balance ${m.cached}, sum of entries ${m.computed}, difference ${m.cached - m.computed}`,
      );
    }
    for (const t of report.unbalancedTransactions) {
      console.log(
        `  transaction ${t.transactionId}: ${t.entryCount} entries summing to ${t.sum} (must be 0, with at least 2 entries)`,
      );
    }
    if (report.ok) {
      console.log('OK: every balance equals the sum of its entries, and every transaction sums to zero.');
      return 0;
    }
    console.log(
      `FAILED: ${report.balanceMismatches.length} balance difference(s), ${report.unbalancedTransactions.length} unbalanced transaction(s).`,
    );
    return 1;
  } catch (err) {
    if (pgErrorOf(err)?.code === '42P01') {
      console.error(`No ledger tables on ${where}: start the server once to apply the migrations.`);
      return 2;
    }
    console.error(`Could not verify the ledger on ${where}: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);
