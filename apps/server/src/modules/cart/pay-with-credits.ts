import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  CART_TEXTS,
  CLIENT_ALERT_LOW_BALANCE_CREDITS,
  creditsToUsd,
  orderAddOnNames,
  PROJECT_LIMITS,
  SUB_ACCOUNT_TEXTS,
  type TranslateNowResult,
} from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import {
  cartCoupons,
  couponRedemptions,
  coupons,
  projects,
  purchaseOrderFiles,
  purchaseOrders,
  subAccounts,
  users,
} from '../../db/schema';
import { type AlertMailboxes, clientAlertMails } from '../../platform/client-alerts';
import { AppError, badRequest } from '../../platform/errors';
import {
  type EntryInput,
  getOrCreateAccount,
  InsufficientFundsError,
  type IdempotentResult,
  platformAccount,
  postTransaction,
  balanceOfOwner,
  withIdempotency,
} from '../../platform/ledger';
import type { Logger } from '../../platform/logger';
import { type Mailer, sendMailsAfterCommit } from '../../platform/mail';
import type { RealtimeBus } from '../../platform/realtime';
import { type ReferenceNames, referenceNames } from '../../platform/reference-names';
import { enqueueMtJobs, paidStatusOf } from '../machine-translation/queue';
import { createInvoice, type InvoiceLine } from '../invoices/create-invoice';
import { mailOpenedProjects, mailSubmittedProjects, openToAllAtFor, recordProjectsOpened } from '../projects/opened';
import { type ComputedCart, computeCart, type PricedOrder } from './cart';
import { cartChanged, couponRefusalFor } from './cart-edits';
import { splitProportionally } from './coupon-rules';

// Paying the cart with credits (POST /ajax/cart/translateNow). One database transaction: re-price,
// check the cart key, use the coupons, post one ledger transaction, create one project per target
// language, mark the orders paid, issue the invoice, record the redemptions. All of it or none.

/** 402 with what the web app needs to offer buying the difference. */
export class NotEnoughCreditsError extends AppError {
  constructor(
    readonly totalCredits: number,
    readonly balanceCredits: number,
    message: string = CART_TEXTS.notEnoughCredits,
  ) {
    super(402, message);
    this.name = 'NotEnoughCreditsError';
  }
  get shortfallCredits(): number {
    return Math.max(0, this.totalCredits - this.balanceCredits);
  }
}

export type PaymentStep = 'coupons' | 'ledger' | 'projects' | 'invoice';

export interface PayCartInput {
  userId: number;
  /** the cart key the customer was shown */
  ck: string;
  /** the coupons the customer saw applied; undefined: whatever is attached */
  couponIds?: number[];
  idempotencyKey: string;
  requestHash: string;
  now: Date;
  /** tests only: runs after each step (throwing there makes the payment fail part-way) */
  afterStep?: (step: PaymentStep) => Promise<void> | void;
}

