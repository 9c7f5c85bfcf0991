import type { z } from 'zod';
import type { paymentInformationSchema, upsalesSchema } from '@parlance/shared';
import type { Db } from '../../db/client';
import { orderOptions } from '../../db/schema';
import { computeCart, priceCartOrder } from './cart';
import { cartChanged } from './cart-edits';
import { creditsToUsd, presentAppliedCoupon } from './present';

// What the payment page shows (registry PaymentInformation) and the options offered on top (Upsales).

type PaymentInformation = z.infer<typeof paymentInformationSchema>;
type Upsales = z.infer<typeof upsalesSchema>;

/** The cart's totals for the payment page; `ck` must be the current cart key (else 409). */
export async function paymentInformation(db: Db, userId: number, ck: string, now: Date): Promise<PaymentInformation> {
  const cart = await computeCart(db, userId, now);
  if (cart.ck !== ck) throw cartChanged();
  return {
    ck: cart.ck,
    translationItems: cart.orders.flatMap((o) =>
      o.items.map((i) => ({
        purchaseOrderId: o.order.key,
        srcLang: { slug: i.srcLang },
        tarLang: { slug: i.tarLang },
        wordCount: i.wordCount,
        credits: i.credits,
      })),
    ),
    coupons: cart.coupons.map(presentAppliedCoupon),
    subtotalCredits: cart.subtotalCredits,
    discountCredits: cart.discountCredits,
    vatBasisPoints: cart.vatBasisPoints,
    vatCredits: cart.vatCredits,
    totalCredits: cart.totalCredits,
    totalUsd: creditsToUsd(cart.totalCredits),
    balanceCredits: cart.balanceCredits,
    shortfallCredits: cart.shortfallCredits,
  };
}

const UPSALE_FLAGS = {
  proofreading: 'needProofreading',
  expedite: 'expedite',
  certificate: 'certificate',
} as const;

/**
 * The options offered for this cart: for each, whether every order has it, and how many credits the
 * subtotal grows by when it is added to every order that lacks it (each order re-priced with it).
 */
export async function upsales(db: Db, userId: number, now: Date): Promise<Upsales> {
  const cart = await computeCart(db, userId, now);
  const names = new Map((await db.select().from(orderOptions)).map((o) => [o.slug, o.name]));
  const options: Upsales['options'] = [];
  for (const slug of ['proofreading', 'expedite', 'certificate'] as const) {
    const flag = UPSALE_FLAGS[slug];
    let extraCredits = 0;
    for (const priced of cart.orders) {
      if (priced.order[flag]) continue;
      const withIt = await priceCartOrder(db, { ...priced.order, [flag]: true }, now);
      extraCredits += withIt.priceCredits - priced.priceCredits;
    }
    options.push({
      slug,
      name: names.get(slug) ?? slug,
      selected: cart.orders.length > 0 && cart.orders.every((o) => o.order[flag]),
      extraCredits,
    });
  }
  return { options };
}
