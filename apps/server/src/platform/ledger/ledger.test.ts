import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { freshDatabase } from '../../test/harness';
import { type Account, balanceOf, balanceOfOwner, getOrCreateAccount, platformAccount } from './accounts';
import {
  IdempotencyKeyReuseError,
  InsufficientFundsError,
  LedgerValidationError,
  NOT_ENOUGH_CREDITS,
  pgErrorOf,
} from './errors';
import { postTransaction } from './ledger';
import { verifyLedger } from './verify';
import { caught, journalCounts, makeUser, sumOfEntries } from './test-helpers';

let database: Database;
let drop: () => Promise<void>;
let db: Db;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  db = database.db;
});
afterAll(async () => {
  await drop();
});

/** A customer holding `credits`, bought from the payments-received account. */
async function customerWith(credits: number): Promise<{ userId: number; account: Account; received: Account }> {
  const userId = await makeUser(db);
  const account = await getOrCreateAccount(db, userId, 'customer_credits');
  const received = await platformAccount(db, 'platform_payments_received');
  if (credits > 0) {
    await postTransaction(db, {
      kind: 'purchase',
      description: `Bought ${credits} credits`,
      createdBy: userId,
      entries: [
        { account, amount: credits },
        { account: received, amount: -credits },
      ],
    });
  }
  return { userId, account, received };
}

describe('accounts', () => {
  it('opens one account per owner and kind, also when asked concurrently', async () => {
    const userId = await makeUser(db);
    const opened = await Promise.all(
      Array.from({ length: 10 }, () => getOrCreateAccount(db, userId, 'translator_pending')),
    );
    expect(new Set(opened.map((a) => a.id)).size).toBe(1);
    expect(opened[0]).toMatchObject({ ownerId: userId, kind: 'translator_pending', balance: 0, allowNegative: false });
    const platform = await Promise.all(Array.from({ length: 5 }, () => platformAccount(db, 'platform_revenue')));
    expect(new Set(platform.map((a) => a.id)).size).toBe(1);
    expect(platform[0]).toMatchObject({ ownerId: null, allowNegative: true, currency: 'credits' });
  });

  it('refuses a user account without an owner and a platform account with one', async () => {
    const userId = await makeUser(db);
    expect(await caught(getOrCreateAccount(db, null, 'customer_credits'))).toBeInstanceOf(LedgerValidationError);
    expect(await caught(getOrCreateAccount(db, userId, 'platform_vat'))).toBeInstanceOf(LedgerValidationError);
    // and the database refuses it too
    const err = await caught(db.insert(ledgerAccounts).values({ ownerId: null, kind: 'customer_credits' }));
    expect(pgErrorOf(err)).toMatchObject({ code: '23514', constraint: 'ledger_accounts_owner_matches_kind' });
  });

  it('answers 0 for the balance of an account never opened', async () => {
    const userId = await makeUser(db);
    expect(await balanceOfOwner(db, userId, 'customer_credits')).toBe(0);
  });
});

