import { and, desc, eq, gte, inArray, lte, lt, sql } from 'drizzle-orm';
import { PROJECT_TEXTS } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { cardRefunds, payments } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { getOrCreateAccount, platformAccount, postTransaction } from '../../platform/ledger';
import type { PaymentProvider } from '../../platform/payments';
import type { Services } from '../../platform/services';

// Refunds of a cancelled project back to the card that paid for it (ADR 0094). The project's refund
// to credits is posted as always; a refund to the card then takes those credits out again
// (customer_credits -> platform_payments_received) in the same transaction, and the processor is
// asked after the commit, with the refund's key as its idempotency key. A refund the processor
// refuses gives the credits back; one it never answered is asked again by a timed task.

export type CardRefundRow = typeof cardRefunds.$inferSelect;

/** How far back a card payment counts as the one that paid for a project. */
export const CARD_REFUND_WINDOW_DAYS = 30;

export interface CardRefundOption {
  paymentId: number;
  brand: string;
  last4: string;
  /** the refund's amount: the project's price and VAT */
  amountCredits: number;
}

interface RefundableProject {
  id: number;
  customerId: number;
  createdAt: Date;
  priceCredits: number;
  vatCredits: number;
}

/**
 * The card a project's refund can go back to: the customer's latest approved card payment at the
 * active processor, made within CARD_REFUND_WINDOW_DAYS before the project was paid, that still has
 * the refund's amount left (not refunded nor disputed). Null: the refund goes to credits only.
 */
export async function cardRefundOption(
  db: Db | Tx,
  project: RefundableProject,
  provider: string,
): Promise<CardRefundOption | null> {
  const amount = project.priceCredits + project.vatCredits;
  if (amount <= 0) return null;
  const since = new Date(project.createdAt.getTime() - CARD_REFUND_WINDOW_DAYS * 86_400_000);
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, project.customerId),
        inArray(payments.method, ['card', 'saved_card']),
        eq(payments.status, 'approved'),
        eq(payments.provider, provider),
        lte(payments.createdAt, project.createdAt),
        gte(payments.createdAt, since),
        sql`${payments.amountCredits} + ${payments.vatCredits} - ${payments.refundedCredits} - ${payments.disputedCredits} >= ${amount}`,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment) return null;
  return {
    paymentId: payment.id,
    brand: payment.cardBrand ?? 'Card',
    last4: payment.cardLast4 ?? '',
    amountCredits: amount,
  };
}

export const cardLabel = (o: { brand: string; last4: string }) => `${o.brand} ending ${o.last4}`;

/**
 * In the cancel's transaction, after the project's refund to credits: takes the refund out of the
 * customer's credits towards the card and records the pending refund. 409 when no card can take it.
 */
export async function startCardRefund(
  tx: Tx,
  project: RefundableProject,
  provider: string,
  actorId: number,
  now: Date,
): Promise<CardRefundRow> {
  const option = await cardRefundOption(tx, project, provider);
  if (!option) throw new AppError(409, PROJECT_TEXTS.refundToCardUnavailable);
  const amount = option.amountCredits;
  // guarded: two refunds of one payment can never together exceed it (also a CHECK in the schema)
  const [held] = await tx
    .update(payments)
    .set({ refundedCredits: sql`${payments.refundedCredits} + ${amount}`, updatedAt: now })
    .where(
      and(
        eq(payments.id, option.paymentId),
        sql`${payments.amountCredits} + ${payments.vatCredits} - ${payments.refundedCredits} - ${payments.disputedCredits} >= ${amount}`,
      ),
    )
    .returning({ id: payments.id });
  if (!held) throw new AppError(409, PROJECT_TEXTS.refundToCardUnavailable);
  const key = `project-${project.id}`;
  const posted = await postTransaction(tx, {
    kind: 'refund',
    description: `Refund of project ${project.id} to ${cardLabel(option)}`,
    idempotencyKey: `card-refund:${key}`,
    createdBy: actorId,
    metadata: { projectId: project.id, paymentId: option.paymentId, toCard: true },
    occurredAt: now,
    entries: [
      { account: await getOrCreateAccount(tx, project.customerId, 'customer_credits'), amount: -amount },
      { account: await platformAccount(tx, 'platform_payments_received'), amount },
    ],
  });
  const [row] = await tx
    .insert(cardRefunds)
    .values({
      key,
      paymentId: option.paymentId,
      projectId: project.id,
      amountCredits: amount,
      status: 'pending',
      ledgerTransactionId: posted.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

type Deps = Pick<Services, 'db' | 'clock' | 'logger'>;

/**
 * Asks the processor for a pending refund. Succeeded (or accepted as pending by the processor): done.
 * Refused: the credits go back to the customer, once. No answer: stays pending for the retry task.
 */
export async function sendCardRefund(
  deps: Deps,
  provider: PaymentProvider,
  key: string,
): Promise<CardRefundRow | null> {
  const [refund] = await deps.db.select().from(cardRefunds).where(eq(cardRefunds.key, key));
  if (!refund) return null;
  if (refund.status !== 'pending') return refund;
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, refund.paymentId));
  let result: Awaited<ReturnType<PaymentProvider['refund']>>;
  try {
    result = await provider.refund({
      refundKey: refund.key,
      providerRef: payment.providerRef,
      providerIntent: payment.providerIntent,
      amountCredits: refund.amountCredits,
    });
  } catch (err) {
    deps.logger.warn({ err, refund: refund.key }, 'card refund not answered; it is retried');
    return refund;
  }
  const now = deps.clock.now();
  if (result.outcome !== 'failed') {
    const [done] = await deps.db
      .update(cardRefunds)
      .set({ status: 'succeeded', providerRef: result.providerRef, updatedAt: now })
      .where(and(eq(cardRefunds.key, key), eq(cardRefunds.status, 'pending')))
      .returning();
    return done ?? null;
  }
  return deps.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(cardRefunds)
      .set({ status: 'failed', failureReason: result.reason, providerRef: result.providerRef, updatedAt: now })
      .where(and(eq(cardRefunds.key, key), eq(cardRefunds.status, 'pending')))
      .returning();
    if (!failed) return null;
    await tx
      .update(payments)
      .set({ refundedCredits: sql`${payments.refundedCredits} - ${failed.amountCredits}`, updatedAt: now })
      .where(eq(payments.id, failed.paymentId));
    await postTransaction(tx, {
      kind: 'refund',
      description: `Refund of project ${failed.projectId ?? ''} to the card failed: credits kept`,
      idempotencyKey: `card-refund:${failed.key}:failed`,
      metadata: { projectId: failed.projectId, paymentId: failed.paymentId, reason: result.reason },
      occurredAt: now,
      entries: [
        { account: await getOrCreateAccount(tx, payment.userId, 'customer_credits'), amount: failed.amountCredits },
        { account: await platformAccount(tx, 'platform_payments_received'), amount: -failed.amountCredits },
      ],
    });
    return failed;
  });
}

/** The timed task: refunds still pending a minute after they were made (a crash, a processor outage). */
export async function retryPendingCardRefunds(
  deps: Deps & Pick<Services, 'cardProcessor'>,
  now: Date,
): Promise<number> {
  const due = await deps.db
    .select({ key: cardRefunds.key })
    .from(cardRefunds)
    .where(and(eq(cardRefunds.status, 'pending'), lt(cardRefunds.updatedAt, new Date(now.getTime() - 60_000))))
    .limit(50);
  for (const { key } of due) await sendCardRefund(deps, deps.cardProcessor, key);
  return due.length;
}
