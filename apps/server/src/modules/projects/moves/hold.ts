import { mustMove, type Outcome } from '../service';
import { authorizeMove, auditMove, done, lockForAdmin, type MoveContext, repeatsLastMove } from './context';

// The admin's hold and release (audited). A repeat of the admin's own hold or release (a double
// click) answers the project as it is.

/** POST /api/2/admin/projects/{id}/hold: any unfinished status -> HOLD, remembering it. */
export async function holdProject(ctx: MoveContext, projectId: number): Promise<Outcome> {
  const project = await lockForAdmin(ctx, projectId);
  if (await repeatsLastMove(ctx, project, 'hold')) return done(project.id, [], false);
  authorizeMove(ctx, project, 'admin', 'hold');
  const row = await mustMove(ctx.tx, project, 'hold', {
    actorId: ctx.user.id,
    now: ctx.now,
    set: { statusBeforeHold: project.status },
  });
  await auditMove(ctx, 'project.hold', row, { from: project.status });
  return done(row.id);
}

/** POST /api/2/admin/projects/{id}/release: HOLD -> the status before the hold. */
export async function releaseProject(ctx: MoveContext, projectId: number): Promise<Outcome> {
  const project = await lockForAdmin(ctx, projectId);
  if (await repeatsLastMove(ctx, project, 'release')) return done(project.id, [], false);
  authorizeMove(ctx, project, 'admin', 'release');
  const row = await mustMove(ctx.tx, project, 'release', {
    actorId: ctx.user.id,
    now: ctx.now,
    set: { statusBeforeHold: null },
  });
  await auditMove(ctx, 'project.release', row, { to: row.status });
  return done(row.id);
}
