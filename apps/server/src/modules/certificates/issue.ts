import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  type CertificateRow,
  type CertifiedFile,
  certificates,
  projectResources,
  type projects,
  users,
} from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { newCertificateNumber } from './number';

// Issuing the certificate of a certified project, in the transaction that completes it
// (projects/moves/complete.ts): the delivered files are hashed from storage as they are now (no
// file can be replaced after completion), and the row keeps them with the translator's name.

type Completed = Pick<
  typeof projects.$inferSelect,
  'id' | 'certificate' | 'translatorId' | 'editorId' | 'sourceLanguage' | 'targetLanguage'
>;

/** A file the certificate cannot name: completing is refused (and the auto-complete tries again later). */
const fileMissing = () =>
  new AppError(409, 'A delivered file is missing, so the certificate cannot be issued. Please contact support.');

async function sha256Of(storage: Storage, storageId: string): Promise<string> {
  if (!(await storage.stat(storageId))) throw fileMissing();
  const hash = createHash('sha256');
  for await (const chunk of await storage.get(storageId)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The files the customer received as the final work: the editor's when an editor delivered, else
 * the translator's.
 */
async function deliveredFiles(tx: Tx, storage: Storage, projectId: number): Promise<CertifiedFile[]> {
  const rows = await tx
    .select()
    .from(projectResources)
    .where(and(eq(projectResources.projectId, projectId), inArray(projectResources.context, ['translation', 'edited'])))
    .orderBy(asc(projectResources.id));
  const edited = rows.filter((r) => r.context === 'edited');
  const final = edited.length > 0 ? edited : rows;
  const files: CertifiedFile[] = [];
  for (const r of final) {
    files.push({ name: r.fileName, size: r.sizeBytes, sha256: await sha256Of(storage, r.storageId) });
  }
  return files;
}

/**
 * Issues the project's certificate when it was ordered with one; answers it (the one already issued
 * when there is one: issuing twice writes nothing), or null for a project without the option.
 */
export async function issueCertificate(
  tx: Tx,
  storage: Storage,
  project: Completed,
  now: Date,
): Promise<CertificateRow | null> {
  if (!project.certificate) return null;
  const [existing] = await tx.select().from(certificates).where(eq(certificates.projectId, project.id));
  if (existing) return existing;
  const [translator] = project.translatorId
    ? await tx.select({ name: users.name }).from(users).where(eq(users.id, project.translatorId))
    : [];
  const files = await deliveredFiles(tx, storage, project.id);
  // a clash of two random numbers is all but impossible; a fresh draw settles it
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(certificates)
      .values({
        number: newCertificateNumber(now),
        projectId: project.id,
        translatorId: project.translatorId,
        translatorName: translator?.name ?? 'Parlance translator',
        sourceLanguage: project.sourceLanguage,
        targetLanguage: project.targetLanguage,
        files,
        issuedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    const [raced] = await tx.select().from(certificates).where(eq(certificates.projectId, project.id));
    if (raced) return raced;
  }
  throw new Error(`no free certificate number for project ${project.id}`);
}
