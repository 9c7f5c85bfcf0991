// Certificates of translation accuracy (ADR 0090): the texts and limits every side shares. The
// number is PC-<year>-XXXX-XXXX from a 32-letter alphabet without look-alikes (0/O, 1/I).

export const CERTIFICATE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A certificate number as people type it (any case, spaces around); what the lookup accepts. */
export const CERTIFICATE_NUMBER_PATTERN = /^PC-\d{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

export const CERTIFICATE_LIMITS = {
  revokeReasonMax: 500,
} as const;

export const CERTIFICATE_TEXTS = {
  notFound: 'No certificate has this number.',
  revokeReasonRequired: 'Give the reason for revoking the certificate.',
  revokeReasonTooLong: `The reason can be at most ${CERTIFICATE_LIMITS.revokeReasonMax} characters.`,
  hashInvalid: 'A SHA-256 is 64 characters, 0-9 and a-f.',
  /** the translator's statement on the certificate; {translator}, {source}, {target} filled in */
  statement:
    'I, {translator}, certify that I am competent to translate from {source} into {target}, and that the translation in the files listed below is, to the best of my knowledge and belief, a true, complete and accurate translation of the original document.',
} as const;

/** The statement with the names filled in. */
export function certificateStatement(v: { translator: string; source: string; target: string }): string {
  return CERTIFICATE_TEXTS.statement
    .replace('{translator}', v.translator)
    .replace('{source}', v.source)
    .replace('{target}', v.target);
}

/** The number normalised for lookup (upper case, no spaces), or null when it cannot be one. */
export function normalizeCertificateNumber(raw: string): string | null {
  const n = raw.trim().toUpperCase();
  return CERTIFICATE_NUMBER_PATTERN.test(n) ? n : null;
}

/** The public page of a certificate. */
export function certificatePath(number: string): string {
  return `/certificate/${encodeURIComponent(number)}`;
}
