import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { freshDatabase } from '../../test/harness';
import { balanceOf, getOrCreateAccount, platformAccount } from './accounts';
import { IdempotencyKeyReuseError, InsufficientFundsError } from './errors';
import { expireIdempotencyKeys, hashRequest, IDEMPOTENCY_KEY_TTL_MS, withIdempotency } from './idempotency';
import { postTransaction } from './ledger';
import { caught, journalCounts, makeUser } from './test-helpers';

let drop: () => Promise<void>;
let db: Db;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  db = fresh.database.db;
});
afterAll(async () => {
  await drop();
});

/** A "buy credits" handler as a route would write it: moves credits and answers the new balance. */
function buyCredits(userId: number, amount: number, calls: { n: number }) {
  return async (tx: Parameters<Parameters<typeof withIdempotency>[2]>[0]) => {
    calls.n += 1;
    const account = await getOrCreateAccount(tx, userId, 'customer_credits');
    const received = await platformAccount(tx, 'platform_payments_received');
    const posted = await postTransaction(tx, {
      kind: 'purchase',
      description: `Bought ${amount} credits`,
      createdBy: userId,
      entries: [
        { account, amount },
        { account: received, amount: -amount },
      ],
    });
    return { status: 200, body: { transactionId: posted.id, balance: await balanceOf(tx, account.id) } };
  };
}

describe('hashRequest', () => {
  it('is the same for the same content in any key order, and differs otherwise', () => {
    expect(hashRequest({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(hashRequest({ b: { d: 'x', c: [1, 2] }, a: 1 }));
    expect(hashRequest({ a: 1, b: { c: [2, 1] } })).not.toBe(hashRequest({ a: 1, b: { c: [1, 2] } }));
    expect(hashRequest({ amount: 100 })).not.toBe(hashRequest({ amount: 1000 }));
  });
});

describe('withIdempotency', () => {
  it('runs the request once; a retry gets the first answer and moves nothing', async () => {
    const userId = await makeUser(db);
    const calls = { n: 0 };
    const request = { userId, key: 'buy-1', requestHash: hashRequest({ amount: 1000 }) };
    const first = await withIdempotency(db, request, buyCredits(userId, 1000, calls));
    const counts = await journalCounts(db);
    const retry = await withIdempotency(db, request, buyCredits(userId, 1000, calls));
    expect(first).toMatchObject({ status: 200, replayed: false, body: { balance: 1000 } });
    expect(retry).toEqual({ ...first, replayed: true });
    expect(calls.n).toBe(1);
    expect(await journalCounts(db)).toEqual(counts);
  });

  it('keys belong to a user: another user may use the same key', async () => {
    const [a, b] = [await makeUser(db), await makeUser(db)];
    const calls = { n: 0 };
    const requestHash = hashRequest({ amount: 10 });
    await withIdempotency(db, { userId: a, key: 'same', requestHash }, buyCredits(a, 10, calls));
    const other = await withIdempotency(db, { userId: b, key: 'same', requestHash }, buyCredits(b, 10, calls));
    expect(other.replayed).toBe(false);
    expect(calls.n).toBe(2);
  });

  it('refuses the same key for a different request', async () => {
    const userId = await makeUser(db);
    const calls = { n: 0 };
    await withIdempotency(
      db,
      { userId, key: 'k', requestHash: hashRequest({ amount: 100 }) },
      buyCredits(userId, 100, calls),
    );
    const err = await caught(
      withIdempotency(
        db,
        { userId, key: 'k', requestHash: hashRequest({ amount: 900 }) },
        buyCredits(userId, 900, calls),
      ),
    );
    expect(err).toBeInstanceOf(IdempotencyKeyReuseError);
    expect(calls.n).toBe(1);
  });

  it('concurrent requests with one key run it once and all get the same answer', async () => {
    const userId = await makeUser(db);
    const calls = { n: 0 };
    const request = { userId, key: 'double-click', requestHash: hashRequest({ amount: 300 }) };
    const counts = await journalCounts(db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => withIdempotency(db, request, buyCredits(userId, 300, calls))),
    );
    expect(calls.n).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.transactionId)).size).toBe(1);
    expect(await journalCounts(db)).toEqual({ transactions: counts.transactions + 1, entries: counts.entries + 2 });
  });

  it('stores nothing when the request fails, so that a retry runs it again', async () => {
    const userId = await makeUser(db);
    const account = await getOrCreateAccount(db, userId, 'customer_credits');
    const revenue = await platformAccount(db, 'platform_revenue');
    const request = { userId, key: 'pay-1', requestHash: hashRequest({ order: 1 }) };
    const pay = async (tx: Parameters<Parameters<typeof withIdempotency>[2]>[0]) => {
      const posted = await postTransaction(tx, {
        kind: 'order_payment',
        description: 'Order 1',
        entries: [
          { account, amount: -50 },
          { account: revenue, amount: 50 },
        ],
      });
      return { status: 200, body: { transactionId: posted.id } };
    };
    expect(await caught(withIdempotency(db, request, pay))).toBeInstanceOf(InsufficientFundsError);
    const calls = { n: 0 };
    await withIdempotency(db, { userId, key: 'top-up', requestHash: 'x' }, buyCredits(userId, 50, calls));
    const paid = await withIdempotency(db, request, pay);
    expect(paid.replayed).toBe(false);
    expect(await balanceOf(db, account.id)).toBe(0);
  });

  it('a key counts as new after 24 hours, and expired keys are cleaned up', async () => {
    const userId = await makeUser(db);
    const calls = { n: 0 };
    const start = new Date(Date.now() - 10 * IDEMPOTENCY_KEY_TTL_MS); // before every other key of this file
    const request = { userId, key: 'old', requestHash: hashRequest({ amount: 5 }) };
    await withIdempotency(db, { ...request, now: start }, buyCredits(userId, 5, calls));
    const almost = new Date(start.getTime() + IDEMPOTENCY_KEY_TTL_MS - 1000);
    expect((await withIdempotency(db, { ...request, now: almost }, buyCredits(userId, 5, calls))).replayed).toBe(true);
    const later = new Date(start.getTime() + IDEMPOTENCY_KEY_TTL_MS + 1000);
    // after the TTL even a different request may use the key
    const reused = await withIdempotency(
      db,
      { ...request, requestHash: hashRequest({ amount: 6 }), now: later },
      buyCredits(userId, 6, calls),
    );
    expect(reused).toMatchObject({ replayed: false, body: { balance: 11 } });
    expect(calls.n).toBe(2);

    await withIdempotency(db, { userId, key: 'older', requestHash: 'h', now: start }, async () => ({
      status: 204,
      body: null,
    }));
    const removed = await expireIdempotencyKeys(db, new Date(start.getTime() + IDEMPOTENCY_KEY_TTL_MS + 1));
    expect(removed).toBe(1); // 'older'; 'old' was renewed at `later`
  });
});
