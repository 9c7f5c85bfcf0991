import { eq } from 'drizzle-orm';
import { PROJECT_TEXTS } from '@parlance/shared';
import { users } from '../../../db/schema';
import { badRequest } from '../../../platform/errors';
import { translatorUpdateMail, workStartedMail } from '../mails';
import { mustMove, type Outcome, translatorLevel } from '../service';
import { earningsBase, translationDeadline, translatorEarnings } from '../work-rules';
import { authorizeMove, auditMove, done, lockForAdmin, mailCustomer, mailPerson, type MoveContext } from './context';

/** POST /api/2/admin/projects/{id}/reassign: another translator works on it (new deadline and share). */
export async function reassignProject(ctx: MoveContext, projectId: number, translatorId: number): Promise<Outcome> {
  const project = await lockForAdmin(ctx, projectId);
  authorizeMove(ctx, project, 'admin', 'reassign');
  const [target] = await ctx.tx.select().from(users).where(eq(users.id, translatorId));
  if (
    target?.type !== 'translator' ||
    target.id === project.customerId ||
    target.id === project.translatorId ||
    target.id === project.editorId
  ) {
    throw badRequest(PROJECT_TEXTS.reassignTargetInvalid, { translatorId: PROJECT_TEXTS.reassignTargetInvalid });
  }
  const level = await translatorLevel(ctx.tx, target.id);
  const row = await mustMove(ctx.tx, project, 'reassign', {
    actorId: ctx.user.id,
    now: ctx.now,
    note: `Reassigned to ${target.name}`,
    set: {
      translatorId: target.id,
      takenAt: ctx.now,
      deadline: translationDeadline(ctx.now, project.wordCount, project.expedite),
      translatorEarningsCredits: translatorEarnings(earningsBase(project), level),
    },
  });
  await auditMove(ctx, 'project.reassign', row, { from: project.translatorId, to: target.id });
  const mails = project.status === 'PENDING' ? await mailCustomer(ctx, row, workStartedMail) : [];
  const former = await mailPerson(ctx, project.translatorId, row, (url, to, p) =>
    translatorUpdateMail(url, to, p, 'reassigned'),
  );
  return done(row.id, [...mails, ...former]);
}