describe('postTransaction', () => {
  it('a purchase moves credits, and every balance equals the sum of its entries', async () => {
    const { userId, account, received } = await customerWith(0);
    const receivedBefore = await balanceOf(db, received.id);
    const posted = await postTransaction(db, {
      kind: 'purchase',
      description: 'Bought 10000 credits',
      createdBy: userId,
      metadata: { paymentId: 'sandbox-1' },
      entries: [
        { account: received.id, amount: -10_000 },
        { account: account.id, amount: 10_000 },
      ],
    });
    expect(posted).toMatchObject({
      kind: 'purchase',
      createdBy: userId,
      replayed: false,
      metadata: { paymentId: 'sandbox-1' },
    });
    expect(posted.entries.map((e) => [e.accountId, e.amount]).sort()).toEqual(
      [
        [account.id, 10_000],
        [received.id, -10_000],
      ].sort(),
    );
    expect(await balanceOf(db, account.id)).toBe(10_000);
    expect(await balanceOf(db, received.id)).toBe(receivedBefore - 10_000);
    expect(await sumOfEntries(db, account.id)).toBe(10_000);
    expect(await sumOfEntries(db, received.id)).toBe(await balanceOf(db, received.id));
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  it('splits a payment over several accounts', async () => {
    const { userId, account } = await customerWith(1_000);
    const translator = await makeUser(db, 'translator');
    const pending = await getOrCreateAccount(db, translator, 'translator_pending');
    const revenue = await platformAccount(db, 'platform_revenue');
    const revenueBefore = revenue.balance;
    await postTransaction(db, {
      kind: 'order_payment',
      description: 'Order 1',
      createdBy: userId,
      entries: [
        { account, amount: -1_000 },
        { account: pending, amount: 700 },
        { account: revenue, amount: 300 },
      ],
    });
    expect(await balanceOf(db, account.id)).toBe(0);
    expect(await balanceOf(db, pending.id)).toBe(700);
    expect(await balanceOf(db, revenue.id)).toBe(revenueBefore + 300);
  });

  it('refuses entries that do not sum to zero, and other impossible postings, writing nothing', async () => {
    const { account, received } = await customerWith(100);
    const before = await journalCounts(db);
    const bad: { amount: number; other: number }[] = [
      { amount: 10, other: -9 },
      { amount: 1.5, other: -1.5 },
      { amount: 0, other: 0 },
      { amount: Number.MAX_SAFE_INTEGER + 1, other: -(Number.MAX_SAFE_INTEGER + 1) },
      { amount: Number.NaN, other: 5 },
    ];
    for (const { amount, other } of bad) {
      const err = await caught(
        postTransaction(db, {
          kind: 'adjustment',
          description: 'bad',
          entries: [
            { account, amount },
            { account: received, amount: other },
          ],
        }),
      );
      expect(err).toBeInstanceOf(LedgerValidationError);
    }
    const single = await caught(
      postTransaction(db, { kind: 'adjustment', description: 'one entry', entries: [{ account, amount: 5 }] }),
    );
    expect(single).toBeInstanceOf(LedgerValidationError);
    expect(await journalCounts(db)).toEqual(before);
    expect(await balanceOf(db, account.id)).toBe(100);
  });

  it('the database refuses a hand-written unbalanced transaction at commit', async () => {
    const { account } = await customerWith(0);
    const before = await journalCounts(db);
    const unbalanced = await caught(
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(ledgerTransactions)
          .values({ kind: 'adjustment', description: 'by hand' })
          .returning({ id: ledgerTransactions.id });
        await tx.insert(ledgerEntries).values({ transactionId: row.id, accountId: account.id, amount: 500 });
      }),
    );
    expect(pgErrorOf(unbalanced)).toMatchObject({ code: '23514', constraint: 'ledger_transaction_balanced' });
    const empty = await caught(
      db.transaction(async (tx) => {
        await tx.insert(ledgerTransactions).values({ kind: 'adjustment', description: 'no entries' });
      }),
    );
    expect(pgErrorOf(empty)).toMatchObject({ code: '23514', constraint: 'ledger_transaction_balanced' });
    expect(await journalCounts(db)).toEqual(before);
    expect(await balanceOf(db, account.id)).toBe(0);
  });

  it('the database refuses to change or delete entries and transactions, or to set a balance', async () => {
    const { account } = await customerWith(100);
    const [entry] = await db.select().from(ledgerEntries).where(sql`${ledgerEntries.accountId} = ${account.id}`);
    const attempts = [
      sql`UPDATE ledger_entries SET amount = 1000 WHERE id = ${entry.id}`,
      sql`DELETE FROM ledger_entries WHERE id = ${entry.id}`,
      sql`TRUNCATE ledger_entries CASCADE`,
      sql`UPDATE ledger_transactions SET description = 'changed' WHERE id = ${entry.transactionId}`,
      sql`DELETE FROM ledger_transactions WHERE id = ${entry.transactionId}`,
      sql`UPDATE ledger_accounts SET balance = 1000000 WHERE id = ${account.id}`,
      sql`UPDATE ledger_accounts SET kind = 'translator_available' WHERE id = ${account.id}`,
      sql`DELETE FROM ledger_accounts WHERE id = ${account.id}`,
    ];
    for (const attempt of attempts) {
      const err = await caught(db.execute(attempt));
      expect(pgErrorOf(err)?.code).toBe('23001'); // restrict_violation, raised by the guards
    }
    const [again] = await db.select().from(ledgerEntries).where(sql`${ledgerEntries.id} = ${entry.id}`);
    expect(again).toEqual(entry);
    expect(await balanceOf(db, account.id)).toBe(100);
  });

  it('an overdraft fails with InsufficientFundsError and changes nothing', async () => {
    const { userId, account, received } = await customerWith(100);
    const revenue = await platformAccount(db, 'platform_revenue');
    const balancesBefore = [await balanceOf(db, account.id), await balanceOf(db, revenue.id)];
    const before = await journalCounts(db);
    const err = await caught(
      postTransaction(db, {
        kind: 'order_payment',
        description: 'Too expensive',
        createdBy: userId,
        idempotencyKey: `overdraft-${userId}`,
        entries: [
          { account, amount: -101 },
          { account: revenue, amount: 101 },
        ],
      }),
    );
    expect(err).toBeInstanceOf(InsufficientFundsError);
    expect((err as Error).message).toBe(NOT_ENOUGH_CREDITS);
    expect((err as InsufficientFundsError).statusCode).toBe(402);
    expect(await journalCounts(db)).toEqual(before);
    expect([await balanceOf(db, account.id), await balanceOf(db, revenue.id)]).toEqual(balancesBefore);
    // the failed key is free again: the same request can succeed once there is money
    await postTransaction(db, {
      kind: 'purchase',
      description: 'top up',
      entries: [
        { account, amount: 1 },
        { account: received, amount: -1 },
      ],
    });
    const paid = await postTransaction(db, {
      kind: 'order_payment',
      description: 'Too expensive',
      createdBy: userId,
      idempotencyKey: `overdraft-${userId}`,
      entries: [
        { account, amount: -101 },
        { account: revenue, amount: 101 },
      ],
    });
    expect(paid.replayed).toBe(false);
    expect(await balanceOf(db, account.id)).toBe(0);
  });

  it('inside a caller transaction an overdraft rolls back only the posting', async () => {
    const { account } = await customerWith(50);
    const revenue = await platformAccount(db, 'platform_revenue');
    const before = await journalCounts(db);
    const outcome = await db.transaction(async (tx) => {
      const err = await caught(
        postTransaction(tx, {
          kind: 'order_payment',
          description: 'first try',
          entries: [
            { account, amount: -60 },
            { account: revenue, amount: 60 },
          ],
        }),
      );
      const second = await postTransaction(tx, {
        kind: 'order_payment',
        description: 'smaller',
        entries: [
          { account, amount: -50 },
          { account: revenue, amount: 50 },
        ],
      });
      return { err, second };
    });
    expect(outcome.err).toBeInstanceOf(InsufficientFundsError);
    expect(await journalCounts(db)).toEqual({ transactions: before.transactions + 1, entries: before.entries + 2 });
    expect(await balanceOf(db, account.id)).toBe(0);
  });

  it('a retry with the same idempotency key returns the first transaction and writes nothing', async () => {
    const { userId, account, received } = await customerWith(0);
    const request = {
      kind: 'purchase' as const,
      description: 'Bought 500 credits',
      idempotencyKey: `purchase-${userId}-1`,
      createdBy: userId,
      metadata: { payment: 'p-1', nested: { a: 1, b: 2 } },
      entries: [
        { account, amount: 500 },
        { account: received, amount: -500 },
      ],
    };
    const first = await postTransaction(db, request);
    const before = await journalCounts(db);
    // the same request, with its metadata keys and entries in another order
    const retry = await postTransaction(db, {
      ...request,
      metadata: { nested: { b: 2, a: 1 }, payment: 'p-1' },
      entries: [...request.entries].reverse(),
    });
    expect(retry.replayed).toBe(true);
    expect(retry.id).toBe(first.id);
    expect(retry.entries).toEqual(first.entries);
    expect(await journalCounts(db)).toEqual(before);
    expect(await balanceOf(db, account.id)).toBe(500);
  });

  it('refuses the same idempotency key for a different request', async () => {
    const { userId, account, received } = await customerWith(0);
    const key = `purchase-${userId}-2`;
    await postTransaction(db, {
      kind: 'purchase',
      description: 'Bought 500 credits',
      idempotencyKey: key,
      entries: [
        { account, amount: 500 },
        { account: received, amount: -500 },
      ],
    });
    const before = await journalCounts(db);
    const err = await caught(
      postTransaction(db, {
        kind: 'purchase',
        description: 'Bought 500 credits',
        idempotencyKey: key,
        entries: [
          { account, amount: 600 },
          { account: received, amount: -600 },
        ],
      }),
    );
    expect(err).toBeInstanceOf(IdempotencyKeyReuseError);
    expect((err as IdempotencyKeyReuseError).statusCode).toBe(422);
    expect(await journalCounts(db)).toEqual(before);
    expect(await balanceOf(db, account.id)).toBe(500);
  });

  it('concurrent posts with one idempotency key make exactly one transaction', async () => {
    const { userId, account, received } = await customerWith(0);
    const before = await journalCounts(db);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        postTransaction(db, {
          kind: 'purchase',
          description: 'Bought 250 credits',
          idempotencyKey: `race-${userId}`,
          entries: [
            { account, amount: 250 },
            { account: received, amount: -250 },
          ],
        }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await journalCounts(db)).toEqual({ transactions: before.transactions + 1, entries: before.entries + 2 });
    expect(await balanceOf(db, account.id)).toBe(250);
  });

  it('20 concurrent debits of 10 from 100 credits: exactly 10 succeed and the balance ends at 0', async () => {
    const { account } = await customerWith(100);
    const revenue = await platformAccount(db, 'platform_revenue');
    const revenueBefore = await balanceOf(db, revenue.id);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        postTransaction(db, {
          kind: 'order_payment',
          description: `debit ${i}`,
          idempotencyKey: `debit-${account.id}-${i}`,
          entries: [
            { account, amount: -10 },
            { account: revenue, amount: 10 },
          ],
        }),
      ),
    );
    const failures = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(failures).toHaveLength(10);
    for (const f of failures) expect((f as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
    expect(await balanceOf(db, account.id)).toBe(0);
    expect(await sumOfEntries(db, account.id)).toBe(0);
    expect(await balanceOf(db, revenue.id)).toBe(revenueBefore + 100);
    expect((await verifyLedger(db)).ok).toBe(true);
  });
});

