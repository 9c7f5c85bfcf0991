import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../../db/client';
import { payments, processorEvents, savedCards } from '../../db/schema';
import {
  balanceOfOwner,
  getOrCreateAccount,
  platformAccount,
  postTransaction,
  type EntryInput,
} from '../../platform/ledger';
import { type CardSummary, cardSummary, idOf, type StripeProvider } from '../../platform/payments';
import type { Services } from '../../platform/services';
import { approveCardPayment, moveOpenPayment, type PaymentRow } from './settle';

// Stripe's signed webhook (ADR 0094). Money moves only here (and in the synchronous saved-card
// charge): each event is accepted once (its id stored in the transaction that acts on it), and each
// act is guarded by the payment's own state, so a repeated, late or out-of-order event changes
// nothing twice. Events of payments that are not ours are accepted and ignored.

type Deps = Pick<Services, 'db' | 'clock' | 'logger'>;

export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
] as const;

export type WebhookOutcome = 'processed' | 'repeated' | 'ignored';

/** Details fetched from Stripe before the transaction (the card of a completed checkout). */
interface Prefetched {
  card: CardSummary | null;
  paymentMethod: string | null;
  customer: string | null;
}

export async function handleStripeEvent(
  deps: Deps,
  provider: StripeProvider,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  if (!(STRIPE_WEBHOOK_EVENTS as readonly string[]).includes(event.type)) return 'ignored';
  const [seen] = await deps.db
    .select({ id: processorEvents.eventId })
    .from(processorEvents)
    .where(and(eq(processorEvents.provider, 'stripe'), eq(processorEvents.eventId, event.id)));
  if (seen) return 'repeated';
  // outside the transaction: a call to Stripe must not hold the database's locks
  let prefetched: Prefetched | null = null;
  let keyOfIntent: string | null = null;
  if (event.type === 'checkout.session.completed') {
    const intent = idOf(event.data.object.payment_intent as string | { id: string } | null);
    if (intent) prefetched = await provider.intentDetails(intent);
  }
  if (event.type === 'charge.refunded' || event.type === 'charge.dispute.created') {
    // before its checkout.session.completed we do not know the PaymentIntent: its metadata names our payment
    const intent = idOf(event.data.object.payment_intent as string | { id: string } | null);
    if (intent && !(await knownIntent(deps, intent))) keyOfIntent = await provider.paymentKeyOfIntent(intent);
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [accepted] = await tx
      .insert(processorEvents)
      .values({ provider: 'stripe', eventId: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    // a concurrent delivery of the same event committed first
    if (!accepted) return 'repeated';
    switch (event.type) {
      case 'checkout.session.completed':
        await checkoutCompleted(tx, event.data.object, prefetched, now);
        break;
      case 'payment_intent.payment_failed':
        await paymentFailed(tx, event.data.object, now);
        break;
      case 'charge.refunded':
        await chargeRefunded(tx, event.data.object, keyOfIntent, now);
        break;
      case 'charge.dispute.created':
        await disputeCreated(tx, event.data.object, keyOfIntent, now);
        break;
    }
    return 'processed';
  });
}

async function knownIntent(deps: Deps, intent: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), eq(payments.providerIntent, intent)));
  return Boolean(row);
}

async function paymentByKey(tx: Tx, key: string | null | undefined): Promise<PaymentRow | null> {
  if (!key) return null;
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.key, key), eq(payments.provider, 'stripe')))
    .for('update');
  return row ?? null;
}

async function paymentByIntent(tx: Tx, intent: string | null, key?: string | null): Promise<PaymentRow | null> {
  if (intent) {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'stripe'), eq(payments.providerIntent, intent)))
      .for('update');
    if (row) return row;
  }
  return paymentByKey(tx, key);
}

async function checkoutCompleted(tx: Tx, session: Stripe.Checkout.Session, details: Prefetched | null, now: Date) {
  const payment = await paymentByKey(tx, session.client_reference_id);
  if (!payment || session.payment_status !== 'paid') return;
  // never credit what was not paid: the session must be for the whole amount, in US dollars
  if (session.amount_total !== payment.amountCredits + payment.vatCredits || session.currency !== 'usd') return;
  const intent = idOf(session.payment_intent as string | { id: string } | null) ?? undefined;
  await approveCardPayment(tx, payment.key, { providerRef: session.id, intent, card: details?.card ?? null }, now, {
    paidAtProcessor: true,
  });
  if (details?.paymentMethod && details.card) await saveStripeCard(tx, payment.userId, details, details.card);
}

/** The card of a completed checkout, kept for one-click payments (once per payment method). */
async function saveStripeCard(tx: Tx, userId: number, details: Prefetched, card: CardSummary) {
  const token = details.paymentMethod as string;
  const [known] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.provider, 'stripe'), eq(savedCards.providerToken, token)));
  if (known) return;
  await tx.insert(savedCards).values({
    userId,
    provider: 'stripe',
    providerToken: token,
    providerCustomer: details.customer,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  });
}

