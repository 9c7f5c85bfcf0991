import { eq } from 'drizzle-orm';
import { projects } from '../../../db/schema';
import { recordEvent } from '../../../platform/realtime';
import { type Outcome, peopleOf } from '../service';
import { authorizeOn, done, lockFor, type MoveContext } from './context';

/** POST /api/2/projects/{id}/name */
export async function renameProject(ctx: MoveContext, projectId: number, name: string): Promise<Outcome> {
  const { project, role } = await lockFor(ctx, projectId);
  authorizeOn(ctx, 'project.rename', { project, role });
  const [row] = await ctx.tx.update(projects).set({ name }).where(eq(projects.id, project.id)).returning();
  for (const userId of peopleOf(row)) {
    await recordEvent(ctx.tx, { userId, type: 'project.updated', payload: { projectId: row.id, status: row.status } });
  }
  return done(row.id);
}