async function lockCustomer(tx: Tx, userId: number): Promise<void> {
  // one payment per customer at a time: a concurrent one waits, then finds its cart changed.
  // NO KEY UPDATE, not UPDATE: the idempotency claim's foreign key already holds KEY SHARE on this
  // row, and two payments upgrading that to UPDATE would deadlock each other (found on PostgreSQL
  // by the ledger property test)
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

function sameIds(a: number[], b: number[]): boolean {
  const x = [...new Set(a)].sort((m, n) => m - n);
  const y = [...new Set(b)].sort((m, n) => m - n);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** Uses every applied coupon once: re-checks it, then a guarded increment that cannot pass max_uses. */
async function useCoupons(tx: Tx, cart: ComputedCart, userId: number, now: Date): Promise<void> {
  for (const { coupon } of cart.coupons) {
    const refusal = await couponRefusalFor(tx, coupon, userId, cart.subtotalCredits, now);
    if (refusal) throw new AppError(409, refusal);
    const used = await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(and(eq(coupons.id, coupon.id), sql`(${coupons.maxUses} IS NULL OR ${coupons.uses} < ${coupons.maxUses})`))
      .returning({ id: coupons.id });
    if (used.length === 0) throw new AppError(409, CART_TEXTS.couponUsedUp);
  }
}

/**
 * The journal entries of a payment of total T = subtotal S - discount D + VAT V:
 * customer_credits -T, platform_revenue +S, platform_promotions -D, platform_vat +V (zeros left
 * out). Revenue is booked at list price; the discount is the promotions account's cost.
 */
export async function paymentEntries(
  tx: Tx,
  userId: number,
  cart: Pick<ComputedCart, 'subtotalCredits' | 'discountCredits' | 'vatCredits' | 'totalCredits'>,
): Promise<EntryInput[]> {
  const entries: EntryInput[] = [
    { account: await getOrCreateAccount(tx, userId, 'customer_credits'), amount: -cart.totalCredits },
    { account: await platformAccount(tx, 'platform_revenue'), amount: cart.subtotalCredits },
    { account: await platformAccount(tx, 'platform_promotions'), amount: -cart.discountCredits },
    { account: await platformAccount(tx, 'platform_vat'), amount: cart.vatCredits },
  ];
  return entries.filter((e) => e.amount !== 0);
}

interface ProjectToCreate {
  order: PricedOrder;
  itemIndex: number;
  netCredits: number;
  vatCredits: number;
}

/**
 * The project's name: the order's name (with the target language's name when the order has several
 * targets), else "<type>: <source> to <target>" in the names a person reads.
 */
function projectName(order: PricedOrder, item: { srcLang: string; tarLang: string }, names: ReferenceNames): string {
  const given = order.order.name?.trim();
  if (given) return order.items.length > 1 ? `${given} (${names.language(item.tarLang)})` : given;
  const type = names.type(order.order.projectType) || 'Translation';
  return `${type}: ${names.language(item.srcLang)} to ${names.language(item.tarLang)}`;
}

/**
 * The order files each project carries: its source files and the brief's reference files (every
 * project of an order gets both; the file row's context tells them apart on the project page).
 */
async function orderFileIds(tx: Tx, orderIds: number[]): Promise<Map<number, number[]>> {
  const rows = await tx
    .select({ id: purchaseOrderFiles.id, po: purchaseOrderFiles.purchaseOrderId })
    .from(purchaseOrderFiles)
    .where(inArray(purchaseOrderFiles.purchaseOrderId, orderIds))
    .orderBy(asc(purchaseOrderFiles.id));
  const byOrder = new Map<number, number[]>();
  for (const r of rows) byOrder.set(r.po, [...(byOrder.get(r.po) ?? []), r.id]);
  return byOrder;
}

/**
 * Auto-transfer (spec 2 §3, sub-account setting auto_transfer): when a sub-account pays with fewer
 * credits than the total and its parent turned auto-transfer on for it, the missing credits move from
 * the parent's credits to the sub-account's first, as one ledger transfer inside the payment's
 * transaction (so a failed payment moves nothing, and a retried payment, replayed by its
 * idempotency key, moves nothing again). Without the setting, or when the parent lacks the
 * credits too, the payment is refused (402) and nothing moves.
 */
async function autoTransferShortfall(
  tx: Tx,
  userId: number,
  totalCredits: number,
  balanceCredits: number,
  paymentKey: string,
  now: Date,
): Promise<void> {
  const shortfall = totalCredits - balanceCredits;
  const [link] = await tx
    .select({ parentId: subAccounts.parentId, autoTransfer: subAccounts.autoTransfer })
    .from(subAccounts)
    .where(eq(subAccounts.childId, userId));
  if (!link?.autoTransfer) throw new NotEnoughCreditsError(totalCredits, balanceCredits);
  const refuse = () => new NotEnoughCreditsError(totalCredits, balanceCredits, SUB_ACCOUNT_TEXTS.autoTransferShort);
  if ((await balanceOfOwner(tx, link.parentId, 'customer_credits')) < shortfall) throw refuse();
  try {
    await postTransaction(tx, {
      kind: 'transfer',
      description: `Auto-transfer from account #${link.parentId} to sub-account #${userId} for an order`,
      idempotencyKey: `auto-transfer:${userId}:${paymentKey}`,
      createdBy: userId,
      metadata: { from: link.parentId, to: userId, auto: true },
      // the payment's moment: the transfer is listed with (and before) the charge it makes possible
      occurredAt: now,
      entries: [
        { account: await getOrCreateAccount(tx, link.parentId, 'customer_credits'), amount: -shortfall },
        { account: await getOrCreateAccount(tx, userId, 'customer_credits'), amount: shortfall },
      ],
    });
  } catch (err) {
    if (err instanceof InsufficientFundsError) throw refuse();
    throw err;
  }
}

/** Debits the cart's total from the customer's credits (one ledger transaction, keyed per request). */
async function chargeCart(
  tx: Tx,
  userId: number,
  cart: ComputedCart,
  applied: number[],
  idempotencyKey: string,
  now: Date,
) {
  try {
    return await postTransaction(tx, {
      kind: 'order_payment',
      description: `Payment of ${cart.orders.length} order(s) with credits`,
      idempotencyKey: `cart-payment:${userId}:${idempotencyKey}`,
      createdBy: userId,
      metadata: { purchaseOrderIds: cart.orders.map((o) => o.order.id), couponIds: applied },
      occurredAt: now,
      entries: await paymentEntries(tx, userId, cart),
    });
  } catch (err) {
    if (err instanceof InsufficientFundsError) {
      const balance = await balanceOfOwner(tx, userId, 'customer_credits');
      throw new NotEnoughCreditsError(cart.totalCredits, balance);
    }
    throw err;
  }
}

/**
 * One project per order item, with the discount spread over the projects in proportion to their
 * prices, and the VAT spread the same way over the net prices (integers summing exactly; the VAT is
 * refunded with the price on cancel).
 */
function planProjects(cart: ComputedCart): ProjectToCreate[] {
  const planned: ProjectToCreate[] = cart.orders.flatMap((order) =>
    order.items.map((_, itemIndex) => ({ order, itemIndex, netCredits: 0, vatCredits: 0 })),
  );
  const shares = splitProportionally(
    cart.discountCredits,
    planned.map((p) => p.order.items[p.itemIndex].credits),
  );
  planned.forEach((p, i) => {
    p.netCredits = p.order.items[p.itemIndex].credits - shares[i];
  });
  const vatShares = splitProportionally(
    cart.vatCredits,
    planned.map((p) => p.netCredits),
  );
  planned.forEach((p, i) => {
    p.vatCredits = vatShares[i];
  });
  return planned;
}

/** Inserts the planned projects, PENDING, opened to the customer's My Team first. */
async function createProjects(
  tx: Tx,
  userId: number,
  cart: ComputedCart,
  planned: ProjectToCreate[],
  names: ReferenceNames,
  ledgerTransactionId: number,
  now: Date,
) {
  // a customer with a My Team: their translators see the projects first, for a window
  const openToAllAt = await openToAllAtFor(tx, userId, now, PROJECT_LIMITS.myTeamFirstWindowMs);
  const files = await orderFileIds(
    tx,
    cart.orders.map((o) => o.order.id),
  );
  const created = await tx
    .insert(projects)
    .values(
      planned.map(({ order, itemIndex, netCredits, vatCredits }) => {
        const item = order.items[itemIndex];
        const o = order.order;
        return {
          customerId: userId,
          name: projectName(order, item, names),
          status: paidStatusOf(o.projectType),
          type: o.projectType,
          purchaseOrderId: o.id,
          sourceLanguage: item.srcLang,
          targetLanguage: item.tarLang,
          expertise: o.expertise,
          wordCount: item.wordCount,
          needProofreading: o.needProofreading,
          expedite: o.expedite,
          certificate: o.certificate,
          brief: o.brief,
          translationCategory: o.translationCategory,
          fileIds: files.get(o.id) ?? [],
          priceCredits: netCredits,
          listPriceCredits: item.credits,
          vatCredits,
          openToAllAt,
          deadline: item.deadline,
          ledgerTransactionId,
          createdAt: now,
        };
      }),
    )
    .returning();
  await recordProjectsOpened(tx, created, userId, now);
  await enqueueMtJobs(tx, created, now);
  return created;
}

/** The cart's orders from 'cart' to 'paid'; a concurrent change to any of them is 409. */
async function markOrdersPaid(tx: Tx, cart: ComputedCart, now: Date) {
  const paid = await tx
    .update(purchaseOrders)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(
      and(
        inArray(
          purchaseOrders.id,
          cart.orders.map((o) => o.order.id),
        ),
        eq(purchaseOrders.status, 'cart'),
      ),
    )
    .returning({ id: purchaseOrders.id });
  if (paid.length !== cart.orders.length) throw cartChanged();
}

/** The invoice of the payment, a line per project, with the coupons redeemed against it. */
async function invoiceCart(
  tx: Tx,
  userId: number,
  cart: ComputedCart,
  planned: ProjectToCreate[],
  names: ReferenceNames,
  ledgerTransactionId: number,
  now: Date,
) {
  const lines: InvoiceLine[] = planned.map(({ order, itemIndex }) => {
    const item = order.items[itemIndex];
    return {
      description: `${projectName(order, item, names)}: ${names.language(item.srcLang)} to ${names.language(item.tarLang)}, ${item.wordCount} words${orderAddOnNames(
        order.order,
      )
        .map((n) => ` + ${n}`)
        .join('')}`,
      quantity: 1,
      unitCredits: item.credits,
      totalCredits: item.credits,
    };
  });
  const invoice = await createInvoice(tx, {
    userId,
    kind: 'order',
    lines,
    subtotalCredits: cart.subtotalCredits,
    discountCredits: cart.discountCredits,
    vatCredits: cart.vatCredits,
    totalCredits: cart.totalCredits,
    ledgerTransactionId,
    now,
  });
  if (cart.coupons.length > 0) {
    await tx.insert(couponRedemptions).values(
      cart.coupons.map((c) => ({
        couponId: c.coupon.id,
        userId,
        invoiceId: invoice.id,
        discountCredits: c.discountCredits,
        createdAt: now,
      })),
    );
  }
  await tx.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
  return invoice;
}

/**
 * The payment, step by step in the caller's transaction: lock the customer, check the cart is the
 * one quoted, cover a sub-account's shortfall, use the coupons, charge, create the projects, mark
 * the orders paid, invoice. `afterStep` lets the tests fail it between steps.
 */
async function pay(tx: Tx, input: PayCartInput): Promise<TranslateNowResult> {
  const { userId, now } = input;
  await lockCustomer(tx, userId);
  const cart = await computeCart(tx, userId, now, { lock: true });
  if (cart.ck !== input.ck) throw cartChanged();
  if (cart.orders.length === 0) throw badRequest(CART_TEXTS.cartEmpty);
  const applied = cart.coupons.map((c) => c.coupon.id);
  if (input.couponIds !== undefined && !sameIds(input.couponIds, applied)) throw cartChanged();
  if (cart.balanceCredits < cart.totalCredits) {
    // a sub-account with auto-transfer: the main account covers the difference first (same transaction)
    await autoTransferShortfall(tx, userId, cart.totalCredits, cart.balanceCredits, input.idempotencyKey, now);
  }

  await useCoupons(tx, cart, userId, now);
  await input.afterStep?.('coupons');

  const posted = await chargeCart(tx, userId, cart, applied, input.idempotencyKey, now);
  await input.afterStep?.('ledger');

  const planned = planProjects(cart);
  const names = await referenceNames(tx, {
    languages: planned.flatMap(({ order, itemIndex }) => [
      order.items[itemIndex].srcLang,
      order.items[itemIndex].tarLang,
    ]),
  });
  const created = await createProjects(tx, userId, cart, planned, names, posted.id, now);
  await input.afterStep?.('projects');

  await markOrdersPaid(tx, cart, now);
  const invoice = await invoiceCart(tx, userId, cart, planned, names, posted.id, now);
  await input.afterStep?.('invoice');

  return {
    status: 'OK',
    projects: created.map((p) => ({
      id: p.id,
      name: p.name,
      targetLanguage: p.targetLanguage ?? '',
      status: p.status,
    })),
    invoice: { id: invoice.id, number: invoice.number, totalCredits: invoice.totalCredits },
    balance: await balanceOfOwner(tx, userId, 'customer_credits'),
  };
}

/**
 * Pays the customer's cart with credits, once per idempotency key: a retry answers the first
 * result and moves nothing again. Errors (stale cart key 409, not enough credits 402, a used-up
 * coupon 409) change nothing and store nothing, so the same key can be retried after fixing them.
 */
export async function payCartWithCredits(
  db: Db,
  input: PayCartInput,
  effects?: PaymentEffects,
): Promise<IdempotentResult<TranslateNowResult>> {
  const result = await withIdempotency(
    db,
    { userId: input.userId, key: input.idempotencyKey, requestHash: input.requestHash, now: input.now },
    async (tx) => ({ status: 200, body: await pay(tx, input) }),
  );
  if (effects && !result.replayed) {
    effects.bus.notify();
    // machine translation starts now rather than at the next scheduler tick
    effects.startMachineTranslation?.();
    await mailOpenedProjects(
      db,
      effects,
      result.body.projects.map((p) => p.id),
      input.now,
    );
    await mailSubmittedProjects(
      db,
      effects,
      result.body.projects.map((p) => p.id),
      result.body.invoice.number,
    );
    if (effects.alertBoxes) await alertLowBalance(db, effects, effects.alertBoxes, input.userId, result.body);
  }
  return result;
}

/** The low-balance client alert, when this payment took the credits below the threshold. */
async function alertLowBalance(
  db: Db,
  effects: PaymentEffects,
  boxes: AlertMailboxes,
  userId: number,
  paid: TranslateNowResult,
): Promise<void> {
  const before = paid.balance + paid.invoice.totalCredits;
  if (!(paid.balance < CLIENT_ALERT_LOW_BALANCE_CREDITS && before >= CLIENT_ALERT_LOW_BALANCE_CREDITS)) return;
  const mails = await clientAlertMails(db, boxes, userId, 'low_balance', {
    subject: `credits down to ${creditsToUsd(paid.balance)} USD`,
    text: `After paying invoice ${paid.invoice.number}, the customer has ${paid.balance} credits (${creditsToUsd(paid.balance)} USD) left, below ${creditsToUsd(CLIENT_ALERT_LOW_BALANCE_CREDITS)} USD.`,
  });
  await sendMailsAfterCommit(effects, mails, { userId, invoice: paid.invoice.number });
}

/** What a payment does after its commit: wake the realtime bus, mail the matching translators. */
export interface PaymentEffects {
  bus: RealtimeBus;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** where client alerts (low balance) routed to sales and support go; without, none */
  alertBoxes?: AlertMailboxes;
  /** runs the scheduler's due tasks (the machine-translation queue) without waiting for its tick */
  startMachineTranslation?: () => void;
}
