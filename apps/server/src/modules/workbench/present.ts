import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type {
  SegmentAnnotation,
  SegmentStatus,
  TagInfoAnswer,
  TargetOrigin,
  WorkbenchDocument,
  WorkbenchProgress,
  WorkbenchSegment,
} from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { segmentAnnotations, users, workbenchDocuments, workbenchSegments } from '../../db/schema';
import type { WorkbenchAccess, WorkbenchSegmentRow } from './access';

// Allowlist serializers of the workbench: a segment, a document, a job's progress. The stored
// machine suggestion and who last saved stay on the server.

type DocumentRow = typeof workbenchDocuments.$inferSelect;
type AnnotationRow = typeof segmentAnnotations.$inferSelect;

export function presentSegment(row: WorkbenchSegmentRow, annotations: SegmentAnnotation[] = []): WorkbenchSegment {
  return {
    id: row.id,
    documentId: row.documentId,
    ordinal: row.ordinal,
    source: row.source,
    tags: row.tags as Record<string, TagInfoAnswer>,
    context: row.context,
    words: row.words,
    target: row.target,
    status: row.status as SegmentStatus,
    origin: (row.origin as TargetOrigin | null) ?? null,
    matchPercent: row.matchPercent,
    revision: row.revision,
    annotations,
  };
}

export function presentDocument(row: DocumentRow): WorkbenchDocument {
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format,
    output: row.output,
    segments: row.segmentCount,
    words: row.words,
  };
}

export function presentAnnotation(
  row: AnnotationRow,
  authorName: string | null,
  viewer: { userId: number; canAnnotate: boolean },
): SegmentAnnotation {
  return {
    id: row.id,
    segmentId: row.segmentId,
    category: row.category,
    severity: row.severity,
    comment: row.comment,
    authorName,
    createdAt: row.createdAt.toISOString(),
    canDelete: viewer.canAnnotate && row.authorId === viewer.userId,
  };
}

/** The job's progress in segments and words. */
export async function progressOf(db: Db | Tx, projectId: number): Promise<WorkbenchProgress> {
  // the counters of the job's documents (a few rows), kept by the segments' statements (migration 0054)
  const [row] = await db
    .select({
      segments: sql<number>`coalesce(sum(${workbenchDocuments.segmentCount}), 0)::int`,
      words: sql<number>`coalesce(sum(${workbenchDocuments.words}), 0)::int`,
      confirmedSegments: sql<number>`coalesce(sum(${workbenchDocuments.confirmedSegments}), 0)::int`,
      confirmedWords: sql<number>`coalesce(sum(${workbenchDocuments.confirmedWords}), 0)::int`,
      draftSegments: sql<number>`coalesce(sum(${workbenchDocuments.draftSegments}), 0)::int`,
      reviewedSegments: sql<number>`coalesce(sum(${workbenchDocuments.reviewedSegments}), 0)::int`,
    })
    .from(workbenchDocuments)
    .where(eq(workbenchDocuments.projectId, projectId));
  return (
    row ?? { segments: 0, words: 0, confirmedSegments: 0, confirmedWords: 0, draftSegments: 0, reviewedSegments: 0 }
  );
}

/** The segments asked for: by id, or by a range of ordinals (a page of the editor's list). */
function narrowedTo(which: number[] | { fromOrdinal?: number; toOrdinal?: number } | undefined) {
  if (!which) return [];
  if (Array.isArray(which)) return [inArray(segmentAnnotations.segmentId, which)];
  return [
    which.fromOrdinal !== undefined ? gte(workbenchSegments.ordinal, which.fromOrdinal) : undefined,
    which.toOrdinal !== undefined ? lte(workbenchSegments.ordinal, which.toOrdinal) : undefined,
  ];
}

/**
 * The annotations this person sees on the job's segments, by segment: a reviewer their own job's,
 * staff every job's, anybody else none (a review is the platform's, not the customer's or the
 * translator's, until it is reported).
 */
export async function annotationsFor(
  db: Db | Tx,
  access: WorkbenchAccess,
  userId: number,
  which?: number[] | { fromOrdinal?: number; toOrdinal?: number },
): Promise<Map<number, SegmentAnnotation[]>> {
  const byJob = access.role === 'reviewer';
  if (!byJob && access.role !== 'staff') return new Map();
  const where = byJob
    ? eq(segmentAnnotations.jobId, access.project.id)
    : eq(workbenchSegments.projectId, access.segmentsProject.id);
  const rows = await db
    .select({ annotation: segmentAnnotations, authorName: users.name })
    .from(segmentAnnotations)
    .innerJoin(workbenchSegments, eq(workbenchSegments.id, segmentAnnotations.segmentId))
    .leftJoin(users, eq(users.id, segmentAnnotations.authorId))
    .where(and(where, ...narrowedTo(which)))
    .orderBy(asc(segmentAnnotations.id));
  const out = new Map<number, SegmentAnnotation[]>();
  for (const r of rows) {
    const list = out.get(r.annotation.segmentId) ?? [];
    list.push(presentAnnotation(r.annotation, r.authorName, { userId, canAnnotate: access.canAnnotate }));
    out.set(r.annotation.segmentId, list);
  }
  return out;
}
