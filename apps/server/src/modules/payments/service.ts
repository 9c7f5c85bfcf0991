import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { type BankDetails, type PaymentData, ORDER_TEXTS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import type { Db, Tx } from '../../db/client';
import { payments, savedCards } from '../../db/schema';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { hashRequest, type IdempotentResult, withIdempotency } from '../../platform/ledger';
import type { ChargeResult, PaymentProvider } from '../../platform/payments';
import type { UserRow } from '../../platform/session';
import { verifyCreditsQuote } from '../pricing/quote-token';
import { approveCardPayment, moveOpenPayment, type PaymentRow } from './settle';
import { presentPayment } from './present';
import { requireOwnSavedCard } from './saved-cards';

// Buying credits: from a purchase-credits quote (pqid) to a payment by card, saved card or wire.

type Deps = Pick<Services, 'db' | 'clock'>;

export interface QuotedAmount {
  amountCredits: number;
  vatCredits: number;
}

/**
 * The amount a pqid quotes, for this user. Tampered or expired: 400. Made for another user: 403 with
 * the payment-link account-mismatch message. A guest's quote (no user) may be used by whoever signs in.
 */
export async function readCreditsQuote(deps: Deps, pqid: string, user: UserRow): Promise<QuotedAmount> {
  const claims = await verifyCreditsQuote(deps, pqid);
  if (!claims || claims.amountCredits <= 0 || claims.vatCredits < 0) {
    throw badRequest(ORDER_TEXTS.quoteInvalid, { pqid: ORDER_TEXTS.quoteInvalid });
  }
  if (claims.userId !== null && claims.userId !== user.id) throw forbidden(ORDER_TEXTS.paymentAccountMismatch);
  return { amountCredits: claims.amountCredits, vatCredits: claims.vatCredits };
}

/** The identity of a quote in the payments table (a hash: a pqid is long). */
export const quoteRefOf = (pqid: string) => sha256(pqid);

const LIVE_STATUSES: PaymentRow['status'][] = ['pending', 'requires_action', 'approved', 'received'];
const isOpen = (p: PaymentRow) => p.status === 'pending' || p.status === 'requires_action';

/** The payment that holds the quote now (open, approved or received), if any. */
async function livePaymentOfQuote(db: Db | Tx, quoteRef: string): Promise<PaymentRow | undefined> {
  const [live] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.quoteRef, quoteRef), inArray(payments.status, LIVE_STATUSES)));
  return live;
}

/** Why a quote held by `live` cannot be paid again: 409 with what the customer can do. */
function quoteTaken(live: PaymentRow): AppError {
  if (live.status === 'approved' || live.status === 'received') return new AppError(409, ORDER_TEXTS.quoteAlreadyPaid);
  if (live.method === 'wire') return new AppError(409, ORDER_TEXTS.quoteWireWaiting);
  return new AppError(409, ORDER_TEXTS.quotePaymentInProgress);
}

/**
 * An open hosted card checkout of this user has charged nothing yet: a customer who chooses a saved
 * card or a wire transfer instead replaces it (it is cancelled; its page then shows where it is).
 */
const replaceableBy = (live: PaymentRow, user: UserRow) =>
  live.userId === user.id && live.method === 'card' && isOpen(live);

/**
 * Inserts the quote's payment. The partial unique index payments_quote_live_uq lets one payment of a
 * quote be live at a time: a concurrent insert waits for the first one's transaction and then finds
 * the quote held. `onHeld` decides what a held quote means (reuse, replace, or refuse by throwing);
 * it returns the payment to answer, or null to try the insert again.
 */
async function claimQuote(
  db: Db | Tx,
  values: typeof payments.$inferInsert & { quoteRef: string },
  onHeld: (live: PaymentRow) => Promise<PaymentRow | null>,
): Promise<PaymentRow> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const [created] = await db.insert(payments).values(values).onConflictDoNothing().returning();
    if (created) return created;
    const live = await livePaymentOfQuote(db, values.quoteRef);
    if (!live) continue; // the holder was declined or cancelled meanwhile
    const answer = await onHeld(live);
    if (answer) return answer;
  }
  throw new AppError(409, ORDER_TEXTS.quotePaymentInProgress);
}

/**
 * The open payment of this quote: a repeated or concurrent call gets the same payment. After a
 * declined or cancelled attempt the same quote opens a new attempt. A quote already paid, or being
 * paid another way, is refused (409).
 */
