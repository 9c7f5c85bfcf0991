import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { payments } from '../../db/schema';
import { getOrCreateAccount, platformAccount, postTransaction, type EntryInput } from '../../platform/ledger';
import type { CardSummary } from '../../platform/payments';
import { formatUsd } from '../../platform/payments/sandbox-pages';
import { createInvoice } from '../invoices/create-invoice';

// Moving a payment to its final state. Every move is a guarded UPDATE ... WHERE status IN (...), so
// two submits of one payment (also concurrent ones: the second waits on the row lock, then finds the
// status changed) move it once, and credit once.

export type PaymentRow = typeof payments.$inferSelect;
type Status = PaymentRow['status'];

/** A payment still waiting for the card holder or the processor. */
const OPEN_CARD_STATUSES: Status[] = ['pending', 'requires_action'];

export interface ProcessorFacts {
  providerRef?: string;
  /** the processor's charge object (Stripe's PaymentIntent) */
  intent?: string;
  card?: CardSummary | null;
}

function cardColumns(facts: ProcessorFacts) {
  return {
    ...(facts.providerRef ? { providerRef: facts.providerRef } : {}),
    ...(facts.intent ? { providerIntent: facts.intent } : {}),
    ...(facts.card ? { cardBrand: facts.card.brand, cardLast4: facts.card.last4 } : {}),
  };
}

/**
 * The credits purchase of a payment, in the caller's transaction:
 * platform_payments_received -(amount + VAT), customer_credits +amount, platform_vat +VAT.
 */
async function postPurchase(tx: Tx, payment: PaymentRow, createdBy: number, now: Date) {
  const received = await platformAccount(tx, 'platform_payments_received');
  const customer = await getOrCreateAccount(tx, payment.userId, 'customer_credits');
  const entries: EntryInput[] = [
    { account: received, amount: -(payment.amountCredits + payment.vatCredits) },
    { account: customer, amount: payment.amountCredits },
  ];
  if (payment.vatCredits > 0) {
    entries.push({ account: await platformAccount(tx, 'platform_vat'), amount: payment.vatCredits });
  }
  return postTransaction(tx, {
    kind: 'purchase',
    description: `Credits bought by ${payment.method === 'wire' ? 'wire transfer' : 'card'}`,
    idempotencyKey: `payment:${payment.key}:credits`,
    createdBy,
    metadata: { paymentKey: payment.key, method: payment.method },
    occurredAt: now,
    entries,
  });
}

async function settle(tx: Tx, payment: PaymentRow, createdBy: number, now: Date): Promise<PaymentRow> {
  const posted = await postPurchase(tx, payment, createdBy, now);
  const invoice = await createInvoice(tx, {
    userId: payment.userId,
    kind: 'credits',
    lines: [
      {
        description: `Parlance credits: ${payment.amountCredits.toLocaleString('en-US')} (${formatUsd(payment.amountCredits)})`,
        quantity: 1,
        unitCredits: payment.amountCredits,
        totalCredits: payment.amountCredits,
      },
    ],
    subtotalCredits: payment.amountCredits,
    discountCredits: 0,
    vatCredits: payment.vatCredits,
    totalCredits: payment.amountCredits + payment.vatCredits,
    ledgerTransactionId: posted.id,
    now,
  });
  const [done] = await tx
    .update(payments)
    .set({ ledgerTransactionId: posted.id, invoiceId: invoice.id, updatedAt: now })
    .where(eq(payments.id, payment.id))
    .returning();
  return done;
}

/**
 * Approves an open card payment and credits the customer, all in one database transaction.
 * Returns the approved payment, or null when it was not open any more (already approved,
 * declined or cancelled): then nothing moved.
 *
 * `paidAtProcessor`: the processor says the money arrived (Stripe's signed webhook). Then a payment
 * we had closed (the customer chose a wire transfer meanwhile, or a decline was reported before a
 * retry on the processor's page went through) is approved too, since the customer did pay; it stops
 * holding its quote, which another payment may hold by now. Approved already: null, nothing moves.
 */
export async function approveCardPayment(
  db: Db | Tx,
  key: string,
  facts: ProcessorFacts,
  now: Date,
  options: { paidAtProcessor?: boolean } = {},
): Promise<PaymentRow | null> {
  return db.transaction(async (tx) => {
    const from: Status[] = options.paidAtProcessor
      ? [...OPEN_CARD_STATUSES, 'declined', 'cancelled']
      : OPEN_CARD_STATUSES;
    const [claimed] = await tx
      .update(payments)
      .set({
        status: 'approved',
        failureReason: null,
        updatedAt: now,
        ...cardColumns(facts),
        // a closed payment approved late: its quote may be held by the payment that replaced it
        ...(options.paidAtProcessor
          ? {
              quoteRef: sql`CASE WHEN ${payments.status} IN ('pending', 'requires_action') THEN ${payments.quoteRef} ELSE NULL END`,
            }
          : {}),
      })
      .where(and(eq(payments.key, key), inArray(payments.status, from)))
      .returning();
    if (!claimed) return null;
    return settle(tx, claimed, claimed.userId, now);
  });
}

/** Marks a pending wire transfer received and credits the customer, once; null when it was not pending. */
export async function receiveWirePayment(tx: Tx, key: string, adminId: number, now: Date): Promise<PaymentRow | null> {
  const [claimed] = await tx
    .update(payments)
    .set({ status: 'received', updatedAt: now })
    .where(and(eq(payments.key, key), eq(payments.method, 'wire'), eq(payments.status, 'pending')))
    .returning();
  if (!claimed) return null;
  return settle(tx, claimed, adminId, now);
}

/** Moves an open payment to declined, requires_action or cancelled; null when it was not open. Moves no money. */
export async function moveOpenPayment(
  db: Db | Tx,
  key: string,
  to: 'declined' | 'requires_action' | 'cancelled',
  facts: ProcessorFacts & { reason?: string },
  now: Date,
): Promise<PaymentRow | null> {
  const [moved] = await db
    .update(payments)
    .set({ status: to, failureReason: facts.reason ?? null, updatedAt: now, ...cardColumns(facts) })
    .where(and(eq(payments.key, key), inArray(payments.status, OPEN_CARD_STATUSES)))
    .returning();
  return moved ?? null;
}
