import { inStatusGroup, type ProjectDetail, PROJECT_ACTIONS, PROJECT_TEXTS } from '@parlance/shared';
import {
  ALLOW,
  allowIf,
  type Verdict,
  defineRules,
  holds,
  isStaffViewer,
  refuse,
  verdictOf,
} from '../../platform/permissions';
import type { AuthContext } from '../../platform/session';
import { showsEditor } from '../workbench/policy';
import type { ProjectRecord } from './present';
import { actorMayMove, type MoveActor, moveAllowedFrom, PROJECT_MOVES, type ProjectMove } from './status-machine';

// Who may do what with a project: the project area's rules for `can(actor, action, subject)`
// (platform/permissions.ts), and the actions a viewer is shown, computed from the same rules.
// The viewer's relation to the project decides: its customer, its translator or editor, a staff
// member, or a translator the open job is offered to (a candidate, decided by matching.ts in SQL).
// Staff holding the project permission intervene ('admin': hold, cancel, reassign, resolve); other
// back-office staff read the project ('staff'). Anybody else is an outsider: 404, never 403.

export type ViewerRole = ProjectDetail['viewerRole'];
export type DetailAction = ProjectDetail['actions'][number];

export interface ProjectPeople {
  customerId: number;
  translatorId: number | null;
  editorId: number | null;
  /** qa and ll jobs are owned by the staff member who opened them, who acts on them as staff */
  kind?: string;
}

/** The staff role on any project: intervening ('admin') or reading ('staff'); null for non-staff. */
function staffRole(actor: AuthContext): 'admin' | 'staff' | null {
  if (!isStaffViewer(actor)) return null;
  if (holds(actor, 'projects.write')) return 'admin';
  return holds(actor, 'backoffice.read') ? 'staff' : null;
}

/** The viewer's relation known from the project row alone (candidates need matching.ts). */
export function knownRole(actor: AuthContext, p: ProjectPeople): ViewerRole | null {
  const { user } = actor;
  const internalJob = p.kind === 'qa' || p.kind === 'll';
  const staff = staffRole(actor);
  if (p.customerId === user.id && !(internalJob && staff)) return 'customer';
  if (p.translatorId === user.id) return 'translator';
  if (p.editorId === user.id) return 'editor';
  return staff;
}

/** Whether the viewer sees every project on the platform (the back office's lists and search). */
export function seesAllProjects(actor: AuthContext): boolean {
  return staffRole(actor) !== null;
}

/** Kinds of projects that QA and LL jobs review. */
export const REVIEWABLE_KINDS: readonly string[] = ['classic', 'bundle'];

const isReviewKind = (kind: string) => kind === 'qa' || kind === 'll';

/** Whether the viewer may write in the project's discussion. */
export function canMessage(role: ViewerRole): boolean {
  return role !== 'candidate' && role !== 'reviewer' && role !== 'staff';
}

/** Whether the viewer sees the project's files, timeline and messages (a candidate sees the brief and file names). */
export function seesEverything(role: ViewerRole): boolean {
  return role !== 'candidate' && role !== 'reviewer';
}

/** Whether the viewer may open the project's files (the reviewer of a QA or LL job over it does). */
export function seesFiles(role: ViewerRole): boolean {
  return role !== 'candidate';
}

/** Whether the viewer sees everything the platform knows of the project (all messages, both prices). */
export function isStaffRole(role: ViewerRole): boolean {
  return role === 'admin' || role === 'staff';
}

// ---- the rules ----

export interface ProjectSubject {
  project: Pick<ProjectRecord, 'status' | 'kind'>;
  role: ViewerRole;
  /** the job a candidate is offered ('take' or 'take-edit') */
  job?: 'take' | 'take-edit' | null;
}

type MoveAction = `project.${ProjectMove}`;

declare module '../../platform/permissions' {
  interface Actions extends Record<MoveAction, ProjectSubject> {
    'project.rate': ProjectSubject;
    'project.tag': ProjectSubject;
    'project.rename': ProjectSubject;
    'project.message': ProjectSubject;
    'project.create-review-job': ProjectSubject;
    /** taking an open job (translation, editing, QA or LL): translators; the project's own people 403 */
    'job.take': ProjectPeople;
    /** one message to the translators of several of one's own projects */
    'project.bulk-message': null;
    /** the translator's pending and available earnings */
    'account.earnings': null;
    /** the quality-report forms of a QA or LL task */
    'task.form-types': null;
    /** finished projects' files as one zip (the projects themselves are checked one by one) */
    'project.download-zip': null;
  }
}

/** The actor of the status machine a viewer acts as. */
function moverOf(role: ViewerRole): MoveActor | null {
  if (role === 'candidate' || role === 'reviewer' || role === 'staff') return null;
  return role;
}

