import { count, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { coupons, invoices, ledgerAccounts, ledgerTransactions, projects } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { getOrCreateAccount, hashRequest, platformAccount, postTransaction, verifyLedger } from '../../platform/ledger';
import { makeUser } from '../../platform/ledger/test-helpers';
import { freshDatabase } from '../../test/harness';
import { computeCart } from './cart';
import { addCartOrder } from './cart-test-helpers';
import { type PaymentStep, payCartWithCredits } from './pay-with-credits';

// The ledger property test of the ordering issue: random purchases, payments and refunds from
// concurrent workers, a share retried with the same idempotency key, some failing part-way. After
// the run the ledger must be whole: every transaction sums to zero, every balance equals its entries,
// no customer is below zero, and there is exactly one journal transaction per succeeded key.

const SEED = 20261122;
const OPERATIONS = 240;
const WORKERS = 6;
const CUSTOMERS = 8;
const TARGETS = ['spanish', 'french', 'german', 'italian', 'dutch'];
const STEPS: PaymentStep[] = ['coupons', 'ledger', 'projects', 'invoice'];

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

class InjectedFailure extends Error {}

type Operation =
  | { kind: 'purchase'; id: number; user: number; credits: number; retries: number; failPartWay: boolean }
  | {
      kind: 'payment';
      id: number;
      user: number;
      targets: string[];
      words: number;
      retries: number;
      failAt: PaymentStep | null;
      coupon: boolean;
    }
  | { kind: 'refund'; id: number; user: number; credits: number; retries: number; failPartWay: boolean };

let db: Db;
let drop: () => Promise<void>;
let customers: number[];

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  drop = fresh.drop;
  customers = [];
  for (let i = 0; i < CUSTOMERS; i++) customers.push(await makeUser(db));
  await db.insert(coupons).values({ code: 'PROP5', kind: 'percent', value: 500, maxUses: 15, perUserLimit: 3 });
});
afterAll(() => drop());

function plan(random: () => number): Operation[] {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const ops: Operation[] = [];
  for (let id = 0; id < OPERATIONS; id++) {
    const user = pick(customers);
    const roll = random();
    const retries = random() < 0.3 ? 1 + Math.floor(random() * 2) : 0;
    if (roll < 0.35) {
      ops.push({
        kind: 'purchase',
        id,
        user,
        credits: 5_000 + Math.floor(random() * 150_000),
        retries,
        failPartWay: random() < 0.1,
      });
    } else if (roll < 0.85) {
      const targets = TARGETS.filter(() => random() < 0.4);
      ops.push({
        kind: 'payment',
        id,
        user,
        targets: targets.length ? targets : [pick(TARGETS)],
        words: 50 + Math.floor(random() * 1500),
        retries,
        failAt: random() < 0.15 ? pick(STEPS) : null,
        coupon: random() < 0.2,
      });
    } else {
      ops.push({
        kind: 'refund',
        id,
        user,
        credits: 1 + Math.floor(random() * 3000),
        retries,
        failPartWay: random() < 0.15,
      });
    }
  }
  return ops;
}

/** Ledger keys of the operations that succeeded at least once (each must appear exactly once). */
const succeeded = new Set<string>();
let paymentsMade = 0;
const outcomes = new Map<number | string, number>();
let projectsExpected = 0;

async function simplePosting(op: Extract<Operation, { kind: 'purchase' | 'refund' }>): Promise<void> {
  const key = `${op.kind}:${op.id}`;
  const customer = await getOrCreateAccount(db, op.user, 'customer_credits');
  const other = await platformAccount(db, op.kind === 'purchase' ? 'platform_payments_received' : 'platform_revenue');
  const post = () =>
    db.transaction(async (tx) => {
      const posted = await postTransaction(tx, {
        kind: op.kind,
        description: `property ${op.kind} ${op.id}`,
        idempotencyKey: key,
        entries: [
          { account: customer, amount: op.credits },
          { account: other, amount: -op.credits },
        ],
      });
      if (op.failPartWay && !posted.replayed) throw new InjectedFailure('crash after posting');
    });
  for (let attempt = 0; attempt <= op.retries; attempt++) {
    try {
      await post();
      succeeded.add(key);
    } catch (err) {
      if (!(err instanceof InjectedFailure)) throw err;
      op.failPartWay = false; // the retry gets through
    }
  }
}

