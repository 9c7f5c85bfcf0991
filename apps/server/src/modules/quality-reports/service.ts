import { and, asc, eq } from 'drizzle-orm';
import {
  FREE_REPORT_CATEGORY,
  isStaff,
  type JobQualityReports,
  mergeErrorTables,
  QUALITY_REPORT_TEXTS,
  type QualityReportAnswer,
  type QualityReportKind,
} from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { projectResources, projects, qualityReports, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../../platform/session';
import { findResource } from '../resources/access';
import { annotationErrors } from '../workbench/annotations';

// Quality reports (ADR 0089): who may read and write the report
// of a file of a QA/LL job's reviewed project, and the errors the job's review score counts.

type Q = Db | Tx;
type Viewer = Pick<UserRow, 'id' | 'type' | 'isAdmin'>;

export interface ReportAccess {
  job: typeof projects.$inferSelect;
  reviewed: typeof projects.$inferSelect;
  readOnly: boolean;
}

const notFoundReport = () => notFound(QUALITY_REPORT_TEXTS.notFound);

/**
 * The job's reviewer reads, and writes while the job is IN_PROGRESS; staff (the real person behind
 * the session) read; everyone else 404.
 */
export async function reportAccess(q: Q, viewer: Viewer, realPerson: Viewer, jobId: number): Promise<ReportAccess> {
  const [job] = await q.select().from(projects).where(eq(projects.id, jobId));
  if (!job || (job.kind !== 'qa' && job.kind !== 'll') || job.reviewedProjectId === null) throw notFoundReport();
  const reviewer = job.translatorId !== null && job.translatorId === viewer.id;
  if (!reviewer && !isStaff(realPerson)) throw notFoundReport();
  const [reviewed] = await q.select().from(projects).where(eq(projects.id, job.reviewedProjectId));
  if (!reviewed) throw notFoundReport();
  return { job, reviewed, readOnly: !(reviewer && job.status === 'IN_PROGRESS') };
}

/** The file of the reviewed project named by its uuid (source "s{n}" or an added file), or 404. */
async function fileOf(q: Q, reviewedId: number, uuid: string): Promise<{ uuid: string; name: string }> {
  if (/^s\d{1,9}$/.test(uuid)) {
    const source = await findResource(q as Db, uuid);
    if (source?.projectIds.includes(reviewedId)) return { uuid, name: source.fileName };
    throw notFoundReport();
  }
  const [row] = await q
    .select({ uuid: projectResources.uuid, name: projectResources.fileName })
    .from(projectResources)
    .where(and(eq(projectResources.uuid, uuid), eq(projectResources.projectId, reviewedId)));
  if (!row) throw notFoundReport();
  return row;
}

async function presentReport(q: Q, jobId: number, uuid: string, kind: QualityReportKind) {
  const [row] = await q
    .select({ report: qualityReports, authorName: users.name })
    .from(qualityReports)
    .leftJoin(users, eq(users.id, qualityReports.authorId))
    .where(and(eq(qualityReports.jobId, jobId), eq(qualityReports.resourceUuid, uuid), eq(qualityReports.kind, kind)));
  if (!row) return null;
  return {
    kind: row.report.kind,
    resourceUuid: row.report.resourceUuid,
    errors: row.report.errors,
    summary: row.report.summary,
    authorName: row.authorName,
    updatedAt: row.report.updatedAt.toISOString(),
  };
}

export async function readReport(
  db: Db,
  viewer: Viewer,
  realPerson: Viewer,
  q: { project_id: number; resource_uuid: string; kind: QualityReportKind },
): Promise<QualityReportAnswer> {
  const access = await reportAccess(db, viewer, realPerson, q.project_id);
  const file = await fileOf(db, access.reviewed.id, q.resource_uuid);
  return {
    report: await presentReport(db, access.job.id, file.uuid, q.kind),
    readOnly: access.readOnly,
    job: { id: access.job.id, kind: access.job.kind, name: access.job.name, status: access.job.status },
    reviewedProject: { id: access.reviewed.id, name: access.reviewed.name, wordCount: access.reviewed.wordCount },
    file,
  };
}

export async function saveReport(
  db: Db,
  viewer: Viewer,
  realPerson: Viewer,
  input: {
    project_id: number;
    resource_uuid: string;
    kind: QualityReportKind;
    errors: { category: string; severity: string; count: number }[];
    summary: string;
  },
  ctx: { now: Date; ip: string },
): Promise<QualityReportAnswer> {
  await db.transaction(async (tx) => {
    // the job row is locked so that a save cannot slip in after the review was submitted
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, input.project_id)).for('update');
    const access = await reportAccess(tx, viewer, realPerson, input.project_id);
    if (access.readOnly) {
      if (access.job.translatorId === viewer.id || isStaff(realPerson))
        throw new AppError(403, QUALITY_REPORT_TEXTS.readOnly);
      throw notFoundReport();
    }
    const file = await fileOf(tx, access.reviewed.id, input.resource_uuid);
    const errors = mergeErrorTables(
      input.errors.map((e) => ({
        category: input.kind === 'free' ? FREE_REPORT_CATEGORY : e.category,
        severity: e.severity,
        count: e.count,
      })),
    );
    const values = {
      jobId: access.job.id,
      projectId: access.reviewed.id,
      resourceUuid: file.uuid,
      fileName: file.name,
      kind: input.kind,
      errors,
      summary: input.summary,
      authorId: viewer.id,
      updatedAt: ctx.now,
    };
    await tx
      .insert(qualityReports)
      .values(values)
      .onConflictDoUpdate({
        target: [qualityReports.jobId, qualityReports.resourceUuid, qualityReports.kind],
        set: { errors, summary: input.summary, authorId: viewer.id, updatedAt: ctx.now, fileName: file.name },
      });
    await audit(tx, {
      actorId: realPerson.id,
      action: 'quality-report.save',
      targetType: 'project',
      targetId: access.job.id,
      details: { kind: input.kind, resourceUuid: file.uuid, errors: errors.length },
      ip: ctx.ip,
    });
  });
  return readReport(db, viewer, realPerson, input);
}

/**
 * Every report of a job, the errors marked on segments in the editor, and all their errors added
 * up (what the job's review score counts).
 */
export async function reportsOfJob(q: Q, jobId: number): Promise<JobQualityReports> {
  const rows = await q
    .select({ report: qualityReports, authorName: users.name })
    .from(qualityReports)
    .leftJoin(users, eq(users.id, qualityReports.authorId))
    .where(eq(qualityReports.jobId, jobId))
    .orderBy(asc(qualityReports.fileName), asc(qualityReports.kind), asc(qualityReports.id));
  const reports = rows.map((r) => ({
    kind: r.report.kind,
    resourceUuid: r.report.resourceUuid,
    fileName: r.report.fileName,
    errors: r.report.errors,
    summary: r.report.summary,
    authorName: r.authorName,
    updatedAt: r.report.updatedAt.toISOString(),
  }));
  const annotations = await annotationErrors(q, jobId);
  return { reports, annotations, errors: mergeErrorTables(...reports.map((r) => r.errors), annotations) };
}
