import { moveNotAllowed, type Outcome } from '../service';
import { authorizeMove, completionMails, done, lockFor, type MoveContext, repeatsLastMove } from './context';
import { complete } from './complete';

/** POST /api/2/projects/{id}/approve (READY -> COMPLETED, earnings pending for 72 hours). */
export async function approveProject(ctx: MoveContext, projectId: number): Promise<Outcome> {
  const { project, role } = await lockFor(ctx, projectId);
  // a second Approve of the same person (a double click) answers the completed project
  if (await repeatsLastMove(ctx, project, 'approve')) return done(project.id, [], false);
  authorizeMove(ctx, project, role, 'approve');
  const row = await complete(ctx.tx, project, 'approve', { actorId: ctx.user.id, now: ctx.now, storage: ctx.storage });
  if (!row) throw moveNotAllowed();
  return done(row.id, await completionMails(ctx, row));
}
