import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from '../../db/client';
import { getOrCreateAccount, platformAccount } from './accounts';
import { postTransaction } from './ledger';
import { makeUser } from './test-helpers';

// `npm run ledger:verify` against a file-backed PGlite under a temporary DATA_DIR (the script's
// PostgreSQL path is the same code with DATABASE_URL).
const SERVER = resolve(import.meta.dirname, '../../..');
const TSX = resolve(SERVER, '../../node_modules/.bin/tsx');
const dataDir = mkdtempSync(join(tmpdir(), 'parlance-ledger-verify-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function runVerify(dir: string): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL;
  const result = spawnSync(TSX, ['scripts/ledger-verify.ts'], { cwd: SERVER, env, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Opens the temporary database, lets `fn` work on it, and closes it again (one process at a time). */
async function withDatabase(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
    await fn(database.db);
  } finally {
    await database.close();
  }
}

describe('ledger:verify', () => {
  it('exits 0 on a healthy ledger and 1, naming the account, on a tampered balance', async () => {
    let customerAccountId = 0;
    let customerId = 0;
    await withDatabase(async (db) => {
      const userId = await makeUser(db);
      const account = await getOrCreateAccount(db, userId, 'customer_credits');
      const received = await platformAccount(db, 'platform_payments_received');
      const revenue = await platformAccount(db, 'platform_revenue');
      customerAccountId = account.id;
      customerId = userId;
      await postTransaction(db, {
        kind: 'purchase',
        description: 'Bought 1000 credits',
        entries: [
          { account, amount: 1000 },
          { account: received, amount: -1000 },
        ],
      });
      await postTransaction(db, {
        kind: 'order_payment',
        description: 'Order',
        entries: [
          { account, amount: -400 },
          { account: revenue, amount: 400 },
        ],
      });
    });

    const healthy = runVerify(dataDir);
    expect(healthy.output).toContain('3 accounts, 2 transactions, 4 entries');
    expect(healthy.output).toContain('OK');
    expect(healthy.status).toBe(0);

    await withDatabase(async (db) => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_guard`);
        await tx.execute(sql`UPDATE ledger_accounts SET balance = 5000 WHERE id = ${customerAccountId}`);
        await tx.execute(sql`ALTER TABLE ledger_accounts ENABLE TRIGGER ledger_accounts_guard`);
      });
    });
    const tampered = runVerify(dataDir);
    expect(tampered.output).toContain(
      `account ${customerAccountId} (customer_credits, user ${customerId}): stored balance 5000, sum of entries 600, difference 4400`,
    );
    expect(tampered.output).toContain('FAILED: 1 balance difference(s), 0 unbalanced transaction(s)');
    expect(tampered.status).toBe(1);
  }, 120_000);

  it('exits 2 when there is no database to verify', () => {
    const result = runVerify(join(dataDir, 'nothing-here'));
    expect(result.output).toContain('No database under');
    expect(result.status).toBe(2);
  });
});