async function paymentFailed(tx: Tx, intent: Stripe.PaymentIntent, now: Date) {
  const payment = await paymentByIntent(tx, intent.id, intent.metadata?.payment_key);
  if (!payment) return;
  const reason = intent.last_payment_error?.message ?? 'Your card was declined.';
  if (payment.method === 'saved_card') {
    await moveOpenPayment(tx, payment.key, 'declined', { reason, intent: intent.id }, now);
    return;
  }
  // Stripe's checkout page lets the holder try another card: the payment stays open, with the reason
  await tx
    .update(payments)
    .set({ failureReason: reason, updatedAt: now })
    .where(and(eq(payments.id, payment.id), sql`${payments.status} IN ('pending', 'requires_action')`));
}

/**
 * A charge's refund made at Stripe (ours, or one made in Stripe's dashboard). `amount_refunded` is
 * the charge's running total: only what exceeds the credits already known as refunded moves, so a
 * repeated or late event moves nothing.
 */
async function chargeRefunded(tx: Tx, charge: Stripe.Charge, keyOfIntent: string | null, now: Date) {
  const payment = await settledPaymentOfCharge(tx, charge, keyOfIntent, now);
  if (!payment) return;
  const total = payment.amountCredits + payment.vatCredits;
  const refunded = Math.min(charge.amount_refunded, total - payment.disputedCredits);
  const delta = refunded - payment.refundedCredits;
  if (delta <= 0) return;
  await tx.update(payments).set({ refundedCredits: refunded, updatedAt: now }).where(eq(payments.id, payment.id));
  await postReversal(
    tx,
    payment,
    delta,
    `stripe-refund:${charge.id}:${refunded}`,
    'Card payment refunded at Stripe',
    now,
  );
}

/** A dispute (chargeback): Stripe withdraws the disputed amount at once; once per dispute. */
async function disputeCreated(tx: Tx, dispute: Stripe.Dispute, keyOfIntent: string | null, now: Date) {
  const intent = idOf(dispute.payment_intent as string | { id: string } | null);
  let payment = await paymentByIntent(tx, intent, keyOfIntent);
  // a dispute proves the charge went through: approve a payment whose completion has not come yet
  if (payment && payment.status !== 'approved') {
    payment = await approveCardPayment(tx, payment.key, { intent: intent ?? undefined }, now, {
      paidAtProcessor: true,
    });
  }
  if (!payment) return;
  const total = payment.amountCredits + payment.vatCredits;
  const amount = Math.min(dispute.amount, total - payment.refundedCredits - payment.disputedCredits);
  if (amount <= 0) return;
  await tx
    .update(payments)
    .set({ disputedCredits: sql`${payments.disputedCredits} + ${amount}`, updatedAt: now })
    .where(eq(payments.id, payment.id));
  await postReversal(tx, payment, amount, `stripe-dispute:${dispute.id}`, 'Card payment disputed at the bank', now);
}

/**
 * The payment of a refunded charge, approved first when its checkout.session.completed has not
 * arrived yet (a refund proves the charge went through).
 */
async function settledPaymentOfCharge(
  tx: Tx,
  charge: Stripe.Charge,
  keyOfIntent: string | null,
  now: Date,
): Promise<PaymentRow | null> {
  const intent = idOf(charge.payment_intent as string | { id: string } | null);
  const payment = await paymentByIntent(tx, intent, keyOfIntent ?? charge.metadata?.payment_key);
  if (!payment) return null;
  if (payment.status === 'approved') return payment;
  if (!charge.paid || charge.amount !== payment.amountCredits + payment.vatCredits) return null;
  const card = charge.payment_method_details?.card ? cardSummary(charge.payment_method_details.card) : null;
  const approved = await approveCardPayment(
    tx,
    payment.key,
    { providerRef: charge.id, intent: intent ?? undefined, card },
    now,
    { paidAtProcessor: true },
  );
  return approved;
}

/**
 * Money that went back from Stripe to the card holder: it leaves the customer's credits as far as
 * they still hold it; what they already spent is the platform's loss (platform_revenue), so projects
 * paid with it keep running (ADR 0094). VAT of the payment, if any, is reversed in proportion.
 */
async function postReversal(tx: Tx, payment: PaymentRow, amount: number, key: string, description: string, now: Date) {
  const total = payment.amountCredits + payment.vatCredits;
  const vat = total > 0 ? Math.floor((amount * payment.vatCredits) / total) : 0;
  const credits = amount - vat;
  const customer = await getOrCreateAccount(tx, payment.userId, 'customer_credits');
  // the row lock orders this against a concurrent spend of the same credits
  await tx.execute(sql`SELECT 1 FROM ledger_accounts WHERE id = ${customer.id} FOR UPDATE`);
  const balance = await balanceOfOwner(tx, payment.userId, 'customer_credits');
  const taken = Math.max(0, Math.min(credits, balance));
  const entries: EntryInput[] = [
    { account: await platformAccount(tx, 'platform_payments_received'), amount },
    { account: customer, amount: -taken },
  ];
  if (credits - taken > 0)
    entries.push({ account: await platformAccount(tx, 'platform_revenue'), amount: -(credits - taken) });
  if (vat > 0) entries.push({ account: await platformAccount(tx, 'platform_vat'), amount: -vat });
  await postTransaction(tx, {
    kind: 'adjustment',
    description,
    idempotencyKey: key,
    metadata: { paymentKey: payment.key, amount, takenFromCredits: taken, spentAlready: credits - taken },
    occurredAt: now,
    entries: entries.filter((e) => e.amount !== 0),
  });
}