async function openPaymentForQuote(
  deps: Deps,
  user: UserRow,
  pqid: string,
  method: 'card' | 'wire',
  amount: QuotedAmount,
  provider = 'sandbox',
): Promise<PaymentRow> {
  const quoteRef = quoteRefOf(pqid);
  return claimQuote(
    deps.db,
    {
      key: randomToken(),
      userId: user.id,
      method,
      purpose: 'credits',
      amountCredits: amount.amountCredits,
      vatCredits: amount.vatCredits,
      status: 'pending',
      quoteRef,
      provider,
      idempotencyKey: `${method === 'wire' ? 'wire' : 'quote'}:${quoteRef.slice(0, 32)}:${randomToken().slice(0, 8)}`,
      ...(method === 'wire' ? { providerRef: wireReference() } : {}),
    },
    async (live) => {
      if (live.userId === user.id && live.method === method && live.provider === provider && isOpen(live)) return live;
      // a wire transfer replaces an open card checkout; so does a checkout at another processor
      if ((method === 'wire' || live.provider !== provider) && replaceableBy(live, user)) {
        await moveOpenPayment(
          deps.db,
          live.key,
          'cancelled',
          { reason: ORDER_TEXTS.paymentReplaced },
          deps.clock.now(),
        );
        return null;
      }
      throw quoteTaken(live);
    },
  );
}

/** The processor's customer of this user's saved cards (Stripe keeps cards per customer), if any. */
async function processorCustomerOf(db: Db | Tx, userId: number, provider: string): Promise<string | null> {
  const [row] = await db
    .select({ customer: savedCards.providerCustomer })
    .from(savedCards)
    .where(
      and(eq(savedCards.userId, userId), eq(savedCards.provider, provider), isNotNull(savedCards.providerCustomer)),
    )
    .orderBy(desc(savedCards.id))
    .limit(1);
  return row?.customer ?? null;
}

/**
 * GET /api/2/cart/vendorurl: the payment of this quote and the processor's hosted page for it. The
 * processor sends the customer back to /payment/thankyou/, which reads the outcome from our database.
 */
export async function startCardCheckout(
  deps: Deps,
  provider: PaymentProvider,
  user: UserRow,
  pqid: string,
  base: string,
): Promise<{ payment: PaymentRow; url: string }> {
  const amount = await readCreditsQuote(deps, pqid, user);
  const payment = await openPaymentForQuote(deps, user, pqid, 'card', amount, provider.name);
  const { url, providerRef } = await provider.createCheckout({
    paymentKey: payment.key,
    amountCredits: payment.amountCredits,
    vatCredits: payment.vatCredits,
    returnUrl: `${base}/payment/thankyou/?payment=${encodeURIComponent(payment.key)}`,
    customerRef: await processorCustomerOf(deps.db, user.id, provider.name),
    email: user.email,
  });
  if (providerRef && payment.providerRef !== providerRef) {
    await deps.db
      .update(payments)
      .set({ providerRef })
      .where(and(eq(payments.key, payment.key), isNull(payments.providerRef)));
  }
  return { payment, url };
}

/**
 * A payment of this user. Unknown: 404. Another user's: 404 too (an outsider learns nothing), with
 * the account-mismatch message so that a person who opened their own link in the wrong account knows.
 */
export async function requireOwnPayment(db: Db | Tx, key: string, user: UserRow): Promise<PaymentRow> {
  const [payment] = await db.select().from(payments).where(eq(payments.key, key));
  if (!payment) throw notFound(ORDER_TEXTS.paymentNotFound);
  if (payment.userId !== user.id) throw notFound(ORDER_TEXTS.paymentAccountMismatch);
  return payment;
}

/** Applies a processor's outcome to an open card payment; returns the payment as it now is. */
export async function applyChargeResult(
  db: Db | Tx,
  key: string,
  result: ChargeResult,
  now: Date,
): Promise<PaymentRow | null> {
  const facts = { providerRef: result.providerRef, card: result.card, intent: result.intent };
  if (result.outcome === 'approved') return approveCardPayment(db, key, facts, now);
  if (result.outcome === 'declined')
    return moveOpenPayment(db, key, 'declined', { ...facts, reason: result.reason }, now);
  return moveOpenPayment(db, key, 'requires_action', facts, now);
}

export type RecurringAnswer =
  | { status: 'OK'; results: { payment: PaymentData } }
  | { status: 'ERROR'; message: string; results: { payment: PaymentData } };

/**
 * POST /ajax/cart/executeRecurringPayment: a new saved-card payment of the quote, charged through the
 * processor; approved credits the customer, declined moves nothing. Once per (user, idempotency key):
 * the payment, the charge's outcome, the credits and the stored answer commit together. The quote is
 * read before the key's transaction (its signing key is read through `deps.db`).
 */
