import type { Cart, CartOrder } from '@parlance/shared';
import type { AppliedCoupon, ComputedCart, PricedOrder } from './cart';

// Allowlist serializers of the cart: never a database row as it is.

/** Credits as US dollars, e.g. 12345 -> "123.45". */
export function creditsToUsd(credits: number): string {
  const sign = credits < 0 ? '-' : '';
  const abs = Math.abs(credits);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function presentCartOrder(priced: PricedOrder): CartOrder {
  const o = priced.order;
  return {
    purchaseOrderId: o.key,
    name: o.name ?? '',
    type: o.projectType,
    sourceLanguage: o.sourceLanguage,
    targetLanguages: o.targetLanguages,
    expertise: o.expertise,
    wordCount: o.wordCount,
    needProofreading: o.needProofreading,
    expedite: o.expedite,
    certificate: o.certificate,
    items: priced.items.map((i) => ({
      srcLang: i.srcLang,
      tarLang: i.tarLang,
      wordCount: i.wordCount,
      credits: i.credits,
      deadline: i.deadline.toISOString(),
    })),
    priceCredits: priced.priceCredits,
  };
}

export function presentAppliedCoupon(applied: AppliedCoupon): Cart['coupons'][number] {
  return {
    id: applied.coupon.id,
    code: applied.coupon.code,
    kind: applied.coupon.kind,
    value: applied.coupon.value,
    discountCredits: applied.discountCredits,
  };
}

export function presentCart(cart: ComputedCart): Cart {
  return {
    purchaseOrders: cart.orders.map(presentCartOrder),
    coupons: cart.coupons.map(presentAppliedCoupon),
    subtotalCredits: cart.subtotalCredits,
    discountCredits: cart.discountCredits,
    vatBasisPoints: cart.vatBasisPoints,
    vatCredits: cart.vatCredits,
    totalCredits: cart.totalCredits,
    balanceCredits: cart.balanceCredits,
    shortfallCredits: cart.shortfallCredits,
    ck: cart.ck,
  };
}
