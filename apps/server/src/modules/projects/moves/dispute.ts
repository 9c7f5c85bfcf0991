import { and, eq, inArray } from 'drizzle-orm';
import { WORKBENCH_TEXTS } from '@parlance/shared';
import { disputedSegments, workbenchSegments } from '../../../db/schema';
import { clientAlertMails } from '../../../platform/client-alerts';
import { AppError } from '../../../platform/errors';
import { mustMove, type Outcome } from '../service';
import { translatorUpdateMail } from '../mails';
import { authorizeMove, done, lockFor, mailPerson, type MoveContext, repeatsLastMove } from './context';

/** A segment the customer points at, with their comment (ADR 0112). */
export interface DisputedSegmentInput {
  id: number;
  comment: string;
}

/**
 * The segments the dispute points at replace any earlier set of the project. Each must be a
 * segment of this very project (the editor's segments of its files): 422 naming the others, and
 * nothing is disputed. Runs under the project's lock, after the move is authorized.
 */
async function storeDisputedSegments(
  ctx: MoveContext,
  projectId: number,
  picked: DisputedSegmentInput[],
): Promise<void> {
  await ctx.tx.delete(disputedSegments).where(eq(disputedSegments.projectId, projectId));
  if (picked.length === 0) return;
  const ids = picked.map((s) => s.id);
  const found = await ctx.tx
    .select({ id: workbenchSegments.id })
    .from(workbenchSegments)
    .where(and(eq(workbenchSegments.projectId, projectId), inArray(workbenchSegments.id, ids)));
  const known = new Set(found.map((r) => r.id));
  const foreign = ids.filter((id) => !known.has(id));
  if (foreign.length > 0) {
    const shown = foreign.slice(0, 5).join(', ') + (foreign.length > 5 ? ', …' : '');
    throw new AppError(422, WORKBENCH_TEXTS.disputeSegmentsForeign(shown));
  }
  await ctx.tx
    .insert(disputedSegments)
    .values(picked.map((s) => ({ projectId, segmentId: s.id, comment: s.comment, createdAt: ctx.now })));
}

/** POST /api/2/projects/{id}/dispute (READY -> DISPUTED): nothing is paid until an admin resolves it. */
export async function disputeProject(
  ctx: MoveContext,
  projectId: number,
  reason: string,
  segments: DisputedSegmentInput[] = [],
): Promise<Outcome> {
  const { project, role } = await lockFor(ctx, projectId);
  // the customer's second press of Dispute: the dispute stands as the first made it
  if (await repeatsLastMove(ctx, project, 'dispute')) return done(project.id, [], false);
  authorizeMove(ctx, project, role, 'dispute');
  const row = await mustMove(ctx.tx, project, 'dispute', {
    actorId: ctx.user.id,
    now: ctx.now,
    note: reason,
    set: { disputeReason: reason },
  });
  await storeDisputedSegments(ctx, row.id, segments);
  const alerts = ctx.alertBoxes
    ? await clientAlertMails(ctx.tx, ctx.alertBoxes, row.customerId, 'dispute', {
        subject: `project #${row.id} disputed`,
        text: `The customer disputed project #${row.id} (${row.name}): nothing is paid until an admin resolves it.\n\nReason: ${reason}\n\n${ctx.publicUrl}/project/${row.id}`,
      })
    : [];
  const translator = await mailPerson(ctx, row.translatorId, row, (url, to, p) =>
    translatorUpdateMail(url, to, p, 'disputed'),
  );
  return done(row.id, [...alerts, ...translator]);
}
