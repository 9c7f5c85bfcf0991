import { inStatusGroup, type ProjectDetail, WORKBENCH_TEXTS } from '@parlance/shared';
import { ALLOW, type Verdict, defineRules, refuse, verdictOf } from '../../platform/permissions';
import type { AuthContext } from '../../platform/session';
import type { ProjectRecord } from '../projects/present';

// Who may do what in the translator's workbench (ADR 0109), as rules of `can(actor, action,
// subject)`. The viewer's role on the project comes from the projects module (knownRole,
// requireViewing); editing is exactly the right to deliver ('project.deliver' for the translator,
// 'project.deliver-edit' for the editor), so the editor and the project page never disagree about
// when the translation may change. The subject is the project the person opened: a QA or LL job's
// reviewer opens the job (whose segments are the reviewed project's).

/** Kinds whose work is a translation of files: their segments open in the editor. */
export const EDITOR_KINDS: readonly string[] = ['classic', 'bundle'];
/** Internal jobs that review a translation: their reviewer reads the reviewed project's segments. */
export const REVIEW_JOB_KINDS: readonly string[] = ['qa', 'll'];

/** The project opened and the person's role on it (projects/policy.ts knownRole or requireViewing). */
export interface WorkbenchSubject {
  project: Pick<ProjectRecord, 'status' | 'kind'>;
  role: ProjectDetail['viewerRole'];
}

declare module '../../platform/permissions' {
  interface Actions {
    /** opening the job in the editor at all (reading its segments) */
    'workbench.open': WorkbenchSubject;
    /** saving and confirming segments, and delivering them */
    'workbench.edit': WorkbenchSubject;
    /** a reviewer's MQM errors on the reviewed project's segments */
    'workbench.annotate': WorkbenchSubject;
  }
}

const isReviewJob = (kind: string) => REVIEW_JOB_KINDS.includes(kind);

/** The delivery move a translator or editor makes from the editor; null for anybody else. */
export function deliveryMoveOf(role: WorkbenchSubject['role']): 'deliver' | 'deliver-edit' | null {
  if (role === 'translator') return 'deliver';
  if (role === 'editor') return 'deliver-edit';
  return null;
}

function openRule(_actor: AuthContext, { project, role }: WorkbenchSubject): Verdict {
  if (!EDITOR_KINDS.includes(project.kind) && !isReviewJob(project.kind)) return refuse(409, WORKBENCH_TEXTS.noFiles);
  switch (role) {
    case 'admin':
    case 'staff':
      return ALLOW;
    case 'translator':
      // a QA or LL job's reviewer reads while the job is open; the translator reads their own job
      if (isReviewJob(project.kind))
        return project.status === 'IN_PROGRESS' ? ALLOW : refuse(403, WORKBENCH_TEXTS.notFound);
      return ALLOW;
    case 'editor':
      return isReviewJob(project.kind) ? refuse(403) : ALLOW;
    case 'customer':
      // the customer reads the translation once it is delivered, never the work in progress
      if (isReviewJob(project.kind)) return refuse(403);
      return inStatusGroup('delivered', project.status) ? ALLOW : refuse(403, WORKBENCH_TEXTS.notFound);
    default:
      // candidates see the brief only; a reviewer opens the review job, not the reviewed project
      return refuse(403, WORKBENCH_TEXTS.notFound);
  }
}

function editRule(actor: AuthContext, subject: WorkbenchSubject): Verdict {
  const opened = openRule(actor, subject);
  if (!opened.ok) return opened;
  const move = isReviewJob(subject.project.kind) ? null : deliveryMoveOf(subject.role);
  if (!move) return refuse(403, WORKBENCH_TEXTS.readOnly);
  const verdict = verdictOf(actor, `project.${move}`, subject);
  if (verdict.ok) return ALLOW;
  return verdict.status === 409 ? refuse(409, WORKBENCH_TEXTS.notEditable) : refuse(403, WORKBENCH_TEXTS.readOnly);
}

defineRules({
  'workbench.open': openRule,
  'workbench.edit': editRule,
  'workbench.annotate': (_actor, { project, role }) => {
    if (!isReviewJob(project.kind) || role !== 'translator') return refuse(403, WORKBENCH_TEXTS.readOnly);
    return project.status === 'IN_PROGRESS' ? ALLOW : refuse(409, WORKBENCH_TEXTS.notEditable);
  },
});

/**
 * Whether the project page shows "open in the editor": the translator or editor while they may
 * edit, the reviewer of an open QA or LL job, the customer after delivery. Staff open it from the
 * back office's link (they read), candidates never.
 */
export function showsEditor(actor: AuthContext, subject: WorkbenchSubject): boolean {
  const { project, role } = subject;
  if (role === 'translator' || role === 'editor') {
    return isReviewJob(project.kind)
      ? verdictOf(actor, 'workbench.annotate', subject).ok
      : verdictOf(actor, 'workbench.edit', subject).ok;
  }
  return role === 'customer' && verdictOf(actor, 'workbench.open', subject).ok;
}
