import { count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type AccountKind, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';

export interface BalanceMismatch {
  accountId: number;
  ownerId: number | null;
  kind: AccountKind;
  /** the stored (cached) balance */
  cached: number;
  /** the sum of the account's entries */
  computed: number;
}

export interface UnbalancedTransaction {
  transactionId: number;
  entryCount: number;
  sum: number;
}

export interface LedgerReport {
  ok: boolean;
  accounts: number;
  transactions: number;
  entries: number;
  balanceMismatches: BalanceMismatch[];
  unbalancedTransactions: UnbalancedTransaction[];
}

/**
 * Recomputes every balance from its entries and checks every journal transaction: the accounts
 * whose cached balance differs from SUM(entries), and the transactions whose entries do not sum
 * to zero (or that have fewer than two). Each check is one statement, so one consistent snapshot
 * even while others post. Sums are compared in the database (numeric) and read as text.
 */
export async function verifyLedger(db: Db | Tx): Promise<LedgerReport> {
  const sums = db
    .select({
      accountId: ledgerEntries.accountId,
      total: sql<string>`sum(${ledgerEntries.amount})`.as('total'),
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.accountId)
    .as('sums');
  const computed = sql`coalesce(${sums.total}, 0)`;
  const mismatches = await db
    .select({
      accountId: ledgerAccounts.id,
      ownerId: ledgerAccounts.ownerId,
      kind: ledgerAccounts.kind,
      cached: sql<string>`${ledgerAccounts.balance}::text`,
      computed: sql<string>`${computed}::text`,
    })
    .from(ledgerAccounts)
    .leftJoin(sums, eq(sums.accountId, ledgerAccounts.id))
    .where(sql`${ledgerAccounts.balance} <> ${computed}`)
    .orderBy(ledgerAccounts.id);

  const entrySum = sql`coalesce(sum(${ledgerEntries.amount}), 0)`;
  const entryCount = sql`count(${ledgerEntries.id})`;
  const unbalanced = await db
    .select({
      transactionId: ledgerTransactions.id,
      entryCount: sql<string>`${entryCount}::text`,
      sum: sql<string>`${entrySum}::text`,
    })
    .from(ledgerTransactions)
    .leftJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .groupBy(ledgerTransactions.id)
    .having(sql`${entrySum} <> 0 OR ${entryCount} < 2`)
    .orderBy(ledgerTransactions.id);

  const [accounts] = await db.select({ n: count() }).from(ledgerAccounts);
  const [transactions] = await db.select({ n: count() }).from(ledgerTransactions);
  const [entries] = await db.select({ n: count() }).from(ledgerEntries);

  const balanceMismatches = mismatches.map((m) => ({
    accountId: m.accountId,
    ownerId: m.ownerId,
    kind: m.kind,
    cached: Number(m.cached),
    computed: Number(m.computed),
  }));
  const unbalancedTransactions = unbalanced.map((u) => ({
    transactionId: u.transactionId,
    entryCount: Number(u.entryCount),
    sum: Number(u.sum),
  }));
  return {
    ok: balanceMismatches.length === 0 && unbalancedTransactions.length === 0,
    accounts: accounts.n,
    transactions: transactions.n,
    entries: entries.n,
    balanceMismatches,
    unbalancedTransactions,
  };
}
