import { and, eq, sql } from 'drizzle-orm';
import { CART_TEXTS } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { cartCoupons, couponRedemptions, coupons, purchaseOrders } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { type CouponRow, computeCart, findCartOrder, cartOrders } from './cart';
import { couponRefusal } from './coupon-rules';

// Changes to a cart: remove an order, change its options, proofreading for all, coupons on and off.

export const cartChanged = () => new AppError(409, CART_TEXTS.cartChanged);

export interface CartOrderUpdate {
  name?: string;
  needProofreading?: boolean;
  expedite?: boolean;
  certificate?: boolean;
}

/** Takes an order out of the cart (status deleted). Someone else's order, or one not in the cart: 404. */
export async function markOrderDeleted(db: Db, userId: number, poid: string, now: Date): Promise<void> {
  const order = await findCartOrder(db, userId, poid);
  if (!order) throw notFound(CART_TEXTS.orderNotInCart);
  await db
    .update(purchaseOrders)
    .set({ status: 'deleted', updatedAt: now })
    .where(and(eq(purchaseOrders.id, order.id), eq(purchaseOrders.status, 'cart')));
}

/** Changes an order's name or options while it is in the cart (the price follows at once). */
export async function updateCartOrder(
  db: Db,
  userId: number,
  poid: string,
  changes: CartOrderUpdate,
  now: Date,
): Promise<void> {
  const order = await findCartOrder(db, userId, poid);
  if (!order) throw notFound(CART_TEXTS.orderNotInCart);
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) {
    throw badRequest('Nothing to update: give name, needProofreading, expedite or certificate');
  }
  await db
    .update(purchaseOrders)
    .set({ ...set, updatedAt: now })
    .where(and(eq(purchaseOrders.id, order.id), eq(purchaseOrders.status, 'cart')));
}

/**
 * Whether every order in the cart includes proofreading; with `status`, sets it on every order first.
 * `ck`, when given, must be the current cart key (the customer acts on the cart that was shown).
 */
export async function cartProofreading(
  db: Db,
  userId: number,
  opts: { ck?: string; status?: boolean },
  now: Date,
): Promise<boolean> {
  if (opts.ck !== undefined) {
    const cart = await computeCart(db, userId, now);
    if (cart.ck !== opts.ck) throw cartChanged();
  }
  if (opts.status !== undefined) {
    await db
      .update(purchaseOrders)
      .set({ needProofreading: opts.status, updatedAt: now })
      .where(and(eq(purchaseOrders.customerId, userId), eq(purchaseOrders.status, 'cart')));
  }
  const orders = await cartOrders(db, userId);
  return orders.length > 0 && orders.every((o) => o.needProofreading);
}

async function findCoupon(db: Db | Tx, idOrCode: string): Promise<CouponRow | undefined> {
  const byId = /^\d{1,9}$/.test(idOrCode);
  const [row] = await db
    .select()
    .from(coupons)
    .where(byId ? eq(coupons.id, Number(idOrCode)) : sql`lower(${coupons.code}) = lower(${idOrCode})`);
  if (row || !byId) return row;
  const [byCode] = await db.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${idOrCode})`);
  return byCode;
}

export async function redemptionsOf(db: Db | Tx, couponId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return row?.n ?? 0;
}

/** The reason a coupon may not be used by this customer on this subtotal now, or null. */
export async function couponRefusalFor(
  db: Db | Tx,
  coupon: CouponRow,
  userId: number,
  subtotalCredits: number,
  now: Date,
): Promise<string | null> {
  return couponRefusal(coupon, { now, subtotalCredits, userUses: await redemptionsOf(db, coupon.id, userId) });
}

/**
 * Attaches a coupon to the customer's cart after checking it (exists, active, not expired, not used
 * up, the customer's own limit, the minimum). Applying it again is harmless. Answers the coupon.
 */
export async function submitCoupon(db: Db, userId: number, idOrCode: string, now: Date): Promise<CouponRow> {
  const coupon = await findCoupon(db, idOrCode);
  if (!coupon) throw badRequest(CART_TEXTS.couponUnknown, { couponId: CART_TEXTS.couponUnknown });
  const cart = await computeCart(db, userId, now);
  if (cart.orders.length === 0) throw badRequest(CART_TEXTS.cartEmpty, { couponId: CART_TEXTS.cartEmpty });
  const refusal = await couponRefusalFor(db, coupon, userId, cart.subtotalCredits, now);
  if (refusal) throw badRequest(refusal, { couponId: refusal });
  await db.insert(cartCoupons).values({ userId, couponId: coupon.id, createdAt: now }).onConflictDoNothing();
  return coupon;
}

/** Takes a coupon off the cart (by id or code); one that is not attached: 404. */
export async function removeCoupon(db: Db, userId: number, idOrCode: string): Promise<void> {
  const coupon = await findCoupon(db, idOrCode);
  const removed = coupon
    ? await db
        .delete(cartCoupons)
        .where(and(eq(cartCoupons.userId, userId), eq(cartCoupons.couponId, coupon.id)))
        .returning({ id: cartCoupons.couponId })
    : [];
  if (removed.length === 0) throw notFound('This coupon is not applied to your cart');
}

/** Takes every coupon off the customer's cart; answers how many. */
export async function unattachCoupons(db: Db | Tx, userId: number): Promise<number> {
  const removed = await db
    .delete(cartCoupons)
    .where(eq(cartCoupons.userId, userId))
    .returning({ id: cartCoupons.couponId });
  return removed.length;
}