export async function executeRecurringPayment(
  deps: Deps,
  provider: PaymentProvider,
  user: UserRow,
  input: { pqid: string; cardId: number; idempotencyKey: string },
): Promise<IdempotentResult<RecurringAnswer>> {
  const amount = await readCreditsQuote(deps, input.pqid, user);
  const requestHash = hashRequest({ call: 'executeRecurringPayment', pqid: input.pqid, cardId: input.cardId });
  return withIdempotency<RecurringAnswer>(
    deps.db,
    { userId: user.id, key: input.idempotencyKey, requestHash, now: deps.clock.now() },
    async (tx) => {
      const payment = await chargeSavedCard(tx, provider, user, amount, input, deps.clock.now());
      const results = { payment: presentPayment(payment) };
      if (payment.status === 'approved') return { status: 200, body: { status: 'OK', results } };
      return {
        status: 402,
        body: { status: 'ERROR', message: payment.failureReason ?? ORDER_TEXTS.cardDeclined, results },
      };
    },
  );
}

async function chargeSavedCard(
  tx: Tx,
  provider: PaymentProvider,
  user: UserRow,
  amount: QuotedAmount,
  input: { pqid: string; cardId: number; idempotencyKey: string },
  now: Date,
): Promise<PaymentRow> {
  const card = await requireOwnSavedCard(tx, user.id, input.cardId);
  // a card saved by another processor (the sandbox's, after Stripe was connected) cannot be charged
  if (card.provider !== provider.name) throw notFound(ORDER_TEXTS.savedCardNotFound);
  // the claim comes before the charge: a second charge of the quote waits here, then is refused
  const payment = await claimQuote(
    tx,
    {
      // the processor's idempotency key of the charge: a request retried with the same key after a
      // lost answer (this transaction rolled back) charges the card once, and is settled from it
      key: `sc_${sha256(`${user.id}:${input.idempotencyKey}`).slice(0, 40)}`,
      provider: provider.name,
      userId: user.id,
      method: 'saved_card',
      purpose: 'credits',
      amountCredits: amount.amountCredits,
      vatCredits: amount.vatCredits,
      status: 'pending',
      cardBrand: card.brand,
      cardLast4: card.last4,
      quoteRef: quoteRefOf(input.pqid),
      idempotencyKey: `recurring:${sha256(input.idempotencyKey).slice(0, 32)}:${randomToken().slice(0, 8)}`,
    },
    async (live) => {
      if (!replaceableBy(live, user)) throw quoteTaken(live);
      await moveOpenPayment(tx, live.key, 'cancelled', { reason: ORDER_TEXTS.paymentReplaced }, now);
      return null;
    },
  );
  const result = await provider.chargeSavedCard({
    providerToken: card.providerToken,
    customerRef: card.providerCustomer,
    paymentKey: payment.key,
    amountCredits: payment.amountCredits,
    vatCredits: payment.vatCredits,
  });
  // off-session: the holder cannot confirm a saved card's charge here, so a confirmation step declines
  const outcome: ChargeResult =
    result.outcome === 'requires_action'
      ? { outcome: 'declined', providerRef: result.providerRef, reason: ORDER_TEXTS.cardDeclined, card: null }
      : result;
  const done = await applyChargeResult(tx, payment.key, outcome, now);
  if (!done) throw new Error(`payment ${payment.key} was not open after its charge`);
  return done;
}

/** Our bank for wire transfers (a fictional demo bank; see ADR 0024). */
export const WIRE_BANK_DETAILS: BankDetails = {
  bankName: 'Demo Harbour Bank (fictional, for the demo)',
  accountHolder: 'Parlance Translations Ltd.',
  iban: 'GB00 DEMO 0000 0000 0000 00',
  bic: 'DEMOGB2LXXX',
  bankAddress: '1 Example Quay, London, United Kingdom',
};

/** A reference the customer writes on the transfer: short, unambiguous characters. */
function wireReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const token = randomToken();
  let out = '';
  for (let i = 0; i < 10; i++) out += alphabet[token.charCodeAt(i) % alphabet.length];
  return `PAR-${out.slice(0, 5)}-${out.slice(5)}`;
}

/** POST /ajax/cart/wiretransferapply: a pending wire payment of the quote (once per quote). */
export async function applyWireTransfer(
  deps: Deps,
  user: UserRow,
  pqid: string,
): Promise<{ payment: PaymentRow; opened: boolean }> {
  const amount = await readCreditsQuote(deps, pqid, user);
  const before = await livePaymentOfQuote(deps.db, quoteRefOf(pqid));
  const payment = await openPaymentForQuote(deps, user, pqid, 'wire', amount);
  // a repeat answers the same payment: only a newly opened one raises the client alert
  return { payment, opened: before?.key !== payment.key };
}
