import { PROJECT_TEXTS } from '@parlance/shared';
import { badRequest } from '../../../platform/errors';
import { postRefund } from '../money';
import { moveNotAllowed, mustMove, type Outcome } from '../service';
import { scaledEarnings, vatRefundFor } from '../work-rules';
import { authorizeMove, auditMove, completionMails, done, lockForAdmin, type MoveContext } from './context';
import { complete } from './complete';

export type ResolveOutcome = 'refund' | 'partial' | 'pay';

/**
 * POST /api/2/admin/projects/{id}/resolve (DISPUTED): 'pay' completes and pays the earnings;
 * 'partial' refunds `refundCredits` (and that part of the VAT) and pays the earnings scaled to the
 * rest; 'refund' cancels with the full price and VAT back. Audited.
 */
export async function resolveDispute(
  ctx: MoveContext,
  projectId: number,
  outcome: ResolveOutcome,
  refundCredits?: number,
): Promise<Outcome> {
  const project = await lockForAdmin(ctx, projectId);
  const move = outcome === 'pay' ? 'resolve-pay' : outcome === 'partial' ? 'resolve-partial' : 'resolve-refund';
  authorizeMove(ctx, project, 'admin', move);
  if (outcome === 'refund') {
    const row = await mustMove(ctx.tx, project, 'resolve-refund', {
      actorId: ctx.user.id,
      now: ctx.now,
      note: 'Dispute resolved: full refund',
      set: { cancelledAt: ctx.now },
    });
    await postRefund(
      ctx.tx,
      row,
      { priceCredits: row.priceCredits, vatCredits: row.vatCredits },
      ctx.user.id,
      undefined,
      ctx.now,
    );
    await auditMove(ctx, 'project.resolve', row, {
      outcome,
      refundCredits: row.priceCredits,
      vatCredits: row.vatCredits,
    });
    return done(row.id);
  }
  if (outcome === 'pay') {
    const row = await complete(ctx.tx, project, 'resolve-pay', {
      actorId: ctx.user.id,
      now: ctx.now,
      storage: ctx.storage,
      note: 'Dispute resolved: translator paid',
    });
    if (!row) throw moveNotAllowed();
    await auditMove(ctx, 'project.resolve', row, { outcome });
    return done(row.id, await completionMails(ctx, row));
  }
  const refund = refundCredits ?? 0;
  if (!Number.isSafeInteger(refund) || refund < 1 || refund > project.priceCredits) {
    throw badRequest(PROJECT_TEXTS.partialRefundInvalid, { refundCredits: PROJECT_TEXTS.partialRefundInvalid });
  }
  const vatBack = vatRefundFor(project.vatCredits, project.priceCredits, refund);
  const row = await complete(ctx.tx, project, 'resolve-partial', {
    actorId: ctx.user.id,
    now: ctx.now,
    storage: ctx.storage,
    note: `Dispute resolved: ${refund} credits refunded`,
    set: {
      translatorEarningsCredits: scaledEarnings(project.translatorEarningsCredits, project.priceCredits, refund),
      editorEarningsCredits: scaledEarnings(project.editorEarningsCredits, project.priceCredits, refund),
    },
  });
  if (!row) throw moveNotAllowed();
  await postRefund(ctx.tx, row, { priceCredits: refund, vatCredits: vatBack }, ctx.user.id, undefined, ctx.now);
  await auditMove(ctx, 'project.resolve', row, { outcome, refundCredits: refund, vatCredits: vatBack });
  return done(row.id, await completionMails(ctx, row));
}
