import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ledgerEntries, ledgerTransactions, TRANSACTION_KINDS, type TransactionKind } from '../../db/schema';
import { LedgerValidationError, IdempotencyKeyReuseError, mapLedgerError } from './errors';
import { checkIdempotencyKey, hashRequest } from './idempotency';

export interface EntryInput {
  /** the account id, or the account itself */
  account: number | { id: number };
  /** credits; positive credits the account, negative debits it */
  amount: number;
}

export interface PostTransactionInput {
  kind: TransactionKind;
  description: string;
  /** a retry with the same key returns the first transaction; callers namespace it (e.g. `order:42:pay`) */
  idempotencyKey?: string;
  /** the user who caused the movement; null or absent for the system */
  createdBy?: number | null;
  metadata?: Record<string, unknown>;
  entries: EntryInput[];
  /**
   * when the movement happened, as the caller's clock tells it (a payment's, a payout's, a move's
   * time); absent: the database's now(). Statements show and order lines by it.
   */
  occurredAt?: Date;
}

export interface PostedEntry {
  id: number;
  accountId: number;
  amount: number;
  createdAt: Date;
}

export interface PostedTransaction {
  id: number;
  kind: TransactionKind;
  description: string;
  metadata: Record<string, unknown>;
  idempotencyKey: string | null;
  createdBy: number | null;
  createdAt: Date;
  entries: PostedEntry[];
  /** true when this transaction was posted earlier under the same idempotency key */
  replayed: boolean;
}

interface NormalizedEntry {
  accountId: number;
  amount: number;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a posting and returns its entries sorted by account (credits before debits of the same
 * account). Writing in account order makes concurrent postings lock accounts in the same order
 * (no deadlocks); a credit before a debit of one account keeps its running balance from dipping.
 */
function normalize(input: PostTransactionInput): NormalizedEntry[] {
  if (!(TRANSACTION_KINDS as readonly string[]).includes(input.kind)) {
    throw new LedgerValidationError(`unknown transaction kind "${input.kind}"`);
  }
  if (typeof input.description !== 'string' || input.description.trim() === '') {
    throw new LedgerValidationError('a journal transaction needs a description');
  }
  if (input.idempotencyKey !== undefined) checkIdempotencyKey(input.idempotencyKey);
  const createdBy = input.createdBy ?? null;
  if (createdBy !== null && (!Number.isSafeInteger(createdBy) || createdBy <= 0)) {
    throw new LedgerValidationError('createdBy is a user id');
  }
  if (input.metadata !== undefined && !isPlainObject(input.metadata)) {
    throw new LedgerValidationError('metadata is a plain object');
  }
  if (!Array.isArray(input.entries) || input.entries.length < 2) {
    throw new LedgerValidationError('a journal transaction has at least two entries');
  }
  let sum = 0n;
  const entries = input.entries.map((entry, i) => {
    const accountId = typeof entry.account === 'number' ? entry.account : entry.account?.id;
    if (!Number.isSafeInteger(accountId) || accountId <= 0) {
      throw new LedgerValidationError(`entry ${i}: the account is not an account id`);
    }
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      throw new LedgerValidationError(`entry ${i}: the amount must be a non-zero whole number of credits`);
    }
    sum += BigInt(entry.amount);
    return { accountId, amount: entry.amount };
  });
  if (sum !== 0n) throw new LedgerValidationError(`the entries sum to ${sum}, not to zero`);
  return entries.sort((a, b) => a.accountId - b.accountId || b.amount - a.amount);
}

type TransactionRow = typeof ledgerTransactions.$inferSelect;

async function entriesOf(db: Db | Tx, row: TransactionRow, replayed: boolean): Promise<PostedTransaction> {
  const entries = await db
    .select({
      id: ledgerEntries.id,
      accountId: ledgerEntries.accountId,
      amount: ledgerEntries.amount,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, row.id))
    .orderBy(asc(ledgerEntries.id));
  return present(row, entries, replayed);
}

function present(row: TransactionRow, entries: PostedEntry[], replayed: boolean): PostedTransaction {
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    metadata: row.metadata,
    idempotencyKey: row.idempotencyKey,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    entries,
    replayed,
  };
}

/** The transaction posted earlier under `key`, if its request was the same; else a typed error. */
async function replay(db: Db | Tx, key: string, requestHash: string): Promise<PostedTransaction | undefined> {
  const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key));
  if (!row) return undefined;
  if (row.requestHash !== requestHash) throw new IdempotencyKeyReuseError(key);
  return entriesOf(db, row, true);
}

/**
 * Posts one journal transaction: its row and its entries in one database transaction (a savepoint
 * when `db` is already a transaction). The entries' trigger moves the cached balances in the same
 * statement; an account that must not go negative makes it fail with InsufficientFundsError, and
 * nothing of the posting stays. With an idempotency key already used, the first transaction is
 * returned (`replayed: true`) when the request is the same, and IdempotencyKeyReuseError is thrown
 * when it differs. Two concurrent posts with one key give one transaction: the second insert waits
 * on the unique key, does nothing, and reads the first.
 */
export async function postTransaction(db: Db | Tx, input: PostTransactionInput): Promise<PostedTransaction> {
  const entries = normalize(input);
  const key = input.idempotencyKey ?? null;
  const metadata = input.metadata ?? {};
  const createdBy = input.createdBy ?? null;
  const requestHash =
    key === null
      ? null
      : hashRequest({ kind: input.kind, description: input.description, metadata, createdBy, entries });

  if (key !== null && requestHash !== null) {
    const earlier = await replay(db, key, requestHash);
    if (earlier) return earlier;
  }

  let posted: PostedTransaction | null;
  try {
    posted = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ledgerTransactions)
        .values({
          kind: input.kind,
          description: input.description,
          metadata,
          idempotencyKey: key,
          requestHash,
          createdBy,
          ...(input.occurredAt ? { createdAt: input.occurredAt } : {}),
        })
        .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
        .returning();
      if (!row) return null; // a concurrent post with this key committed first
      const written = await tx
        .insert(ledgerEntries)
        .values(
          entries.map((e) => ({
            transactionId: row.id,
            accountId: e.accountId,
            amount: e.amount,
            ...(input.occurredAt ? { createdAt: input.occurredAt } : {}),
          })),
        )
        .returning({
          id: ledgerEntries.id,
          accountId: ledgerEntries.accountId,
          amount: ledgerEntries.amount,
          createdAt: ledgerEntries.createdAt,
        });
      return present(row, written, false);
    });
  } catch (err) {
    throw mapLedgerError(err);
  }
  if (posted) return posted;
  const earlier = key !== null && requestHash !== null ? await replay(db, key, requestHash) : undefined;
  if (!earlier) throw new Error(`the journal transaction with idempotency key "${key}" is still in progress`);
  return earlier;
}

/** A journal transaction and its entries, or undefined. */
export async function findTransaction(db: Db | Tx, id: number): Promise<PostedTransaction | undefined> {
  const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id));
  return row ? entriesOf(db, row, false) : undefined;
}
