import { clientAlertMails } from '../../../platform/client-alerts';
import { mustMove, type Outcome } from '../service';
import { translatorUpdateMail } from '../mails';
import { authorizeMove, done, lockFor, mailPerson, type MoveContext, repeatsLastMove } from './context';

/** POST /api/2/projects/{id}/dispute (READY -> DISPUTED): nothing is paid until an admin resolves it. */
export async function disputeProject(ctx: MoveContext, projectId: number, reason: string): Promise<Outcome> {
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
