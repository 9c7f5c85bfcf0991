import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

/** One delivered file as the certificate names it. */
export interface CertifiedFile {
  name: string;
  size: number;
  /** hex SHA-256 of the delivered bytes */
  sha256: string;
}

// A certificate of translation accuracy (ADR 0090): issued once, when a certified project completes,
// and public by its number. What it certifies is copied in at issue and never changes; only the
// revocation columns are written later.
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    /** PC-YYYY-XXXX-XXXX, random: the public handle, never the id */
    number: text('number').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    translatorId: integer('translator_id').references(() => users.id, { onDelete: 'set null' }),
    /** the translator's name as their public profile showed it at issue */
    translatorName: text('translator_name').notNull(),
    sourceLanguage: text('source_language'),
    targetLanguage: text('target_language'),
    files: jsonb('files').$type<CertifiedFile[]>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [uniqueIndex('certificates_number_uq').on(t.number), uniqueIndex('certificates_project_uq').on(t.projectId)],
);

export type CertificateRow = typeof certificates.$inferSelect;
