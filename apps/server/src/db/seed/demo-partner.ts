import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { clientAlertSettings, purchaseOrders, referralCodes, referrals, users } from '../schema';
import { getOrCreateAccount, hashRequest, platformAccount, postTransaction } from '../../platform/ledger';
import { computeCart } from '../../modules/cart/cart';
import { payCartWithCredits } from '../../modules/cart/pay-with-credits';

const DAY = 24 * 60 * 60 * 1000;

/** Referral codes of the demo accounts (the links are PUBLIC_URL/auth?mode=signup&ref=CODE). */
export const DEMO_REFERRAL_CODES = { customer: 'CASEYACME', translator: 'TOMASREF' } as const;

/**
 * Partner and client-alert demo: the demo customer and translator have referral codes; two people
 * signed up through the customer's link (one paid a project with credits, through the real cart
 * payment), and the customer's disputes are routed to sales and support.
 */
export async function seedPartnerDemo(
  db: Db,
  opts: { customerEmail: string; translatorEmail: string; adminEmail: string; passwordHash: string },
  now: Date = new Date(),
): Promise<void> {
  const byEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
  const customer = await byEmail(opts.customerEmail);
  const translator = await byEmail(opts.translatorEmail);
  const admin = await byEmail(opts.adminEmail);
  if (!customer || !translator) return;
  await db
    .insert(referralCodes)
    .values([
      { userId: customer.id, code: DEMO_REFERRAL_CODES.customer },
      { userId: translator.id, code: DEMO_REFERRAL_CODES.translator },
    ])
    .onConflictDoNothing();

  const people = [
    // outside @parlance.test and no translators: the demo's staff and translator lists stay as they were
    { email: 'rita.referred@example.com', name: 'Rita Referred', pays: true, daysAgo: 12 },
    { email: 'noah.newcomer@example.com', name: 'Noah Newcomer', pays: false, daysAgo: 5 },
  ];
  for (const p of people) {
    const joined = new Date(now.getTime() - p.daysAgo * DAY);
    const [user] = await db
      .insert(users)
      .values({
        email: p.email,
        name: p.name,
        type: 'customer',
        passwordHash: opts.passwordHash,
        country: 'US',
        termsAcceptedAt: joined,
        policyAcceptedAt: joined,
        createdAt: joined,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) continue;
    await db.insert(referrals).values({ referredId: user.id, referrerId: customer.id, createdAt: joined });
    // the referred customer's first order, two hours ago (its project is still open to translators)
    if (p.pays) await payDemoProject(db, user.id, new Date(now.getTime() - 2 * 60 * 60 * 1000));
  }

  await db
    .insert(clientAlertSettings)
    .values({ customerId: customer.id, alert: 'dispute', am: true, sales: true, support: true, updatedBy: admin?.id })
    .onConflictDoNothing();
}

/** The referred customer's spend: welcome credits, then a project paid through the cart. */
async function payDemoProject(db: Db, userId: number, now: Date): Promise<void> {
  await postTransaction(db, {
    kind: 'grant',
    description: 'Demo welcome credits',
    idempotencyKey: `demo:partner-credits:${userId}`,
    occurredAt: new Date(now.getTime() - 60 * 1000),
    entries: [
      { account: await getOrCreateAccount(db, userId, 'customer_credits'), amount: 50_000 },
      { account: await platformAccount(db, 'platform_promotions'), amount: -50_000 },
    ],
  });
  await db.insert(purchaseOrders).values({
    key: randomBytes(16).toString('hex'),
    customerId: userId,
    status: 'cart',
    projectType: 'translation',
    name: 'Restaurant menu',
    sourceLanguage: 'american-english',
    targetLanguages: ['spanish'],
    expertise: 'general',
    wordCount: 400,
  });
  const cart = await computeCart(db, userId, now);
  await payCartWithCredits(db, {
    userId,
    ck: cart.ck,
    idempotencyKey: `demo-partner-pay-${userId}`,
    requestHash: hashRequest({ demo: 'partner', userId }),
    now,
  });
}
