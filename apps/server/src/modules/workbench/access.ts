import { and, asc, eq, inArray } from 'drizzle-orm';
import { isDbId, type WorkbenchRole, WORKBENCH_TEXTS } from '@parlance/shared';
import { projects, workbenchSegments } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { preparedRead, type Params } from '../../platform/prepared';
import { can, verdictOf } from '../../platform/permissions';
import type { AuthContext } from '../../platform/session';
import type { ProjectRecord } from '../projects/present';
import type { ViewerRole } from '../projects/policy';
import { findProject, type Reader, requireViewing, viewingOf } from '../projects/service';
import { REVIEW_JOB_KINDS, type WorkbenchSubject } from './policy';

// Who opens what in the editor (ADR 0109). The person's role on the project is the projects
// module's (requireViewing: customer, translator, editor, staff, candidate or a reviewer); the
// rules of policy.ts decide what that role may do here. Outsiders get 404 with the editor's text;
// a known person without the right 403; a wrong state 409.

export interface WorkbenchAccess {
  /** the project opened: the job itself (for a QA or LL job, the review job) */
  project: ProjectRecord;
  /** the project whose segments are shown: the job, or the project a QA or LL job reviews */
  segmentsProject: ProjectRecord;
  role: WorkbenchRole;
  /** why the job is read-only for this person, or null when they may save */
  readOnly: string | null;
  confirmStatus: 'translated' | 'reviewed';
  canDeliver: boolean;
  canAnnotate: boolean;
  /** the customer may dispute the job now: the project page's rule for its Dispute button */
  canDispute: boolean;
}

export type WorkbenchSegmentRow = typeof workbenchSegments.$inferSelect;

const outsider = () => notFound(WORKBENCH_TEXTS.notFound);

/** The editor's role for a viewer role (staff intervening or reading both read here). */
function workbenchRoleOf(role: ViewerRole, kind: string): WorkbenchRole {
  if (REVIEW_JOB_KINDS.includes(kind) && role === 'translator') return 'reviewer';
  switch (role) {
    case 'translator':
    case 'editor':
    case 'customer':
    case 'reviewer':
      return role;
    default:
      return 'staff';
  }
}

function throwRefusal(v: { status: 403 | 404 | 409; message?: string }): never {
  if (v.status === 404) throw outsider();
  if (v.status === 403) throw forbidden(v.message ?? WORKBENCH_TEXTS.notFound);
  throw new AppError(409, v.message ?? WORKBENCH_TEXTS.notEditable);
}

/** The access of a person whose role on the project is known. */
async function accessOf(
  db: Reader,
  actor: AuthContext,
  project: ProjectRecord,
  viewerRole: ViewerRole,
): Promise<WorkbenchAccess> {
  const subject: WorkbenchSubject = { project, role: viewerRole };
  const opened = verdictOf(actor, 'workbench.open', subject);
  if (!opened.ok) throwRefusal(opened);
  let segmentsProject = project;
  if (REVIEW_JOB_KINDS.includes(project.kind)) {
    const reviewed = project.reviewedProjectId ? await findProject(db, project.reviewedProjectId) : undefined;
    if (!reviewed) throw outsider();
    segmentsProject = reviewed;
  }
  const edit = verdictOf(actor, 'workbench.edit', subject);
  return {
    project,
    segmentsProject,
    role: workbenchRoleOf(viewerRole, project.kind),
    readOnly: edit.ok ? null : (edit.message ?? WORKBENCH_TEXTS.readOnly),
    confirmStatus: viewerRole === 'translator' && !REVIEW_JOB_KINDS.includes(project.kind) ? 'translated' : 'reviewed',
    canDeliver: edit.ok,
    canAnnotate: can(actor, 'workbench.annotate', subject),
    canDispute: can(actor, 'project.dispute', { project, role: viewerRole }),
  };
}

/** The job as this person may open it in the editor, or 404 (outsiders), 403 or 409. */
export async function workbenchAccess(
  db: Reader,
  actor: AuthContext,
  projectId: number,
  now: Date,
): Promise<WorkbenchAccess> {
  if (!isDbId(projectId)) throw outsider();
  let viewing: Awaited<ReturnType<typeof requireViewing>>;
  try {
    viewing = await requireViewing(db, actor, projectId, now);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw outsider();
    throw error;
  }
  return accessOf(db, actor, viewing.project, viewing.role);
}

// the segment and its project in one round trip: a save reads nothing else before its UPDATE
const readSegment = preparedRead('parlance_workbench_segment_project', (db, v: Params<{ id: number }>) =>
  db
    .select({ segment: workbenchSegments, project: projects })
    .from(workbenchSegments)
    .innerJoin(projects, eq(projects.id, workbenchSegments.projectId))
    .where(eq(workbenchSegments.id, v.id)),
);

/** The open QA or LL job through which this translator reviews the project, if any. */
async function reviewJobOver(db: Reader, translatorId: number, reviewedId: number): Promise<number | null> {
  const [job] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.reviewedProjectId, reviewedId),
        eq(projects.translatorId, translatorId),
        inArray(projects.kind, ['qa', 'll']),
        eq(projects.status, 'IN_PROGRESS'),
      ),
    )
    .orderBy(asc(projects.id))
    .limit(1);
  return job?.id ?? null;
}

/**
 * A segment and the access of this person to the job it is read or edited in. A reviewer's
 * segment belongs to the reviewed project: their access is through their open QA or LL job.
 */
export async function segmentAccess(
  db: Reader,
  actor: AuthContext,
  segmentId: number,
  now: Date,
): Promise<{ access: WorkbenchAccess; segment: WorkbenchSegmentRow }> {
  if (!isDbId(segmentId)) throw notFound(WORKBENCH_TEXTS.segmentNotFound);
  const [found] = await readSegment(db, { id: segmentId });
  if (!found) throw notFound(WORKBENCH_TEXTS.segmentNotFound);
  const { segment } = found;
  try {
    const viewing = await viewingOf(db, actor, found.project, now);
    if (viewing.role === 'reviewer') {
      const jobId = await reviewJobOver(db, actor.user.id, segment.projectId);
      if (!jobId) throw forbidden(WORKBENCH_TEXTS.notFound);
      return { access: await workbenchAccess(db, actor, jobId, now), segment };
    }
    return { access: await accessOf(db, actor, viewing.project, viewing.role), segment };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw notFound(WORKBENCH_TEXTS.segmentNotFound);
    throw error;
  }
}
