import { and, eq, inArray } from 'drizzle-orm';
import { isDbId } from '@parlance/shared';
import { projectMessages, projects } from '../../../db/schema';
import type { MailMessage } from '../../../platform/mail';
import { checkDiscussionPost, deliverDiscussionPost, holdDiscussionPost } from '../discussion-moderation';
import { presentMessage, type ProjectRecord } from '../present';
import { projectNotFound, requireViewing } from '../service';
import { authorizeOn, type MoveContext } from './context';

/**
 * Writes a discussion message; answers it and the mails to the project's other people (after commit).
 * A message the moderation engine flags is kept for moderation instead (discussion-moderation.ts):
 * only its author sees it until a moderator approves it.
 */
async function writeMessage(ctx: MoveContext, p: ProjectRecord, body: string) {
  const { tx, user, now } = ctx;
  const verdict = await checkDiscussionPost(tx, p, body, ctx.publicUrl, user.country);
  const [message] = await tx
    .insert(projectMessages)
    .values({
      projectId: p.id,
      authorId: user.id,
      body,
      createdAt: now,
      moderationStatus: verdict.flagged ? 'pending' : null,
    })
    .returning();
  if (verdict.flagged) {
    await holdDiscussionPost(tx, p, message, verdict, now);
    return { message, mails: [] as MailMessage[] };
  }
  const mails = await deliverDiscussionPost(tx, p, message, { id: user.id, name: user.name }, ctx.publicUrl, now);
  return { message, mails };
}

/** POST /api/2/projects/{id}/messages: the project's discussion (customer, translator, editor, admin). */
export async function postMessage(ctx: MoveContext, projectId: number, body: string) {
  const { project, role } = await requireViewing(ctx.tx, ctx.actor, projectId, ctx.now);
  authorizeOn(ctx, 'project.message', { project, role });
  const { message, mails } = await writeMessage(ctx, project, body);
  return { message: presentMessage(message, ctx.user.name, ctx.user.id), mails };
}

/**
 * POST /api/2/projects/bulk-message: one message to the translators of 2+ of the customer's own
 * projects. Any id that is not the customer's is 404; projects without a translator yet are skipped.
 */
export async function bulkMessage(
  ctx: MoveContext,
  projectIds: number[],
  message: string,
): Promise<{ sent: number; mails: MailMessage[] }> {
  const ids = projectIds;
  const text = message;
  authorizeOn(ctx, 'project.bulk-message', null);
  if (ids.some((id) => !isDbId(id))) throw projectNotFound();
  const rows = await ctx.tx
    .select()
    .from(projects)
    .where(and(inArray(projects.id, ids), eq(projects.customerId, ctx.user.id)));
  if (rows.length !== ids.length) throw projectNotFound();
  let sent = 0;
  const mails: MailMessage[] = [];
  for (const p of rows) {
    if (p.translatorId === null) continue;
    mails.push(...(await writeMessage(ctx, p, text)).mails);
    sent += 1;
  }
  return { sent, mails };
}