describe('verifyLedger', () => {
  it('finds nothing on a healthy ledger, and finds a tampered cached balance', async () => {
    const healthy = await verifyLedger(db);
    expect(healthy).toMatchObject({ ok: true, balanceMismatches: [], unbalancedTransactions: [] });
    expect(healthy.transactions).toBeGreaterThan(0);
    expect(healthy.entries).toBeGreaterThanOrEqual(healthy.transactions * 2);

    const { userId, account } = await customerWith(300);
    // tampering needs the guard out of the way: what someone with the database's owner rights could do
    await db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_guard`);
      await tx.execute(sql`UPDATE ledger_accounts SET balance = balance + 7 WHERE id = ${account.id}`);
      await tx.execute(sql`ALTER TABLE ledger_accounts ENABLE TRIGGER ledger_accounts_guard`);
    });
    const report = await verifyLedger(db);
    expect(report.ok).toBe(false);
    expect(report.balanceMismatches).toEqual([
      { accountId: account.id, ownerId: userId, kind: 'customer_credits', cached: 307, computed: 300 },
    ]);
    expect(report.unbalancedTransactions).toEqual([]);
  });

  it('finds a transaction whose entries do not sum to zero', async () => {
    const { account, received } = await customerWith(0);
    // an unbalanced transaction can only come from outside the guards (e.g. a restored dump without
    // triggers): simulate it with the deferred balance checks switched off
    const txId = await db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_balanced`);
      await tx.execute(sql`ALTER TABLE ledger_transactions DISABLE TRIGGER ledger_transactions_balanced`);
      const [row] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'adjustment', description: 'broken import' })
        .returning({ id: ledgerTransactions.id });
      await tx.insert(ledgerEntries).values([
        { transactionId: row.id, accountId: account.id, amount: 40 },
        { transactionId: row.id, accountId: received.id, amount: -30 },
      ]);
      await tx.execute(sql`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_balanced`);
      await tx.execute(sql`ALTER TABLE ledger_transactions ENABLE TRIGGER ledger_transactions_balanced`);
      return row.id;
    });
    const report = await verifyLedger(db);
    expect(report.unbalancedTransactions).toContainEqual({ transactionId: txId, entryCount: 2, sum: 10 });
  });
});
