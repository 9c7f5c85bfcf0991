import { inStatusGroup, PROJECT_TEXTS } from '@parlance/shared';
import { ALLOW, defineRules, refuse, type Verdict } from '../../platform/permissions';
import type { UserRow } from '../../platform/session';
import { isReviewKind } from './matching';
import { canMessage, isAdminUser, knownRole, type ProjectPeople, type ViewerRole } from './policy';
import type { ProjectRecord } from './present';
import { actorMayMove, moveAllowedFrom, PROJECT_MOVES, type ProjectMove } from './status-machine';

// What a user may do with a project: the project area's rules for `can(user, action, subject)` of
// platform/permissions.ts. The viewer's role on the project (policy.ts `knownRole`, or 'admin' for
// the back office's moves) comes with the project; outsiders never get here (404 before). The
// status machine (status-machine.ts) says which role makes which move from which status.

export interface ProjectSubject {
  project: Pick<ProjectRecord, 'status' | 'kind'>;
  role: ViewerRole;
}

type MoveAction = `project.${ProjectMove}`;

declare module '../../platform/permissions' {
  interface Actions extends Record<MoveAction, ProjectSubject> {
    'project.rate': ProjectSubject;
    'project.tag': ProjectSubject;
    'project.rename': ProjectSubject;
    'project.message': ProjectSubject;
    /** taking an open job (translation, editing, QA or LL): translators; the project's own people 403 */
    'job.take': ProjectPeople;
    /** one message to the translators of several of one's own projects */
    'project.bulk-message': null;
    /** the translator's pending and available earnings */
    'account.earnings': null;
    /** the quality-report forms of a QA or LL task */
    'task.form-types': null;
  }
}

/** The answer to a move from a wrong status: most say the move is not allowed now. */
const WRONG_STATUS: Partial<Record<ProjectMove, string>> = { cancel: PROJECT_TEXTS.cancelOnlyPending };

/** The moves of a QA or LL job, by role (policy.ts reviewJobActions shows the same). */
const REVIEW_JOB_MOVES: Partial<Record<ViewerRole, readonly ProjectMove[]>> = {
  admin: ['hold', 'release', 'cancel'],
  translator: ['review'],
};

function moveRule(move: ProjectMove) {
  return (_user: UserRow, { project, role }: ProjectSubject): Verdict => {
    if (role === 'candidate' || role === 'reviewer' || !actorMayMove(move, role)) return refuse(403);
    // a QA or LL job is the platform's, not a customer's order: its reviewer submits a review (not a
    // delivery), and the admin who opened it may hold, release or cancel it, nothing else
    if (isReviewKind(project.kind) && !REVIEW_JOB_MOVES[role]?.includes(move)) return refuse(403);
    if (!moveAllowedFrom(move, project.status)) return refuse(409, WRONG_STATUS[move] ?? PROJECT_TEXTS.moveNotAllowed);
    return ALLOW;
  };
}

const customerOnly = (_user: UserRow, { role }: ProjectSubject): Verdict => (role === 'customer' ? ALLOW : refuse(403));

defineRules({
  ...(Object.fromEntries(PROJECT_MOVES.map((m) => [`project.${m}`, moveRule(m)])) as {
    [K in MoveAction]: (user: UserRow, subject: ProjectSubject) => Verdict;
  }),
  'project.rate': (_user, { project, role }) => {
    if (role !== 'customer' || isReviewKind(project.kind)) return refuse(403);
    if (!inStatusGroup('ratable', project.status)) return refuse(409, PROJECT_TEXTS.ratingOnlyFinished);
    return ALLOW;
  },
  'project.tag': customerOnly,
  'project.rename': customerOnly,
  'project.message': (_user, { role }) => (canMessage(role) ? ALLOW : refuse(403)),
  'job.take': (user, people) => {
    if (user.type === 'translator') return ALLOW;
    return knownRole(user, people) ? refuse(403) : refuse(404, PROJECT_TEXTS.projectNotFound);
  },
  'project.bulk-message': (user) => (user.type === 'customer' || isAdminUser(user) ? ALLOW : refuse(403)),
  'account.earnings': (user) => (user.type === 'translator' ? ALLOW : refuse(403)),
  'task.form-types': (user) => (user.type === 'customer' && !user.isAdmin ? refuse(403) : ALLOW),
});