async function payment(op: Extract<Operation, { kind: 'payment' }>): Promise<void> {
  await addCartOrder(db, op.user, { targets: op.targets, words: op.words });
  const key = `pay-${op.id}`;
  let failAt = op.failAt;
  const attempt = async (ck: string) => {
    try {
      const result = await payCartWithCredits(db, {
        userId: op.user,
        ck,
        idempotencyKey: key,
        requestHash: hashRequest({ ck }),
        now: new Date(),
        afterStep: (step) => {
          if (step === failAt) {
            failAt = null;
            throw new InjectedFailure(`crash after ${step}`);
          }
        },
      });
      if (!result.replayed) {
        paymentsMade += 1;
        projectsExpected += result.body.projects.length;
      }
      succeeded.add(`cart-payment:${op.user}:${key}`);
    } catch (err) {
      // refusals change nothing: not enough credits, the cart changed meanwhile, a coupon used up
      if (err instanceof InjectedFailure || (err instanceof AppError && [400, 402, 409].includes(err.statusCode))) {
        outcomes.set(
          err instanceof AppError ? err.statusCode : 'crash',
          (outcomes.get(err instanceof AppError ? err.statusCode : 'crash') ?? 0) + 1,
        );
        return;
      }
      throw err;
    }
  };
  if (op.coupon)
    await db.execute(
      sql`INSERT INTO cart_coupons (user_id, coupon_id) SELECT ${op.user}, id FROM coupons WHERE code = 'PROP5' ON CONFLICT DO NOTHING`,
    );
  const { ck } = await computeCart(db, op.user, new Date());
  // a share is retried at once, and some retries race the first attempt
  if (op.retries > 0 && op.id % 2 === 0) await Promise.all([attempt(ck), attempt(ck)]);
  else for (let i = 0; i <= op.retries; i++) await attempt(ck);
}

describe('ledger property: concurrent purchases, payments and refunds', () => {
  it('keeps the ledger whole', async () => {
    const ops = plan(seeded(SEED));
    const queue = [...ops];
    const worker = async () => {
      for (let op = queue.shift(); op; op = queue.shift()) {
        if (op.kind === 'payment') await payment(op);
        else await simplePosting(op);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));

    const report = await verifyLedger(db);
    expect(report.balanceMismatches).toEqual([]);
    expect(report.unbalancedTransactions).toEqual([]);
    const negative = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.kind} = 'customer_credits' AND ${ledgerAccounts.balance} < 0`);
    expect(negative).toEqual([]);
    const [txs] = await db.select({ n: count() }).from(ledgerTransactions);
    const [keyed] = await db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(isNotNull(ledgerTransactions.idempotencyKey));
    expect(keyed.n).toBe(txs.n);
    expect(txs.n).toBe(succeeded.size);
    // one invoice per payment, and exactly the projects the payments answered
    const [invoiceRows] = await db.select({ n: count() }).from(invoices);
    expect(invoiceRows.n).toBe(paymentsMade);
    const [projectRows] = await db.select({ n: count() }).from(projects);
    expect(projectRows.n).toBe(projectsExpected);
    // the coupon never passed its maximum
    const [prop] = await db.select().from(coupons);
    expect(prop.uses).toBeLessThanOrEqual(15);
    // the run did exercise every path
    expect(paymentsMade).toBeGreaterThan(10);
    expect(outcomes.get('crash')).toBeGreaterThan(0);
    expect(outcomes.get(409)).toBeGreaterThan(0);
    expect(ops.filter((o) => o.retries > 0).length).toBeGreaterThan(30);
  }, 60_000);
});
