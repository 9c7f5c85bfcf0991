import { and, count, desc, eq } from 'drizzle-orm';
import { GLOSSARY_MAX_FILES, LANGUAGE_ASSET_TEXTS, type GlossaryFile } from '@parlance/shared';
import { glossaryFiles, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import type { Services } from '../../platform/services';

// Glossary files: reference documents a customer keeps for translators (stored as they are, not
// parsed; terminology is the parsed kind). Only their owner lists, downloads or deletes them.

export const GLOSSARY_MIME: Record<string, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  tbx: 'application/x-tbx+xml',
  txt: 'text/plain',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

export function presentGlossary(row: typeof glossaryFiles.$inferSelect): GlossaryFile {
  return {
    id: row.id,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    downloadUrl: `/api/2/account/${row.userId}/glossary/${row.id}`,
  };
}

export async function listGlossary(db: Db, userId: number, page: number, limit: number) {
  const [{ n }] = await db.select({ n: count() }).from(glossaryFiles).where(eq(glossaryFiles.userId, userId));
  const rows = await db
    .select()
    .from(glossaryFiles)
    .where(eq(glossaryFiles.userId, userId))
    .orderBy(desc(glossaryFiles.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { results: rows.map(presentGlossary), totalCount: n };
}

export async function addGlossary(
  deps: Services,
  userId: number,
  file: { storageId: string; fileName: string; ext: string; size: number },
): Promise<GlossaryFile> {
  try {
    const row = await deps.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [{ n }] = await tx.select({ n: count() }).from(glossaryFiles).where(eq(glossaryFiles.userId, userId));
      if (n >= GLOSSARY_MAX_FILES) throw badRequest(LANGUAGE_ASSET_TEXTS.glossaryLimit);
      const [inserted] = await tx
        .insert(glossaryFiles)
        .values({
          userId,
          storageId: file.storageId,
          fileName: file.fileName,
          mime: GLOSSARY_MIME[file.ext] ?? 'application/octet-stream',
          sizeBytes: file.size,
          createdAt: deps.clock.now(),
        })
        .returning();
      return inserted;
    });
    return presentGlossary(row);
  } catch (error) {
    await deps.storage.delete(file.storageId);
    throw error;
  }
}

export async function ownGlossary(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(glossaryFiles)
    .where(and(eq(glossaryFiles.id, id), eq(glossaryFiles.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function deleteGlossary(deps: Services, userId: number, id: number): Promise<void> {
  const [row] = await deps.db
    .delete(glossaryFiles)
    .where(and(eq(glossaryFiles.id, id), eq(glossaryFiles.userId, userId)))
    .returning();
  if (!row) throw notFound();
  await deps.storage.delete(row.storageId);
}
