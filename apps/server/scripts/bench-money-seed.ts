// Seeds a database for the money figures of `npm run bench` (bench-money.mjs): migrations, the demo
// accounts when the database is new, then BENCH_LEDGER_ROWS (100,000) ledger rows on the demo
// customer's credits account (grants of 1,000 and project payments of 600 in turn, one every three
// minutes back from now, each a balanced journal transaction with its platform side, through the
// ledger's own triggers) and BENCH_CONVERT_ROWS (50,000) payout requests of the demo translator.
// Reads DATABASE_URL or DATA_DIR like the server. Prints one JSON line.
import { eq, sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../src/db/client';
import { users } from '../src/db/schema';
import { DEMO_ACCOUNTS, isNewDatabase, seedDemoData } from '../src/db/seed/demo';
import { getOrCreateAccount, platformAccount } from '../src/platform/ledger';

const ROWS = Number(process.env.BENCH_LEDGER_ROWS || 100_000);
const CONVERT = Number(process.env.BENCH_CONVERT_ROWS || 50_000);
const started = process.hrtime.bigint();
const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? null,
});
try {
  await runMigrations(database);
  const db = database.db;
  if (await isNewDatabase(db)) await seedDemoData(db);
  const byEmail = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0];
  const customer = await byEmail(DEMO_ACCOUNTS[0].email);
  const translator = await byEmail(DEMO_ACCOUNTS[1].email);
  if (!customer || !translator) throw new Error('no demo accounts');
  const credits = await getOrCreateAccount(db, customer.id, 'customer_credits');
  const promotions = await platformAccount(db, 'platform_promotions');
  const revenue = await platformAccount(db, 'platform_revenue');
  // in batches of BATCH journal transactions: each entry updates its account's cached balance, and
  // 100,000 updates of one row inside one database transaction make a version chain walked on
  // every update (quadratic); committing every batch lets the old versions be pruned
  const BATCH = 2_000;
  for (let first = 1; first <= ROWS; first += BATCH) {
    const last = Math.min(ROWS, first + BATCH - 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        CREATE TEMP TABLE bench_tx ON COMMIT DROP AS
        SELECT i, nextval(pg_get_serial_sequence('ledger_transactions', 'id')) AS id,
          CASE WHEN i % 2 = 1 THEN 'grant' ELSE 'order_payment' END AS kind,
          now() - make_interval(mins => 3 * (${ROWS} - i)) - interval '1 minute' AS at
        FROM generate_series(${first}::int, ${last}::int) AS s(i) ORDER BY i`);
      await tx.execute(sql`
        INSERT INTO ledger_transactions (id, kind, description, metadata, created_at)
        SELECT id, kind, CASE WHEN kind = 'grant' THEN 'Bench credits' ELSE 'Bench project payment' END,
          jsonb_build_object('bench', i), at
        FROM bench_tx ORDER BY i`);
      // the customer's side first in time order (the balance never goes below zero), then the platform's
      await tx.execute(sql`
        INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
        SELECT b.id, ${credits.id}::int, CASE WHEN b.kind = 'grant' THEN 1000 ELSE -600 END, b.at
        FROM bench_tx b ORDER BY b.i`);
      await tx.execute(sql`
        INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
        SELECT b.id, CASE WHEN b.kind = 'grant' THEN ${promotions.id}::int ELSE ${revenue.id}::int END,
          CASE WHEN b.kind = 'grant' THEN -1000 ELSE 600 END, b.at
        FROM bench_tx b ORDER BY b.i`);
    });
  }
  await db.execute(sql`
    INSERT INTO payout_requests (user_id, method, account, amount, fee, status, target_date, created_at, updated_at)
    SELECT ${translator.id}, 'paypal', 'translator@parlance.test', 5000 + (i * 37) % 20000, 100,
      (ARRAY['pending','processing','paid','cancelled','on_hold'])[1 + i % 5],
      now() - make_interval(hours => i % 2000), now() - make_interval(hours => i % 2000 + 24), now()
    FROM generate_series(1, ${CONVERT}) AS s(i)`);
  await db.execute(sql`ANALYZE ledger_entries`);
  await db.execute(sql`ANALYZE ledger_transactions`);
  await db.execute(sql`ANALYZE payout_requests`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(JSON.stringify({ ledgerRows: ROWS, convertRows: CONVERT, seconds: Math.round(seconds * 10) / 10 }));
} finally {
  await database.close();
}
