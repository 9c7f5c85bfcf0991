import { eq } from 'drizzle-orm';
import { projectTags } from '../../../db/schema';
import type { Outcome } from '../service';
import { authorizeOn, done, lockFor, type MoveContext } from './context';

/** POST /api/2/projects/{id}/tags: replaces the project's tags (trimmed and distinct: projectTagsSchema). */
export async function setTags(ctx: MoveContext, projectId: number, tags: string[]): Promise<Outcome> {
  const { project, role } = await lockFor(ctx, projectId);
  authorizeOn(ctx, 'project.tag', { project, role });
  await ctx.tx.delete(projectTags).where(eq(projectTags.projectId, project.id));
  if (tags.length > 0) await ctx.tx.insert(projectTags).values(tags.map((tag) => ({ projectId: project.id, tag })));
  return done(project.id, [], false);
}
