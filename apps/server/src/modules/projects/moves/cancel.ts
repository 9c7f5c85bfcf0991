import { PROJECT_TEXTS } from '@parlance/shared';
import { audit } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { startCardRefund } from '../../payments/card-refunds';
import { postRefund } from '../money';
import { type Outcome, tryMove } from '../service';
import { authorizeMove, done, lockFor, type MoveContext, repeatsLastMove } from './context';

/**
 * POST /api/2/projects/{id}/cancel (PENDING, PREPROCESSING -> CANCELLED) by the customer or an
 * admin: price and VAT share back to the customer's credits. The status guard in this
 * transaction makes a second click refund nothing; it answers the cancelled project.
 */
export async function cancelProject(
  ctx: MoveContext,
  projectId: number,
  /** the customer asked for the refund on their card, at this processor */
  toCard?: { provider: string },
): Promise<Outcome> {
  const { project, role } = await lockFor(ctx, projectId);
  if (await repeatsLastMove(ctx, project, 'cancel')) return done(project.id, [], false);
  authorizeMove(ctx, project, role, 'cancel');
  const row = await tryMove(ctx.tx, project, 'cancel', {
    actorId: ctx.user.id,
    now: ctx.now,
    set: { cancelledAt: ctx.now },
  });
  if (!row) throw new AppError(409, PROJECT_TEXTS.cancelOnlyPending);
  await postRefund(
    ctx.tx,
    row,
    { priceCredits: row.priceCredits, vatCredits: row.vatCredits },
    ctx.user.id,
    undefined,
    ctx.now,
  );
  // the card is the customer's own choice; staff cancel to credits
  if (toCard) {
    if (role !== 'customer') throw new AppError(403, PROJECT_TEXTS.refundToCardUnavailable);
    await startCardRefund(ctx.tx, row, toCard.provider, ctx.user.id, ctx.now);
  }
  if (role === 'admin') {
    await audit(ctx.tx, {
      actorId: ctx.user.id,
      action: 'project.cancel',
      targetType: 'project',
      targetId: row.id,
      details: { refundCredits: row.priceCredits + row.vatCredits },
      ip: ctx.ip,
    });
  }
  return done(row.id);
}
