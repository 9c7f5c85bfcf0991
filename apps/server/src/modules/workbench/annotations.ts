import { asc, eq, inArray } from 'drizzle-orm';
import {
  type AnnotationCreate,
  annotationErrorTable,
  isStaff,
  type SegmentAnnotation,
  WORKBENCH_TEXTS,
} from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { projects, segmentAnnotations, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import { presentAnnotation } from './present';

// A reviewer's MQM errors on the segments of the reviewed project, marked in the editor from a QA
// or LL job (ADR 0110). They are rows of the job's error table: the quality reports' errors and the
// review's score count them with the reviewer's own rows.

type Q = Db | Tx;

/** Who is annotating what: the editor's access to the segment, as far as annotations need it. */
export interface AnnotationAccess {
  /** the QA or LL job the editor was opened from */
  project: { id: number };
  canAnnotate: boolean;
}

const JOB_OPEN = 'IN_PROGRESS';

const closedJob = () => new AppError(409, WORKBENCH_TEXTS.annotationJobClosed);

/**
 * POST /api/2/workbench/segments/{id}/annotations, after segmentAccess: only the reviewer of an
 * open QA/LL job over the segment's project. The job row is locked, so an annotation cannot slip in
 * after the review was submitted (submitReview locks it too).
 */
export async function createAnnotation(
  db: Db,
  actor: AuthContext,
  access: AnnotationAccess,
  segmentId: number,
  input: { category: string; severity: AnnotationCreate['severity']; comment: string },
  now: Date,
): Promise<SegmentAnnotation> {
  if (!access.canAnnotate) throw forbidden(WORKBENCH_TEXTS.annotationNotAllowed);
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ status: projects.status, translatorId: projects.translatorId })
      .from(projects)
      .where(eq(projects.id, access.project.id))
      .for('update');
    if (!job || job.translatorId !== actor.user.id) throw forbidden(WORKBENCH_TEXTS.annotationNotAllowed);
    if (job.status !== JOB_OPEN) throw closedJob();
    const [row] = await tx
      .insert(segmentAnnotations)
      .values({
        segmentId,
        jobId: access.project.id,
        authorId: actor.user.id,
        category: input.category,
        severity: input.severity,
        comment: input.comment,
        createdAt: now,
      })
      .returning();
    return presentAnnotation(row, actor.user.name, { userId: actor.user.id, canAnnotate: true });
  });
}

/**
 * DELETE /api/2/workbench/annotations/{id}: its author while the job is open (409 after). Anyone
 * else who could have seen it (staff) is refused with 403; everyone else does not know it (404).
 */
export async function deleteAnnotation(db: Db, actor: AuthContext, annotationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ annotation: segmentAnnotations, jobStatus: projects.status })
      .from(segmentAnnotations)
      .innerJoin(projects, eq(projects.id, segmentAnnotations.jobId))
      .where(eq(segmentAnnotations.id, annotationId));
    if (!found) throw notFound(WORKBENCH_TEXTS.annotationNotFound);
    if (found.annotation.authorId !== actor.user.id) {
      if (isStaff(actor.admin ?? actor.user)) throw forbidden(WORKBENCH_TEXTS.annotationNotYours);
      throw notFound(WORKBENCH_TEXTS.annotationNotFound);
    }
    // the job is locked and read again, so a removal cannot cross the review's submission
    const [job] = await tx
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.id, found.annotation.jobId))
      .for('update');
    if (job?.status !== JOB_OPEN) throw closedJob();
    await tx.delete(segmentAnnotations).where(eq(segmentAnnotations.id, annotationId));
  });
}

/** The annotations of these segments made in this job, by segment, oldest first. */
export async function annotationsOf(
  q: Q,
  jobId: number,
  segmentIds: number[],
  viewerId: number,
  jobOpen: boolean,
): Promise<Map<number, SegmentAnnotation[]>> {
  const out = new Map<number, SegmentAnnotation[]>();
  if (segmentIds.length === 0) return out;
  const rows = await q
    .select({ annotation: segmentAnnotations, authorName: users.name })
    .from(segmentAnnotations)
    .leftJoin(users, eq(users.id, segmentAnnotations.authorId))
    .where(inArray(segmentAnnotations.segmentId, segmentIds))
    .orderBy(asc(segmentAnnotations.id));
  for (const r of rows) {
    if (r.annotation.jobId !== jobId) continue;
    const list = out.get(r.annotation.segmentId) ?? [];
    list.push(presentAnnotation(r.annotation, r.authorName, { userId: viewerId, canAnnotate: jobOpen }));
    out.set(r.annotation.segmentId, list);
  }
  return out;
}

/** The job's annotations as error-table rows (what the review's score counts). */
export async function annotationErrors(
  q: Q,
  jobId: number,
): Promise<{ category: string; severity: string; count: number }[]> {
  const rows = await q
    .select({ category: segmentAnnotations.category, severity: segmentAnnotations.severity })
    .from(segmentAnnotations)
    .where(eq(segmentAnnotations.jobId, jobId))
    .orderBy(asc(segmentAnnotations.id));
  return annotationErrorTable(rows);
}
