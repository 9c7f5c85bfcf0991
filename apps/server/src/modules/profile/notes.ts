import { and, count, desc, eq } from 'drizzle-orm';
import { NOTE_TEXTS, type ProjectNote, type projectNoteInputSchema } from '@parlance/shared';
import type { z } from 'zod';
import type { Services } from '../../platform/services';
import { projectNotes, users } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';

// Project notes: a customer's reusable instructions for translators (/profile/custom_notes).

const MAX_NOTES = 100;

const present = (row: typeof projectNotes.$inferSelect): ProjectNote => ({
  id: row.id,
  title: row.title,
  content: row.content,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listNotes(deps: Services, userId: number): Promise<ProjectNote[]> {
  const rows = await deps.db
    .select()
    .from(projectNotes)
    .where(eq(projectNotes.userId, userId))
    .orderBy(desc(projectNotes.updatedAt), desc(projectNotes.id))
    .limit(MAX_NOTES);
  return rows.map(present);
}

export async function saveNote(
  deps: Services,
  userId: number,
  input: z.output<typeof projectNoteInputSchema>,
): Promise<ProjectNote> {
  const now = deps.clock.now();
  if (input.id) {
    const [row] = await deps.db
      .update(projectNotes)
      .set({ title: input.title, content: input.content, updatedAt: now })
      .where(and(eq(projectNotes.id, input.id), eq(projectNotes.userId, userId)))
      .returning();
    if (!row) throw notFound(NOTE_TEXTS.notFound);
    return present(row);
  }
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ n }] = await tx.select({ n: count() }).from(projectNotes).where(eq(projectNotes.userId, userId));
    if (n >= MAX_NOTES) throw badRequest(NOTE_TEXTS.limit);
    const [row] = await tx
      .insert(projectNotes)
      .values({ userId, title: input.title, content: input.content, createdAt: now, updatedAt: now })
      .returning();
    return present(row);
  });
}

export async function deleteNote(deps: Services, userId: number, id: number): Promise<void> {
  const removed = await deps.db
    .delete(projectNotes)
    .where(and(eq(projectNotes.id, id), eq(projectNotes.userId, userId)))
    .returning({ id: projectNotes.id });
  if (removed.length === 0) throw notFound(NOTE_TEXTS.notFound);
}
