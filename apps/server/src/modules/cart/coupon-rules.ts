import { CART_TEXTS } from '@parlance/shared';

// Coupon rules as pure functions: what a coupon takes off a subtotal, and whether it may be used.

export interface CouponTerms {
  kind: 'percent' | 'fixed';
  /** basis points for percent (1000 = 10%), credits for fixed */
  value: number;
  minimumCredits: number;
  expiresAt: Date | null;
  maxUses: number | null;
  perUserLimit: number;
  uses: number;
  active: boolean;
}

/** a * b / c rounded half up, for non-negative integers. */
function mulDivRoundHalfUp(a: number, b: number, c: number): number {
  return Math.floor((a * b + Math.floor(c / 2)) / c);
}

/**
 * Credits a coupon takes off a subtotal: percent of the subtotal rounded half up; fixed credits
 * capped at the subtotal; never below zero, never above the subtotal.
 */
export function couponDiscount(coupon: Pick<CouponTerms, 'kind' | 'value'>, subtotalCredits: number): number {
  const subtotal = Math.max(0, Math.trunc(subtotalCredits));
  const value = Math.max(0, Math.trunc(coupon.value));
  const raw = coupon.kind === 'percent' ? mulDivRoundHalfUp(subtotal, Math.min(value, 10000), 10000) : value;
  return Math.min(subtotal, Math.max(0, raw));
}

/**
 * Discounts of several coupons on one subtotal, each computed on the subtotal, taken in order and
 * capped so that together they never exceed it (the last ones give what is left).
 */
export function combinedDiscounts(coupons: Pick<CouponTerms, 'kind' | 'value'>[], subtotalCredits: number): number[] {
  let left = Math.max(0, Math.trunc(subtotalCredits));
  return coupons.map((coupon) => {
    const discount = Math.min(left, couponDiscount(coupon, subtotalCredits));
    left -= discount;
    return discount;
  });
}

/** Why a coupon may not be used now by a customer who redeemed it `userUses` times; null when it may. */
export function couponRefusal(
  coupon: CouponTerms,
  ctx: { now: Date; subtotalCredits: number; userUses: number },
): string | null {
  if (!coupon.active) return CART_TEXTS.couponInactive;
  if (coupon.expiresAt !== null && coupon.expiresAt.getTime() <= ctx.now.getTime()) return CART_TEXTS.couponExpired;
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return CART_TEXTS.couponUsedUp;
  if (ctx.userUses >= coupon.perUserLimit) return CART_TEXTS.couponPerUserLimit;
  if (ctx.subtotalCredits < coupon.minimumCredits) {
    return `This coupon applies to orders of at least ${coupon.minimumCredits} credits`;
  }
  return null;
}

/**
 * Shares `total` over `weights` in proportion, in integers that sum exactly to `total` (largest
 * remainder). Used to spread a discount over the projects of a payment.
 */
export function splitProportionally(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((s, x) => s + x, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}