/** The moves of a QA or LL job, by role: its reviewer submits the review, staff hold, release or cancel it. */
const REVIEW_JOB_MOVES: Partial<Record<ViewerRole, readonly ProjectMove[]>> = {
  admin: ['hold', 'release', 'cancel'],
  translator: ['review'],
};

/** The answer to a move from a wrong status: most say the move is not allowed now. */
const WRONG_STATUS: Partial<Record<ProjectMove, string>> = { cancel: PROJECT_TEXTS.cancelOnlyPending };

function moveRule(move: ProjectMove) {
  return (_actor: AuthContext, { project, role }: ProjectSubject): Verdict => {
    const mover = moverOf(role);
    if (!mover || !actorMayMove(move, mover)) return refuse(403);
    // a QA or LL job is the platform's, not a customer's order: its reviewer submits a review (not a
    // delivery), and staff may hold, release or cancel it, nothing else
    if (isReviewKind(project.kind) ? !REVIEW_JOB_MOVES[role]?.includes(move) : move === 'review') return refuse(403);
    if (!moveAllowedFrom(move, project.status)) return refuse(409, WRONG_STATUS[move] ?? PROJECT_TEXTS.moveNotAllowed);
    return ALLOW;
  };
}

const customerOnly = (_actor: AuthContext, { role }: ProjectSubject): Verdict => allowIf(role === 'customer');

defineRules({
  ...(Object.fromEntries(PROJECT_MOVES.map((m) => [`project.${m}`, moveRule(m)])) as {
    [K in MoveAction]: (actor: AuthContext, subject: ProjectSubject) => Verdict;
  }),
  'project.rate': (_actor, { project, role }) => {
    if (role !== 'customer' || isReviewKind(project.kind)) return refuse(403);
    if (!inStatusGroup('ratable', project.status)) return refuse(409, PROJECT_TEXTS.ratingOnlyFinished);
    return ALLOW;
  },
  'project.tag': customerOnly,
  'project.rename': customerOnly,
  'project.message': (_actor, { role }) => allowIf(canMessage(role)),
  'project.create-review-job': (_actor, { project, role }) => {
    if (role !== 'admin' || !REVIEWABLE_KINDS.includes(project.kind)) return refuse(403);
    return allowIf(project.status === 'COMPLETED', 409, PROJECT_TEXTS.moveNotAllowed);
  },
  'job.take': (actor, people) => {
    if (actor.user.type === 'translator') return ALLOW;
    return knownRole(actor, people) ? refuse(403) : refuse(404, PROJECT_TEXTS.projectNotFound);
  },
  'project.bulk-message': (actor) => allowIf(actor.user.type === 'customer'),
  'account.earnings': (actor) => allowIf(actor.user.type === 'translator'),
  // translators for their review jobs, staff for every job; customers never see the forms
  'task.form-types': (actor) => allowIf(actor.user.type === 'translator' || seesAllProjects(actor)),
  'project.download-zip': (actor) => allowIf(actor.user.type === 'customer' || seesAllProjects(actor)),
});

// ---- what the viewer is shown ----

/** Each button of the project page and its rows, and the rule that decides it. */
const SHOWN: Record<DetailAction, (actor: AuthContext, s: ProjectSubject) => boolean> = {
  take: (_a, s) => s.role === 'candidate' && s.job === 'take',
  'take-edit': (_a, s) => s.role === 'candidate' && s.job === 'take-edit',
  'open-editor': (a, s) => showsEditor(a, s),
  deliver: (a, s) => verdictOf(a, s.role === 'editor' ? 'project.deliver-edit' : 'project.deliver', s).ok,
  approve: (a, s) => verdictOf(a, 'project.approve', s).ok,
  dispute: (a, s) => verdictOf(a, 'project.dispute', s).ok,
  cancel: (a, s) => verdictOf(a, 'project.cancel', s).ok,
  rate: (a, s) => verdictOf(a, 'project.rate', s).ok,
  hold: (a, s) => verdictOf(a, 'project.hold', s).ok,
  release: (a, s) => verdictOf(a, 'project.release', s).ok,
  reassign: (a, s) => verdictOf(a, 'project.reassign', s).ok,
  resolve: (a, s) => verdictOf(a, 'project.resolve-pay', s).ok,
  message: (a, s) => verdictOf(a, 'project.message', s).ok,
  review: (a, s) => verdictOf(a, 'project.review', s).ok,
  'create-review-job': (a, s) => verdictOf(a, 'project.create-review-job', s).ok,
};

/** The actions this viewer may take now: exactly those the rules above allow. */
export function actionsFor(actor: AuthContext, subject: ProjectSubject): DetailAction[] {
  return PROJECT_ACTIONS.filter((action) => SHOWN[action](actor, subject));
}
