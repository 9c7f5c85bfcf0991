import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { computeCart } from '../../modules/cart/cart';
import { payCartWithCredits } from '../../modules/cart/pay-with-credits';
import { getOrCreateAccount, hashRequest, platformAccount, postTransaction } from '../../platform/ledger';
import type { Db } from '../client';
import { billingInfo, coupons, payments, purchaseOrders, users } from '../schema';

// Demo content of ordering and paying: the demo customer's credits, billing details, a coupon,
// one order paid through the real payment service (so projects and an invoice exist), and a wire
// transfer waiting to be marked received.

export const DEMO_CUSTOMER_CREDITS = 50_000;
export const DEMO_COUPON_CODE = 'WELCOME10';
/** how long ago the demo customer opened the account */
const DEMO_CUSTOMER_DAYS = 30;

export async function seedOrderingDemo(db: Db, customerEmail: string): Promise<void> {
  const [customer] = await db.select().from(users).where(eq(users.email, customerEmail));
  if (!customer) return;
  // a customer for a month: the account, then the welcome credits, open the statement's story
  const joined = new Date(Date.now() - DEMO_CUSTOMER_DAYS * 24 * 60 * 60 * 1000);
  await db.update(users).set({ createdAt: joined }).where(eq(users.id, customer.id));

  // welcome credits are a promotion: the platform's promotions account pays for them (kind grant)
  await postTransaction(db, {
    kind: 'grant',
    description: 'Demo welcome credits',
    idempotencyKey: `demo:welcome-credits:${customer.id}`,
    occurredAt: joined,
    entries: [
      { account: await getOrCreateAccount(db, customer.id, 'customer_credits'), amount: DEMO_CUSTOMER_CREDITS },
      { account: await platformAccount(db, 'platform_promotions'), amount: -DEMO_CUSTOMER_CREDITS },
    ],
  });

  await db
    .insert(billingInfo)
    .values({
      userId: customer.id,
      firstName: 'Casey',
      lastName: 'Customer',
      company: customer.company ?? 'Acme Localization',
      address: '1 Market Street',
      city: 'San Francisco',
      zipCode: '94105',
      phone: '(415) 555-0100',
      country: 'US',
    })
    .onConflictDoNothing();

  await db
    .insert(coupons)
    .values({ code: DEMO_COUPON_CODE, kind: 'percent', value: 1000, perUserLimit: 1 })
    .onConflictDoNothing();

  // a wire transfer waiting for the bank, for the admin's /admin/payments (no credits move until
  // an admin marks it received)
  await db
    .insert(payments)
    .values({
      key: randomBytes(16).toString('hex'),
      userId: customer.id,
      method: 'wire',
      purpose: 'credits',
      amountCredits: 100_000,
      vatCredits: 0,
      status: 'pending',
      idempotencyKey: 'demo:wire-transfer',
    })
    .onConflictDoNothing();
}

/**
 * The demo customer's latest order, paid now through the real payment service (projects and an
 * invoice). Seeded after the stories set in the past, so invoice numbers run in date order.
 */
export async function seedLatestOrderDemo(db: Db, customerEmail: string): Promise<void> {
  const [customer] = await db.select().from(users).where(eq(users.email, customerEmail));
  if (!customer) return;
  const now = new Date();
  await db.insert(purchaseOrders).values({
    key: randomBytes(16).toString('hex'),
    customerId: customer.id,
    status: 'cart',
    projectType: 'translation',
    name: 'Product brochure',
    sourceLanguage: 'american-english',
    targetLanguages: ['spanish', 'french'],
    expertise: 'general',
    wordCount: 1200,
    wordCountSource: 'manual',
    entryType: 'paste',
    materialsOption: 'count',
    brief: 'Friendly tone; keep product names in English.',
  });
  const cart = await computeCart(db, customer.id, now);
  await payCartWithCredits(db, {
    userId: customer.id,
    ck: cart.ck,
    idempotencyKey: 'demo:first-order',
    requestHash: hashRequest({ demo: 'first-order', ck: cart.ck }),
    now,
  });
}
