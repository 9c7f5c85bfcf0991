import type { Tx } from '../../db/client';
import { getOrCreateAccount, platformAccount, postTransaction } from '../../platform/ledger';

// The ledger postings of a payout's life (ADR 0063). Each has a per-request
// idempotency key, so a flow runs at most once however often a caller (a retried callback, two
// scheduler runs) asks: a failed payout returns its credits exactly once.

interface RequestRow {
  id: number;
  userId: number;
  amount: number;
  fee: number;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
}

/** request: translator_available -> translator_payout_pending (refused when not enough available). */
export async function postPayoutRequest(tx: Tx, r: RequestRow): Promise<void> {
  await postTransaction(tx, {
    kind: 'payout_request',
    description: `Payout request ${r.id}`,
    idempotencyKey: `payout:${r.id}:request`,
    createdBy: r.userId,
    metadata: { payoutRequestId: r.id },
    occurredAt: r.createdAt,
    entries: [
      { account: await getOrCreateAccount(tx, r.userId, 'translator_available'), amount: -r.amount },
      { account: await getOrCreateAccount(tx, r.userId, 'translator_payout_pending'), amount: r.amount },
    ],
  });
}

/**
 * The credits come back: translator_payout_pending -> translator_available. `why` is cancel (by
 * the translator) or return (failed at the provider, rejected by an admin); one key for both, so
 * whichever happens first is the only one that moves credits.
 */
export async function postPayoutBack(
  tx: Tx,
  r: RequestRow,
  why: 'cancel' | 'return',
  actorId: number | null,
): Promise<void> {
  await postTransaction(tx, {
    kind: why === 'cancel' ? 'payout_cancel' : 'payout_return',
    description: why === 'cancel' ? `Payout request ${r.id} cancelled` : `Payout ${r.id} returned`,
    idempotencyKey: `payout:${r.id}:back`,
    createdBy: actorId,
    metadata: { payoutRequestId: r.id },
    occurredAt: r.updatedAt,
    entries: [
      { account: await getOrCreateAccount(tx, r.userId, 'translator_payout_pending'), amount: -r.amount },
      { account: await getOrCreateAccount(tx, r.userId, 'translator_available'), amount: r.amount },
    ],
  });
}

/**
 * Paid: translator_payout_pending -amount; platform_payouts +(amount - fee) (the money that left
 * the platform, mirrored like payments received); platform_revenue +fee.
 */
export async function postPayoutPaid(tx: Tx, r: RequestRow): Promise<void> {
  const net = r.amount - r.fee;
  const entries = [{ account: await getOrCreateAccount(tx, r.userId, 'translator_payout_pending'), amount: -r.amount }];
  if (net > 0) entries.push({ account: await platformAccount(tx, 'platform_payouts'), amount: net });
  if (r.fee > 0) entries.push({ account: await platformAccount(tx, 'platform_revenue'), amount: r.fee });
  await postTransaction(tx, {
    kind: 'payout',
    description: `Payout ${r.id} paid`,
    idempotencyKey: `payout:${r.id}:paid`,
    metadata: { payoutRequestId: r.id, fee: r.fee },
    occurredAt: r.paidAt ?? r.updatedAt,
    entries,
  });
}
