import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ledgerTransactions, partnerCommissions, projects, referrals, users } from '../../db/schema';
import { getOrCreateAccount, platformAccount, postTransaction } from '../../platform/ledger';
import { statementAccountOf } from '../statements/account-kind';
import { shortName } from './service';

// The partner's commission, credited through the ledger when a referred customer's payment clears
// (ADR 0096). A project's payment clears when the project is COMPLETED: no move leaves that status
// and nothing refunds a completed project any more (cancel is only before work starts, a dispute only
// before completion, and a partial refund of a dispute is posted in the completing transaction).
// The base is what the customer paid for the project, VAT excluded, less what was refunded of it.
// One partner_commissions row per project, inserted first in the crediting transaction: a second
// run (another instance, a retry) waits on that key and finds the project judged; the ledger posting
// has its own per-project idempotency key as well.

/** At most this many projects per run; the rest wait for the next minute. */
const BATCH = 200;

/** Completed projects of referred customers that no commission row judged yet, oldest first. */
export async function clearedWithoutCommission(db: Db, limit = BATCH): Promise<number[]> {
  const rows = await db
    .select({ id: projects.id })
    .from(referrals)
    .innerJoin(projects, and(eq(projects.customerId, referrals.referredId), eq(projects.status, 'COMPLETED')))
    .leftJoin(partnerCommissions, eq(partnerCommissions.projectId, projects.id))
    .where(isNull(partnerCommissions.projectId))
    .orderBy(asc(projects.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The price credits refunded of a project (its one refund posting, if any). */
async function refundedPrice(db: Db | Tx, projectId: number): Promise<number> {
  const [row] = await db
    .select({ price: sql<string | null>`${ledgerTransactions.metadata}->>'priceCredits'` })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `project:${projectId}:refund`));
  return Number(row?.price ?? 0);
}

/** floor(base x percent): the partner's share, in whole credits. */
export function commissionOf(baseCredits: number, basisPoints: number): number {
  return Math.floor((baseCredits * basisPoints) / 10_000);
}

export function basisPointsOf(percent: number): number {
  return Math.round(percent * 100);
}

/**
 * Judges one project: credits the partner's commission when it cleared, once. Answers the credited
 * credits (0 when not cleared, not referred, judged before, or rounded to nothing).
 */
export async function creditCommission(db: Db, projectId: number, percent: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({
        id: projects.id,
        status: projects.status,
        customerId: projects.customerId,
        priceCredits: projects.priceCredits,
        partnerId: referrals.referrerId,
        customerName: users.name,
      })
      .from(projects)
      .innerJoin(referrals, eq(referrals.referredId, projects.customerId))
      .innerJoin(users, eq(users.id, projects.customerId))
      .where(eq(projects.id, projectId));
    if (p?.status !== 'COMPLETED') return 0;
    const base = Math.max(0, p.priceCredits - (await refundedPrice(tx, p.id)));
    const basisPoints = basisPointsOf(percent);
    const commission = commissionOf(base, basisPoints);
    const [claimed] = await tx
      .insert(partnerCommissions)
      .values({
        projectId: p.id,
        partnerId: p.partnerId,
        customerId: p.customerId,
        baseCredits: base,
        basisPoints,
        commissionCredits: commission,
        status: 'none',
        createdAt: now,
      })
      .onConflictDoNothing({ target: partnerCommissions.projectId })
      .returning({ projectId: partnerCommissions.projectId });
    // judged already (a concurrent run committed first, or an earlier one)
    if (!claimed || commission <= 0) return 0;
    const [partner] = await tx.select({ type: users.type }).from(users).where(eq(users.id, p.partnerId));
    if (!partner) return 0;
    const posted = await postTransaction(tx, {
      kind: 'commission',
      description: `Partner commission: ${percent}% of project ${p.id} of ${shortName(p.customerName)}, referred by you`,
      idempotencyKey: `project:${p.id}:commission`,
      // not `projectId`: the partner's statement must not link to a project that is not theirs
      metadata: {
        referredProjectId: p.id,
        partnerId: p.partnerId,
        customerId: p.customerId,
        baseCredits: base,
        basisPoints,
      },
      occurredAt: now,
      entries: [
        { account: await platformAccount(tx, 'platform_revenue'), amount: -commission },
        { account: await getOrCreateAccount(tx, p.partnerId, statementAccountOf(partner)), amount: commission },
      ],
    });
    await tx
      .update(partnerCommissions)
      .set({ status: 'credited', ledgerTransactionId: posted.id })
      .where(eq(partnerCommissions.projectId, p.id));
    return commission;
  });
}

/** The scheduled task: credits every cleared project's commission; answers how many were judged. */
export async function creditClearedCommissions(
  deps: { db: Db; config: { referralCommissionPercent: number } },
  now: Date,
): Promise<number> {
  let judged = 0;
  for (const id of await clearedWithoutCommission(deps.db)) {
    await creditCommission(deps.db, id, deps.config.referralCommissionPercent, now);
    judged += 1;
  }
  return judged;
}
