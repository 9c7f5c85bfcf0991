import { and, eq, isNull } from 'drizzle-orm';
import {
  type CertificatePublic,
  CERTIFICATE_TEXTS,
  certificatePath,
  certificateStatement,
  normalizeCertificateNumber,
  type ProjectCertificate,
} from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { type CertificateRow, certificates } from '../../db/schema';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { referenceNames } from '../../platform/reference-names';

// Reading a certificate (by its public number, or by its project) and revoking one.

type Reader = Db | Tx;

export const certificateNotFound = () => notFound(CERTIFICATE_TEXTS.notFound);

/** The public verification page's address (what the QR code holds). */
export function verifyUrlOf(publicUrl: string, number: string): string {
  return `${publicUrl}${certificatePath(number)}`;
}

export async function findCertificateByNumber(db: Reader, raw: string): Promise<CertificateRow | undefined> {
  const number = normalizeCertificateNumber(raw);
  if (!number) return undefined;
  const [row] = await db.select().from(certificates).where(eq(certificates.number, number));
  return row;
}

export async function findCertificateOfProject(db: Reader, projectId: number): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.projectId, projectId));
  return row;
}

/** What anybody may read: what is certified and whether it still holds; no customer, price or content. */
export async function presentPublicCertificate(db: Reader, row: CertificateRow): Promise<CertificatePublic> {
  const names = await referenceNames(db, { languages: [row.sourceLanguage, row.targetLanguage] });
  const source = names.language(row.sourceLanguage) || 'the source language';
  const target = names.language(row.targetLanguage) || 'the target language';
  return {
    number: row.number,
    status: row.revokedAt ? 'revoked' : 'valid',
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    projectReference: `Project #${row.projectId}`,
    translatorName: row.translatorName,
    sourceLanguage: source,
    targetLanguage: target,
    files: row.files,
    statement: certificateStatement({ translator: row.translatorName, source, target }),
  };
}

export async function presentProjectCertificate(
  db: Reader,
  row: CertificateRow | undefined,
  publicUrl: string,
): Promise<ProjectCertificate> {
  if (!row) return { certificate: null };
  return {
    certificate: {
      ...(await presentPublicCertificate(db, row)),
      revokeReason: row.revokeReason,
      pdfUrl: `/api/2/projects/${row.projectId}/certificate/pdf`,
      verifyUrl: verifyUrlOf(publicUrl, row.number),
    },
  };
}

/**
 * Revokes a certificate, audited in the same transaction. A certificate already revoked stays as
 * the first revocation left it (its date, admin and reason): revoking twice answers as the first.
 */
export async function revokeCertificate(
  tx: Tx,
  raw: string,
  by: { actorId: number; ip?: string; now: Date; reason: string },
): Promise<CertificateRow> {
  const found = await findCertificateByNumber(tx, raw);
  if (!found) throw certificateNotFound();
  const [row] = await tx
    .update(certificates)
    .set({ revokedAt: by.now, revokedBy: by.actorId, revokeReason: by.reason })
    .where(and(eq(certificates.id, found.id), isNull(certificates.revokedAt)))
    .returning();
  if (!row) return (await findCertificateByNumber(tx, raw)) ?? found;
  await audit(tx, {
    actorId: by.actorId,
    action: 'certificate.revoke',
    targetType: 'project',
    targetId: row.projectId,
    details: { number: row.number, reason: by.reason },
    ip: by.ip,
  });
  return row;
}
