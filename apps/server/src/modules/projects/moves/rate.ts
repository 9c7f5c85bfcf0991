import { eq } from 'drizzle-orm';
import { LOW_RATING_MAX, PROJECT_LIMITS } from '@parlance/shared';
import { projects } from '../../../db/schema';
import { recordEvent } from '../../../platform/realtime';
import { type Outcome, peopleOf } from '../service';
import { authorizeOn, done, lockFor, type MoveContext } from './context';

/** POST /api/2/projects/{id}/rating: 1..5; 3 or less needs a reason and a comment of 3+ characters. */
export async function rateProject(
  ctx: MoveContext,
  projectId: number,
  input: { rating: number; reasons: string[]; comment: string },
): Promise<Outcome> {
  const { project, role } = await lockFor(ctx, projectId);
  authorizeOn(ctx, 'project.rate', { project, role });
  const low = input.rating <= LOW_RATING_MAX;
  const comment = input.comment;
  const [row] = await ctx.tx
    .update(projects)
    .set({
      rating: input.rating,
      ratingReasons: low ? [...new Set(input.reasons)] : [],
      ratingComment: comment.slice(0, PROJECT_LIMITS.messageMaxLength) || null,
      ratedAt: ctx.now,
    })
    .where(eq(projects.id, project.id))
    .returning();
  for (const userId of peopleOf(row)) {
    await recordEvent(ctx.tx, { userId, type: 'project.updated', payload: { projectId: row.id, status: row.status } });
  }
  return done(row.id);
}
