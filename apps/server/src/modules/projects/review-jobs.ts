import { and, eq, notInArray } from 'drizzle-orm';
import {
  isStaff,
  mergeErrorTables,
  PROJECT_TEXTS,
  REVIEW_TEXTS,
  type ReviewJobKind,
  type ReviewSubmit,
  reviewScore,
} from '@parlance/shared';
import { projectEvents, projectReviews, projects, qualityReports } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, forbidden } from '../../platform/errors';
import { recordEvent } from '../../platform/realtime';
import { annotationErrors } from '../workbench/annotations';
import { isReviewKind } from './matching';
import type { MoveContext } from './moves';
import { REVIEWABLE_KINDS } from './policy';
import { FINAL_STATUSES } from './status-machine';
import { findProject, type Outcome, projectNotFound, tryMove } from './service';

// QA and LL review jobs (ADR 0089): an admin opens one over a
// completed project; a matching translator who did not work on it takes it (takeJob in moves.ts),
// reads the reviewed project and its files, and submits a LISA-style error table. The score
// (packages/shared reviewScore) is kept in project_reviews for leveling and the LM dashboard.

const JOB_NAME_PREFIX: Record<ReviewJobKind, string> = { qa: 'QA review', ll: 'LL review' };

/**
 * POST /api/2/admin/projects/{id}/review-jobs: a PENDING job of `kind` over a COMPLETED classic or
 * bundle project. The reviewed project is locked so that two admins cannot both open one; 409 while
 * a job of that kind over it is still open.
 */
export async function createReviewJob(ctx: MoveContext, reviewedId: number, kind: ReviewJobKind): Promise<Outcome> {
  const reviewed = await findProject(ctx.tx, reviewedId, true);
  if (!reviewed) throw projectNotFound();
  if (reviewed.status !== 'COMPLETED' || !REVIEWABLE_KINDS.includes(reviewed.kind)) {
    throw new AppError(409, REVIEW_TEXTS.notReviewable);
  }
  const [open] = await ctx.tx
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.reviewedProjectId, reviewed.id),
        eq(projects.kind, kind),
        notInArray(projects.status, [...FINAL_STATUSES]),
      ),
    )
    .limit(1);
  if (open) throw new AppError(409, REVIEW_TEXTS.reviewJobExists);

  const [job] = await ctx.tx
    .insert(projects)
    .values({
      // internal work: the job belongs to the admin who opened it, never to the reviewed project's
      // customer (whose lists and pages it must not reach)
      customerId: ctx.user.id,
      name: `${JOB_NAME_PREFIX[kind]}: ${reviewed.name}`,
      status: 'PENDING',
      type: reviewed.type,
      kind,
      sourceLanguage: reviewed.sourceLanguage,
      targetLanguage: reviewed.targetLanguage,
      expertise: reviewed.expertise,
      wordCount: reviewed.wordCount,
      priceCredits: 0,
      reviewedProjectId: reviewed.id,
      openToAllAt: ctx.now,
      statusChangedAt: ctx.now,
      createdAt: ctx.now,
    })
    .returning();
  await ctx.tx.insert(projectEvents).values({
    projectId: job.id,
    fromStatus: null,
    toStatus: 'PENDING',
    action: 'create-review-job',
    actorId: ctx.user.id,
    note: `Reviews project ${reviewed.id}`,
    createdAt: ctx.now,
  });
  await recordEvent(ctx.tx, {
    role: 'translator',
    type: 'project.opened',
    payload: {
      projectId: job.id,
      kind,
      sourceLanguage: job.sourceLanguage,
      targetLanguage: job.targetLanguage,
      expertise: job.expertise,
    },
  });
  await audit(ctx.tx, {
    actorId: ctx.user.id,
    action: 'project.review-job',
    targetType: 'project',
    targetId: job.id,
    details: { kind, reviewedProjectId: reviewed.id },
    ip: ctx.ip,
  });
  return { projectId: job.id, mails: [], changed: true };
}

/**
 * POST /api/2/projects/{id}/review: the job's reviewer scores the reviewed project. The job is
 * locked and moved IN_PROGRESS -> COMPLETED by the guarded UPDATE before the review row is written,
 * all in one transaction: a second submit finds it COMPLETED (409) and writes nothing (the unique
 * job_id of project_reviews backs this up).
 */
export async function submitReview(ctx: MoveContext, jobId: number, input: ReviewSubmit): Promise<Outcome> {
  const job = await findProject(ctx.tx, jobId, true);
  if (!job) throw projectNotFound();
  if (job.translatorId !== ctx.user.id) {
    // the job's customer and staff know it (403); anybody else does not (404)
    if (job.customerId === ctx.user.id || isStaff(ctx.user)) throw forbidden();
    throw projectNotFound();
  }
  if (!isReviewKind(job.kind) || job.reviewedProjectId === null) throw new AppError(409, REVIEW_TEXTS.notReviewJob);
  if (job.status !== 'IN_PROGRESS') throw new AppError(409, PROJECT_TEXTS.moveNotAllowed);
  const reviewed = await findProject(ctx.tx, job.reviewedProjectId);
  if (!reviewed) throw projectNotFound();

  // the score counts the errors of the job's quality reports (one per file and editor) and the
  // errors marked on segments in the editor with the form's own rows; the review row keeps the
  // table it was scored on
  const reports = await ctx.tx
    .select({ errors: qualityReports.errors })
    .from(qualityReports)
    .where(eq(qualityReports.jobId, job.id));
  const errors = mergeErrorTables(
    input.errors.map((e) => ({ category: e.category, severity: e.severity, count: e.count })),
    ...reports.map((r) => r.errors),
    await annotationErrors(ctx.tx, job.id),
  );
  const score = reviewScore(errors, reviewed.wordCount);
  const row = await tryMove(ctx.tx, job, 'review', {
    actorId: ctx.user.id,
    now: ctx.now,
    note: `Score ${score} / 1000`,
    set: { completedAt: ctx.now },
  });
  if (!row) throw new AppError(409, PROJECT_TEXTS.moveNotAllowed);
  await ctx.tx.insert(projectReviews).values({
    projectId: reviewed.id,
    jobId: job.id,
    reviewerId: ctx.user.id,
    translatorId: reviewed.translatorId,
    kind: job.kind as ReviewJobKind,
    score,
    errors,
    comment: input.comment,
    createdAt: ctx.now,
  });
  // the reviewed translator sees the score arrive in Reviewed by QA/LL
  if (reviewed.translatorId !== null) {
    await recordEvent(ctx.tx, {
      userId: reviewed.translatorId,
      type: 'project.updated',
      payload: { projectId: reviewed.id, status: reviewed.status },
    });
  }
  return { projectId: row.id, mails: [], changed: true };
}
