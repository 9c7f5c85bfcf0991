import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type AccountKind, ledgerAccounts, PLATFORM_ACCOUNT_KINDS, type PlatformAccountKind } from '../../db/schema';
import { LedgerValidationError } from './errors';

export type Account = typeof ledgerAccounts.$inferSelect;

export function isPlatformKind(kind: AccountKind): kind is PlatformAccountKind {
  return (PLATFORM_ACCOUNT_KINDS as readonly string[]).includes(kind);
}

function checkOwner(owner: number | null, kind: AccountKind): void {
  if (isPlatformKind(kind)) {
    if (owner !== null) throw new LedgerValidationError(`a ${kind} account has no owner`);
  } else if (owner === null || !Number.isSafeInteger(owner) || owner <= 0) {
    throw new LedgerValidationError(`a ${kind} account needs an owner (a user id)`);
  }
}

function ownerIs(owner: number | null) {
  return owner === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, owner);
}

/** The account of `owner` (null: the platform) of this kind, or undefined when it was never opened. */
export async function findAccount(db: Db | Tx, owner: number | null, kind: AccountKind): Promise<Account | undefined> {
  checkOwner(owner, kind);
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(and(ownerIs(owner), eq(ledgerAccounts.kind, kind)));
  return row;
}

/**
 * The account of `owner` (null: the platform) of this kind, opened on first use. Safe under
 * concurrency: the insert yields to a concurrent one on the (owner, kind) unique constraint, then
 * both read the same row. Platform accounts may go below zero (they mirror money outside the
 * platform: card payments in, payouts out, promotions given); user accounts may not.
 */
export async function getOrCreateAccount(db: Db | Tx, owner: number | null, kind: AccountKind): Promise<Account> {
  checkOwner(owner, kind);
  await db
    .insert(ledgerAccounts)
    .values({ ownerId: owner, kind, allowNegative: isPlatformKind(kind) })
    .onConflictDoNothing();
  const account = await findAccount(db, owner, kind);
  if (!account) throw new Error(`ledger account ${kind} of ${owner ?? 'the platform'} could not be opened`);
  return account;
}

/** The platform's own account of this kind. */
export function platformAccount(db: Db | Tx, kind: PlatformAccountKind): Promise<Account> {
  return getOrCreateAccount(db, null, kind);
}

/** The balance of an account in credits (the cached balance, kept equal to the sum of its entries). */
export async function balanceOf(db: Db | Tx, accountId: number): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  if (!row) throw new LedgerValidationError(`ledger account ${accountId} does not exist`);
  return row.balance;
}

/** The balance of a user's account of this kind; 0 when the account was never opened. */
export async function balanceOfOwner(db: Db | Tx, owner: number, kind: AccountKind): Promise<number> {
  const account = await findAccount(db, owner, kind);
  return account?.balance ?? 0;
}
