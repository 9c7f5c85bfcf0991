import { describe, expect, it } from 'vitest';
import { CART_TEXTS } from '@parlance/shared';
import {
  combinedDiscounts,
  couponDiscount,
  couponRefusal,
  splitProportionally,
  type CouponTerms,
} from './coupon-rules';

const terms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  kind: 'percent',
  value: 1000,
  minimumCredits: 0,
  expiresAt: null,
  maxUses: null,
  perUserLimit: 1,
  uses: 0,
  active: true,
  ...over,
});

describe('couponDiscount', () => {
  it('takes a percent of the subtotal, rounded half up', () => {
    expect(couponDiscount({ kind: 'percent', value: 1000 }, 12345)).toBe(1235); // 1234.5 -> 1235
    expect(couponDiscount({ kind: 'percent', value: 1000 }, 12344)).toBe(1234); // 1234.4 -> 1234
    expect(couponDiscount({ kind: 'percent', value: 1500 }, 3)).toBe(0); // 0.45 -> 0
    expect(couponDiscount({ kind: 'percent', value: 5000 }, 3)).toBe(2); // 1.5 -> 2
  });
  it('never takes more than the subtotal', () => {
    expect(couponDiscount({ kind: 'fixed', value: 5000 }, 1200)).toBe(1200);
    expect(couponDiscount({ kind: 'percent', value: 20000 }, 1200)).toBe(1200);
  });
  it('takes a fixed amount as it is when the subtotal is larger', () => {
    expect(couponDiscount({ kind: 'fixed', value: 500 }, 1200)).toBe(500);
  });
  it('is never below zero', () => {
    expect(couponDiscount({ kind: 'fixed', value: -5 }, 1200)).toBe(0);
    expect(couponDiscount({ kind: 'fixed', value: 500 }, -10)).toBe(0);
  });
  it('combines coupons without passing the subtotal', () => {
    expect(
      combinedDiscounts(
        [
          { kind: 'fixed', value: 800 },
          { kind: 'percent', value: 5000 },
        ],
        1000,
      ),
    ).toEqual([800, 200]);
  });
});

describe('couponRefusal', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const ok = { now, subtotalCredits: 5000, userUses: 0 };
  it('accepts a usable coupon', () => {
    expect(couponRefusal(terms(), ok)).toBeNull();
  });
  it('refuses an inactive, expired, used-up or already-used coupon', () => {
    expect(couponRefusal(terms({ active: false }), ok)).toBe(CART_TEXTS.couponInactive);
    expect(couponRefusal(terms({ expiresAt: now }), ok)).toBe(CART_TEXTS.couponExpired);
    expect(couponRefusal(terms({ expiresAt: new Date(now.getTime() + 1) }), ok)).toBeNull();
    expect(couponRefusal(terms({ maxUses: 3, uses: 3 }), ok)).toBe(CART_TEXTS.couponUsedUp);
    expect(couponRefusal(terms({ maxUses: 3, uses: 2 }), ok)).toBeNull();
    expect(couponRefusal(terms({ perUserLimit: 1 }), { ...ok, userUses: 1 })).toBe(CART_TEXTS.couponPerUserLimit);
  });
  it('refuses a subtotal under the minimum', () => {
    expect(couponRefusal(terms({ minimumCredits: 5001 }), ok)).toMatch(/at least 5001 credits/);
    expect(couponRefusal(terms({ minimumCredits: 5000 }), ok)).toBeNull();
  });
});

describe('splitProportionally', () => {
  it('sums exactly to the total', () => {
    const shares = splitProportionally(100, [1, 1, 1]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
    expect(shares).toEqual([34, 33, 33]);
    expect(splitProportionally(7, [300, 100])).toEqual([5, 2]);
    expect(splitProportionally(0, [5, 5])).toEqual([0, 0]);
  });
});
