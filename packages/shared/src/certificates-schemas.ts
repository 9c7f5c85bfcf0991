import { z } from './zod';
import { CERTIFICATE_LIMITS, CERTIFICATE_TEXTS } from './certificates';

// The zod schemas of certificates.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

export const certifiedFileSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});

/** What anybody may read of a certificate by its number (no customer, no price, no content). */
export const certificatePublicSchema = z.object({
  number: z.string(),
  status: z.enum(['valid', 'revoked']),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  /** e.g. "Project #42" */
  projectReference: z.string(),
  translatorName: z.string(),
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  files: z.array(certifiedFileSchema),
  statement: z.string(),
});
export type CertificatePublic = z.infer<typeof certificatePublicSchema>;

/** The certificate as the project's people and staff see it on the project page. */
export const projectCertificateSchema = z.object({
  certificate: certificatePublicSchema
    .extend({
      revokeReason: z.string().nullable(),
      /** the PDF, for the project's people and staff */
      pdfUrl: z.string(),
      /** the public verification page */
      verifyUrl: z.string(),
    })
    .nullable(),
});
export type ProjectCertificate = z.infer<typeof projectCertificateSchema>;

export const certificateRevokeSchema = z.object({
  reason: z
    .string({ message: CERTIFICATE_TEXTS.revokeReasonRequired })
    .trim()
    .min(1, CERTIFICATE_TEXTS.revokeReasonRequired)
    .max(CERTIFICATE_LIMITS.revokeReasonMax, CERTIFICATE_TEXTS.revokeReasonTooLong),
});
