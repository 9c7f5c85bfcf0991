import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { billingInfo, cartCoupons, coupons, purchaseOrders, users } from '../../db/schema';
import { balanceOfOwner } from '../../platform/ledger';
import { orderToPriceOf, type PricedItem, priceOrder, vatFor } from '../pricing/price-order';
import { combinedDiscounts } from './coupon-rules';

// The cart as the customer sees it, computed now: the orders with status 'cart' re-priced, the
// attached coupons, VAT by billing country, the credit balance, and the cart key `ck`.

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

export interface PricedOrder {
  order: PurchaseOrderRow;
  items: PricedItem[];
  priceCredits: number;
}

export interface AppliedCoupon {
  coupon: CouponRow;
  discountCredits: number;
}

export interface ComputedCart {
  orders: PricedOrder[];
  coupons: AppliedCoupon[];
  subtotalCredits: number;
  discountCredits: number;
  vatBasisPoints: number;
  vatCredits: number;
  totalCredits: number;
  balanceCredits: number;
  shortfallCredits: number;
  ck: string;
}

/** The orders in a customer's cart, oldest first; `lock` takes their row locks (inside a payment). */
export async function cartOrders(db: Db | Tx, userId: number, lock = false): Promise<PurchaseOrderRow[]> {
  const query = db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.customerId, userId), eq(purchaseOrders.status, 'cart')))
    .orderBy(asc(purchaseOrders.id));
  // NO KEY UPDATE: projects and files reference these rows (KEY SHARE), which must not deadlock
  return lock ? query.for('no key update') : query;
}

export async function cartCount(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.customerId, userId), eq(purchaseOrders.status, 'cart')));
  return row?.n ?? 0;
}

export async function attachedCoupons(db: Db | Tx, userId: number): Promise<CouponRow[]> {
  const rows = await db
    .select({ coupon: coupons })
    .from(cartCoupons)
    .innerJoin(coupons, eq(coupons.id, cartCoupons.couponId))
    .where(eq(cartCoupons.userId, userId))
    .orderBy(asc(cartCoupons.createdAt), asc(coupons.id));
  return rows.map((r) => r.coupon);
}

/** The country VAT is charged by: the billing country, else the account's country. */
export async function billingCountry(db: Db | Tx, userId: number): Promise<string | null> {
  const [info] = await db
    .select({ country: billingInfo.country })
    .from(billingInfo)
    .where(eq(billingInfo.userId, userId));
  if (info?.country) return info.country;
  const [user] = await db.select({ country: users.country }).from(users).where(eq(users.id, userId));
  return user?.country ?? null;
}

export async function priceCartOrder(db: Db | Tx, order: PurchaseOrderRow, now: Date): Promise<PricedOrder> {
  const priced = await priceOrder(db, orderToPriceOf(order), now);
  return { order, items: priced.items, priceCredits: priced.subtotalCredits };
}

/**
 * The cart key: a hash of what the customer is shown and would pay for (who, which orders with
 * which item prices and options, which coupons, the VAT rate). A payment that names another key
 * pays for something else than what was shown, and is refused.
 */
export function cartKey(userId: number, orders: PricedOrder[], couponIds: number[], vatBasisPoints: number): string {
  const content = {
    u: userId,
    o: orders.map((o) => [
      o.order.id,
      o.order.needProofreading,
      o.order.expedite,
      o.order.certificate,
      o.items.map((i) => [i.tarLang, i.wordCount, i.credits]),
    ]),
    c: [...couponIds].sort((a, b) => a - b),
    v: vatBasisPoints,
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32);
}

export async function computeCart(
  db: Db | Tx,
  userId: number,
  now: Date,
  opts: { lock?: boolean } = {},
): Promise<ComputedCart> {
  const orders: PricedOrder[] = [];
  for (const order of await cartOrders(db, userId, opts.lock)) orders.push(await priceCartOrder(db, order, now));
  const subtotalCredits = orders.reduce((s, o) => s + o.priceCredits, 0);
  const attached = await attachedCoupons(db, userId);
  const discounts = combinedDiscounts(attached, subtotalCredits);
  const applied = attached.map((coupon, i) => ({ coupon, discountCredits: discounts[i] }));
  const discountCredits = discounts.reduce((s, d) => s + d, 0);
  const net = subtotalCredits - discountCredits;
  const vat = await vatFor(db, await billingCountry(db, userId), net);
  const totalCredits = net + vat.vatCredits;
  const balanceCredits = await balanceOfOwner(db, userId, 'customer_credits');
  return {
    orders,
    coupons: applied,
    subtotalCredits,
    discountCredits,
    vatBasisPoints: vat.basisPoints,
    vatCredits: vat.vatCredits,
    totalCredits,
    balanceCredits,
    shortfallCredits: Math.max(0, totalCredits - balanceCredits),
    ck: cartKey(
      userId,
      orders,
      attached.map((c) => c.id),
      vat.basisPoints,
    ),
  };
}

/** The customer's order in the cart by its public id (poid), or undefined (also for someone else's). */
export async function findCartOrder(db: Db | Tx, userId: number, poid: string): Promise<PurchaseOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.key, poid),
        eq(purchaseOrders.customerId, userId),
        inArray(purchaseOrders.status, ['cart']),
      ),
    );
  return row;
}
