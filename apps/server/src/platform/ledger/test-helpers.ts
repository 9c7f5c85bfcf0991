import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, ledgerTransactions, users } from '../../db/schema';

let serial = 0;

/** A user row to own accounts (the ledger tests need nothing else of a user). */
export async function makeUser(db: Db, type: 'customer' | 'translator' = 'customer'): Promise<number> {
  serial += 1;
  const [row] = await db
    .insert(users)
    .values({ type, email: `ledger-${serial}-${Date.now()}@example.test`, name: `Ledger user ${serial}` })
    .returning({ id: users.id });
  return row.id;
}

export async function journalCounts(db: Db): Promise<{ transactions: number; entries: number }> {
  const [t] = await db.select({ n: count() }).from(ledgerTransactions);
  const [e] = await db.select({ n: count() }).from(ledgerEntries);
  return { transactions: t.n, entries: e.n };
}

/** SUM(entries) of an account, straight from the journal. */
export async function sumOfEntries(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.accountId} = ${accountId}`);
  return Number(row.total);
}

/** What a test expects to reject with: the error, for further checks. */
export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection, but the promise resolved');
}
