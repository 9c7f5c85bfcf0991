import type { Tx } from '../../db/client';
import { type EntryInput, getOrCreateAccount, platformAccount, postTransaction } from '../../platform/ledger';
import { creditNoteOfProject, issueCreditNote } from '../invoices/credit-note';
import type { ProjectRecord } from './present';

// The ledger postings of a project (ADR 0028). Each has
// a per-project idempotency key, so that even a caller that slipped past the status guard could
// not move the same credits twice. Zero amounts are left out; nothing to move posts nothing.

/** Earnings on completion: platform_revenue -> translator_pending (translator and editor). */
export async function postEarnings(tx: Tx, p: ProjectRecord, actorId: number | null): Promise<number | null> {
  const entries: EntryInput[] = [];
  let total = 0;
  if (p.translatorId && p.translatorEarningsCredits > 0) {
    entries.push({
      account: await getOrCreateAccount(tx, p.translatorId, 'translator_pending'),
      amount: p.translatorEarningsCredits,
    });
    total += p.translatorEarningsCredits;
  }
  if (p.editorId && p.editorEarningsCredits > 0) {
    entries.push({
      account: await getOrCreateAccount(tx, p.editorId, 'translator_pending'),
      amount: p.editorEarningsCredits,
    });
    total += p.editorEarningsCredits;
  }
  if (total === 0) return null;
  entries.push({ account: await platformAccount(tx, 'platform_revenue'), amount: -total });
  const posted = await postTransaction(tx, {
    kind: 'earning',
    description: `Earnings of project ${p.id}`,
    idempotencyKey: `project:${p.id}:earning`,
    createdBy: actorId,
    metadata: { projectId: p.id },
    occurredAt: p.completedAt ?? undefined,
    entries,
  });
  return posted.id;
}

/** After the holding period: translator_pending -> translator_available, for each earner. */
export async function postEarningsRelease(tx: Tx, p: ProjectRecord): Promise<number | null> {
  const entries: EntryInput[] = [];
  const earners: [number | null, number][] = [
    [p.translatorId, p.translatorEarningsCredits],
    [p.editorId, p.editorEarningsCredits],
  ];
  for (const [userId, amount] of earners) {
    if (!userId || amount <= 0) continue;
    entries.push({ account: await getOrCreateAccount(tx, userId, 'translator_pending'), amount: -amount });
    entries.push({ account: await getOrCreateAccount(tx, userId, 'translator_available'), amount });
  }
  if (entries.length === 0) return null;
  const posted = await postTransaction(tx, {
    kind: 'release',
    description: `Earnings of project ${p.id} available`,
    idempotencyKey: `project:${p.id}:release`,
    metadata: { projectId: p.id },
    occurredAt: p.earningsReleasedAt ?? undefined,
    entries,
  });
  return posted.id;
}

/**
 * A refund to the customer: `priceCredits` from platform_revenue and `vatCredits` from
 * platform_vat, both to customer_credits, with the credit note that corrects the project's invoice.
 * At most one refund per project (cancel, or a resolved dispute).
 */
export async function postRefund(
  tx: Tx,
  p: ProjectRecord,
  amounts: { priceCredits: number; vatCredits: number },
  actorId: number | null,
  description = `Refund of project ${p.id}`,
  now?: Date,
): Promise<number | null> {
  const total = amounts.priceCredits + amounts.vatCredits;
  if (total <= 0) return null;
  const entries: EntryInput[] = [
    { account: await getOrCreateAccount(tx, p.customerId, 'customer_credits'), amount: total },
  ];
  if (amounts.priceCredits > 0) {
    entries.push({ account: await platformAccount(tx, 'platform_revenue'), amount: -amounts.priceCredits });
  }
  if (amounts.vatCredits > 0) {
    entries.push({ account: await platformAccount(tx, 'platform_vat'), amount: -amounts.vatCredits });
  }
  const posted = await postTransaction(tx, {
    kind: 'refund',
    description,
    idempotencyKey: `project:${p.id}:refund`,
    createdBy: actorId,
    metadata: { projectId: p.id, ...amounts },
    occurredAt: now,
    entries,
  });
  if (!(await creditNoteOfProject(tx, p.id))) await issueCreditNote(tx, p, amounts, posted.id, now);
  return posted.id;
}
