import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { qaChecks, type QaWarning } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { languages, terminologySets, terminologyTerms, workbenchSegments } from '../../db/schema';
import type { ProjectRecord } from '../projects/present';
import type { WorkbenchSegmentRow } from './access';
import { pairOf } from './open';

// The quality checks of the editor (packages/shared workbench-qa.ts qaChecks, with the customer's
// terms found in each source through findTerms): run on a confirmed segment when it is saved, and
// over every segment before delivery.

export interface QaTerm {
  source: string;
  target: string;
  note: string;
}

export interface QaContext {
  sourceLang: string;
  targetLang: string;
  terms: QaTerm[];
}

/** The most terms read for the checks (the machine translation's limit too). */
export const TERMS_MAX = 2_000;

/** The customer's terminology for the project's pair, in the order it was imported (one read). */
export async function termsFor(
  db: Db | Tx,
  project: Pick<ProjectRecord, 'customerId' | 'sourceLanguage' | 'targetLanguage'>,
): Promise<QaTerm[]> {
  if (!project.sourceLanguage || !project.targetLanguage) return [];
  const source = alias(languages, 'source_language');
  const target = alias(languages, 'target_language');
  return db
    .select({ source: terminologyTerms.source, target: terminologyTerms.target, note: terminologyTerms.note })
    .from(terminologySets)
    .innerJoin(source, eq(source.id, terminologySets.sourceLangId))
    .innerJoin(target, eq(target.id, terminologySets.targetLangId))
    .innerJoin(terminologyTerms, eq(terminologyTerms.setId, terminologySets.id))
    .where(
      and(
        eq(terminologySets.userId, project.customerId),
        eq(source.slug, project.sourceLanguage),
        eq(target.slug, project.targetLanguage),
      ),
    )
    .orderBy(asc(terminologySets.id), asc(terminologyTerms.position))
    .limit(TERMS_MAX);
}

/** The warnings of these segments, in their order: each finding of qaChecks on its target. */
export function warningsOf(segments: readonly WorkbenchSegmentRow[], context: QaContext): QaWarning[] {
  const warnings: QaWarning[] = [];
  for (const s of segments) {
    for (const finding of qaChecks({
      source: s.source,
      target: s.target,
      sourceLang: context.sourceLang,
      targetLang: context.targetLang,
      terms: context.terms,
    })) {
      warnings.push({ segmentId: s.id, ordinal: s.ordinal, ...finding });
    }
  }
  return warnings;
}

/** What the checks of a job's segments read: the pair's ISO codes and the customer's terms. */
export async function qaContextOf(db: Db | Tx, project: ProjectRecord): Promise<QaContext> {
  const [pair, terms] = await Promise.all([pairOf(db, project), termsFor(db, project)]);
  return { sourceLang: pair.source.iso, targetLang: pair.target.iso, terms };
}

/** Every warning of the job: each segment checked with the customer's terms for the pair. */
export async function jobWarnings(db: Db | Tx, project: ProjectRecord): Promise<QaWarning[]> {
  const [segments, context] = await Promise.all([
    db
      .select()
      .from(workbenchSegments)
      .where(eq(workbenchSegments.projectId, project.id))
      .orderBy(asc(workbenchSegments.ordinal)),
    qaContextOf(db, project),
  ]);
  return warningsOf(segments, context);
}
