import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  canMovePayout,
  PAYOUT_CONFIG,
  PAYOUT_METHODS,
  PAYOUT_RAIL_ERRORS,
  PAYOUT_METHOD_TEXTS,
  PAYOUT_METHOD_LABELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_TEXTS,
  payoutAmountProblem,
  payoutFee,
  type PayoutMethod,
  type PayoutStatus,
} from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { payoutMethods, payoutRequestHistory, payoutRequests } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { balanceOfOwner } from '../../platform/ledger';
import { writeUserMessage } from '../../platform/messages';
import { postPayoutBack, postPayoutPaid, postPayoutRequest } from './ledger-flows';
import type { PayoutProvider, ProviderItemResult, SentItem } from '../../platform/payouts/provider';

export type PayoutRow = typeof payoutRequests.$inferSelect;

const DAY_MS = 24 * 3600_000;

/** The target payment date: `targetBusinessDays` working days after the request. */
export function targetDateOf(now: Date): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  let left = PAYOUT_CONFIG.targetBusinessDays;
  while (left > 0) {
    d.setTime(d.getTime() + DAY_MS);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return d;
}

/** An amount of credits as the translator reads it in messages: dollars, with the credits beside them. */
const usd = (n: number) =>
  `$${(n / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const credits = (n: number) => `${usd(n)} (${n.toLocaleString('en-US')} credits)`;

/**
 * Moves a request along the state machine, writing its history, the translator's message and the
 * ledger flow of the move, all in `tx`. The UPDATE is conditional on the current status, so two
 * concurrent movers cannot both win; a refused move throws 400 and changes nothing.
 */
export async function movePayout(
  tx: Tx,
  row: PayoutRow,
  to: PayoutStatus,
  opts: { actorId: number | null; remark?: string | null; now: Date; providerRef?: string },
): Promise<PayoutRow> {
  if (!canMovePayout(row.status, to)) {
    throw badRequest(
      `A ${PAYOUT_STATUS_LABELS[row.status].toLowerCase()} payout cannot become ${PAYOUT_STATUS_LABELS[to].toLowerCase()}`,
    );
  }
  const [moved] = await tx
    .update(payoutRequests)
    .set({
      status: to,
      updatedAt: opts.now,
      ...(to === 'paid' ? { paidAt: opts.now } : {}),
      ...(opts.providerRef ? { providerRef: opts.providerRef } : {}),
    })
    .where(and(eq(payoutRequests.id, row.id), eq(payoutRequests.status, row.status)))
    .returning();
  if (!moved) throw badRequest('The payout changed meanwhile; reload and try again');
  if (to === 'cancelled') await postPayoutBack(tx, moved, 'cancel', opts.actorId);
  if (to === 'failed' || to === 'rejected') await postPayoutBack(tx, moved, 'return', opts.actorId);
  if (to === 'paid') await postPayoutPaid(tx, moved);
  await tx.insert(payoutRequestHistory).values({
    requestId: moved.id,
    status: to,
    actorId: opts.actorId,
    remark: opts.remark ?? null,
    createdAt: opts.now,
  });
  const what = `${credits(moved.amount)} by ${PAYOUT_METHOD_LABELS[moved.method]}`;
  const bodies: Record<PayoutStatus, string> = {
    pending: `Your payout of ${what} is requested.`,
    processing: `Your payout of ${what} was sent to ${PAYOUT_METHOD_LABELS[moved.method]}.`,
    on_hold: `Your payout of ${what} is on hold at the provider.`,
    paid: `Your payout of ${what} is paid: you receive ${usd(moved.amount - moved.fee)} after the fee of ${usd(moved.fee)}.`,
    failed: `Your payout of ${what} failed; the credits are available again.`,
    cancelled: `You cancelled your payout of ${what}; the credits are available again.`,
    rejected: `Your payout of ${what} was rejected; the credits are available again.`,
  };
  await writeUserMessage(tx, {
    userId: moved.userId,
    type: 'payout',
    subject: `Payout ${PAYOUT_STATUS_LABELS[to].toLowerCase()}`,
    body: opts.remark ? `${bodies[to]} ${opts.remark}` : bodies[to],
    link: '/balance',
    now: opts.now,
  });
  return moved;
}

/** A translator's request: checks the method on file, the minimum and the balance; parks the credits. */
export async function requestPayout(
  tx: Tx,
  userId: number,
  input: { amount: number; method: PayoutMethod },
  now: Date,
  rails?: Pick<PayoutProvider, 'railOf'>,
): Promise<PayoutRow> {
  // what is not connected is not sold: no request by a method no provider pays
  if (rails?.railOf(input.method) === 'not_connected') {
    const text = PAYOUT_RAIL_ERRORS.notConnected(PAYOUT_METHOD_LABELS[input.method]);
    throw badRequest(text, { method: text });
  }
  const [method] = await tx
    .select()
    .from(payoutMethods)
    .where(and(eq(payoutMethods.userId, userId), eq(payoutMethods.method, input.method)));
  if (!method) throw badRequest(PAYOUT_TEXTS.unknownMethod, { method: PAYOUT_TEXTS.unknownMethod });
  if (method.status !== 'active') {
    throw badRequest(PAYOUT_METHOD_TEXTS.notActive, { method: PAYOUT_METHOD_TEXTS.notActive });
  }
  const available = await balanceOfOwner(tx, userId, 'translator_available');
  const problem = payoutAmountProblem(input.amount, input.method, available);
  if (problem) throw badRequest(problem, { amount: problem });
  const fee = payoutFee(input.method, input.amount);
  const [row] = await tx
    .insert(payoutRequests)
    .values({
      userId,
      method: input.method,
      account: method.account,
      amount: input.amount,
      fee,
      status: 'pending',
      targetDate: targetDateOf(now),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  // the ledger's CHECK refuses an overdraft a concurrent request caused (402, all rolled back)
  await postPayoutRequest(tx, row);
  await tx
    .insert(payoutRequestHistory)
    .values({ requestId: row.id, status: 'pending', actorId: userId, createdAt: now });
  await writeUserMessage(tx, {
    userId,
    type: 'payout',
    subject: 'Payout requested',
    body: `Your payout of ${credits(row.amount)} by ${PAYOUT_METHOD_LABELS[row.method]} is requested; fee ${usd(fee)}.`,
    link: '/balance',
    now,
  });
  return row;
}

/** The owner cancels a pending request (anyone else's is not found). */
export async function cancelPayout(tx: Tx, userId: number, id: number, now: Date): Promise<PayoutRow> {
  const [row] = await tx
    .select()
    .from(payoutRequests)
    .where(and(eq(payoutRequests.id, id), eq(payoutRequests.userId, userId)));
  if (!row) throw notFound();
  if (row.status !== 'pending') throw badRequest(PAYOUT_TEXTS.notPending);
  return movePayout(tx, row, 'cancelled', { actorId: userId, now });
}

export async function listOwnPayouts(db: Db, userId: number, page: number, limit: number) {
  // a cancelled request leaves the list ("the row disappears"); its history stays in the database
  const where = and(eq(payoutRequests.userId, userId), ne(payoutRequests.status, 'cancelled'));
  const rows = await db
    .select()
    .from(payoutRequests)
    .where(where)
    .orderBy(desc(payoutRequests.createdAt), desc(payoutRequests.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [{ n }] = await db.select({ n: count() }).from(payoutRequests).where(where);
  const history = rows.length
    ? await db
        .select()
        .from(payoutRequestHistory)
        .where(
          inArray(
            payoutRequestHistory.requestId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(payoutRequestHistory.id))
    : [];
  return { rows, totalCount: n, history };
}

/**
 * Hands requests already moved to processing (and committed) to their provider, then records its
 * answers: a reference, or a refusal (PayPal's validation: the request fails with the provider's
 * words and the credits return through the failed flow). A request the provider did not answer for
 * stays processing without a reference; the poll sends it again, under the same idempotency id, so
 * it is paid at most once. Nothing is held locked while the provider is asked, and a request on its
 * way to the provider is no longer pending: the translator cannot cancel what may be paid.
 */
export async function deliverToProvider(
  db: Db,
  provider: PayoutProvider,
  rows: PayoutRow[],
  now: Date,
): Promise<Map<number, SentItem>> {
  if (rows.length === 0) return new Map();
  const answers = await provider.sendBatch(
    rows.map((r) => ({ requestId: r.id, method: r.method, account: r.account, netCredits: r.amount - r.fee })),
    now,
  );
  for (const row of rows) {
    const answer = answers.get(row.id);
    if (!answer) continue;
    await db.transaction(async (tx) => {
      const [fresh] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, row.id)).for('update');
      if (fresh?.status !== 'processing' || fresh.providerRef) return;
      if ('ref' in answer) {
        await tx.update(payoutRequests).set({ providerRef: answer.ref }).where(eq(payoutRequests.id, row.id));
        return;
      }
      await movePayout(tx, fresh, 'failed', { actorId: null, remark: answer.refused, now });
    });
  }
  return answers;
}

/**
 * pending -> processing for the requests of `rows` a provider can pay (in `tx`, rows locked by the
 * caller); a method that is not connected stays pending.
 */
export async function markSending(
  tx: Tx,
  provider: PayoutProvider,
  rows: PayoutRow[],
  actorId: number | null,
  now: Date,
): Promise<PayoutRow[]> {
  const moved: PayoutRow[] = [];
  for (const row of rows) {
    if (provider.railOf(row.method) === 'not_connected') continue;
    moved.push(await movePayout(tx, row, 'processing', { actorId, now }));
  }
  return moved;
}

/** Sends pending requests to the provider (an admin's payout): pending -> processing. */
export async function sendToProvider(
  db: Db,
  provider: PayoutProvider,
  ids: number[],
  actorId: number | null,
  now: Date,
): Promise<number> {
  const moved = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(payoutRequests)
      .where(and(inArray(payoutRequests.id, ids), eq(payoutRequests.status, 'pending')))
      .orderBy(asc(payoutRequests.id))
      .for('update');
    return markSending(tx, provider, rows, actorId, now);
  });
  await deliverToProvider(db, provider, moved, now);
  return moved.length;
}

/** The scheduler's poll of unsettled items (processing, on hold): applies what the provider says. */
export async function pollProvider(db: Db, provider: PayoutProvider, now: Date, logger: Logger): Promise<number> {
  // a wire is settled by finance by hand: nobody is asked about it
  const polled = PAYOUT_METHODS.filter((m) => provider.railOf(m) !== 'manual');
  const open = await db
    .select()
    .from(payoutRequests)
    .where(and(inArray(payoutRequests.status, ['processing', 'on_hold']), inArray(payoutRequests.method, polled)))
    .orderBy(asc(payoutRequests.id))
    .limit(100);
  let changed = 0;
  // sent but never answered (the provider was down, or we stopped before its answer was recorded):
  // asked again under the same idempotency id
  const unanswered = open.filter((r) => r.status === 'processing' && !r.providerRef);
  if (unanswered.length > 0) {
    try {
      await deliverToProvider(db, provider, unanswered, now);
    } catch (err) {
      logger.warn({ err, payoutRequestIds: unanswered.map((r) => r.id) }, 'the payout provider could not be reached');
    }
  }
  for (const row of open) {
    if (!row.providerRef) continue;
    let result: Awaited<ReturnType<PayoutProvider['status']>>;
    try {
      result = await provider.status({ ref: row.providerRef, requestId: row.id, method: row.method }, now);
    } catch (err) {
      // one payout the provider cannot answer for does not hold up the others; asked again next run
      logger.warn(
        { err, payoutRequestId: row.id, providerRef: row.providerRef },
        'the payout provider could not tell the status of a payout',
      );
      continue;
    }
    if (result.status === row.status || result.status === 'processing') continue;
    if (await applyProviderResult(db, row.id, result, now)) changed += 1;
  }
  return changed;
}

/**
 * The provider's word on one request (a poll's answer, a verified webhook event), applied where the
 * state machine allows it: the row is locked, so a poll and a webhook (or two deliveries of one
 * event) arriving together move it once; the ledger flows' keys make a second move impossible anyway.
 * `inTx` lets a caller do more in the same transaction (store the webhook's event id).
 */
export async function applyProviderResult(
  db: Db,
  requestId: number,
  result: ProviderItemResult,
  now: Date,
  inTx?: (tx: Tx) => Promise<boolean>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (inTx && !(await inTx(tx))) return false;
    const [fresh] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, requestId)).for('update');
    if (!fresh || result.status === 'processing' || !canMovePayout(fresh.status, result.status)) return false;
    await movePayout(tx, fresh, result.status, { actorId: null, remark: result.reason ?? null, now });
    return true;
  });
}

/** One request's history, oldest first. */
export function historyOf(db: Db, requestId: number) {
  return db
    .select()
    .from(payoutRequestHistory)
    .where(eq(payoutRequestHistory.requestId, requestId))
    .orderBy(asc(payoutRequestHistory.id));
}
