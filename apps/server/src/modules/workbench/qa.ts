import { and, asc, eq, inArray } from 'drizzle-orm';
import type { QaWarning } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { languages, terminologySets, terminologyTerms, workbenchSegments } from '../../db/schema';
import type { ProjectRecord } from '../projects/present';
import type { WorkbenchSegmentRow } from './access';

// The quality checks of the editor (packages/shared workbench-qa.ts qaChecks, with the customer's
// terms found in each source through findTerms): run on a confirmed segment when it is saved, and
// over every segment before delivery. Until the shared checks are in place, no warning is raised.

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
const TERMS_MAX = 2_000;

/** The customer's terminology for the project's pair, in the order it was imported. */
export async function termsFor(
  db: Db | Tx,
  project: Pick<ProjectRecord, 'customerId' | 'sourceLanguage' | 'targetLanguage'>,
): Promise<QaTerm[]> {
  const slugs = [project.sourceLanguage ?? '', project.targetLanguage ?? ''];
  const ids = await db
    .select({ id: languages.id, slug: languages.slug })
    .from(languages)
    .where(inArray(languages.slug, slugs));
  const src = ids.find((l) => l.slug === slugs[0])?.id;
  const tgt = ids.find((l) => l.slug === slugs[1])?.id;
  if (!src || !tgt) return [];
  return db
    .select({ source: terminologyTerms.source, target: terminologyTerms.target, note: terminologyTerms.note })
    .from(terminologyTerms)
    .innerJoin(terminologySets, eq(terminologySets.id, terminologyTerms.setId))
    .where(
      and(
        eq(terminologySets.userId, project.customerId),
        eq(terminologySets.sourceLangId, src),
        eq(terminologySets.targetLangId, tgt),
      ),
    )
    .orderBy(asc(terminologySets.id), asc(terminologyTerms.position))
    .limit(TERMS_MAX);
}

/** The warnings of these segments, in their order. */
export function warningsOf(_segments: readonly WorkbenchSegmentRow[], _context: QaContext): QaWarning[] {
  return [];
}

/** Every warning of the job: each segment checked with the customer's terms for the pair. */
export async function jobWarnings(
  db: Db | Tx,
  project: ProjectRecord,
  pair: { source: string; target: string },
): Promise<QaWarning[]> {
  const [segments, terms] = await Promise.all([
    db
      .select()
      .from(workbenchSegments)
      .where(eq(workbenchSegments.projectId, project.id))
      .orderBy(asc(workbenchSegments.ordinal)),
    termsFor(db, project),
  ]);
  return warningsOf(segments, { sourceLang: pair.source, targetLang: pair.target, terms });
}
