import { inStatusGroup, type ProjectDetail, type ProjectStatus } from '@parlance/shared';
import type { UserRow } from '../../platform/session';
import { type MoveActor, type ProjectMove, movesFor } from './status-machine';

// Who may do what with a project (pure). The viewer's relation to the project decides: its
// customer, its translator or editor, an admin, or a translator the open job is offered to (a
// candidate, decided by matching.ts in SQL). Anybody else is an outsider: 404, never 403.

export type ViewerRole = ProjectDetail['viewerRole'];
export type DetailAction = ProjectDetail['actions'][number];

export interface ProjectPeople {
  customerId: number;
  translatorId: number | null;
  editorId: number | null;
  /** qa and ll jobs are owned by the admin who opened them, who acts on them as an admin */
  kind?: string;
}

export function isAdminUser(user: Pick<UserRow, 'type' | 'isAdmin'>): boolean {
  return user.type === 'admin' || user.isAdmin;
}

/** The viewer's relation known from the project row alone (candidates need matching.ts). */
export function knownRole(user: Pick<UserRow, 'id' | 'type' | 'isAdmin'>, p: ProjectPeople): ViewerRole | null {
  const internalJob = p.kind === 'qa' || p.kind === 'll';
  if (p.customerId === user.id && !(internalJob && isAdminUser(user))) return 'customer';
  if (p.translatorId === user.id) return 'translator';
  if (p.editorId === user.id) return 'editor';
  if (isAdminUser(user)) return 'admin';
  return null;
}

/** The actor of the status machine a viewer acts as (a candidate acts as a translator taking the job). */
export function actorOf(role: Exclude<ViewerRole, 'reviewer'>): MoveActor {
  return role === 'candidate' ? 'translator' : role;
}

/** Kinds of projects that QA and LL jobs review. */
export const REVIEWABLE_KINDS: readonly string[] = ['classic', 'bundle'];

const MOVE_TO_ACTION: Partial<Record<ProjectMove, DetailAction>> = {
  deliver: 'deliver',
  'deliver-edit': 'deliver',
  approve: 'approve',
  dispute: 'dispute',
  cancel: 'cancel',
  hold: 'hold',
  release: 'release',
  reassign: 'reassign',
  'resolve-pay': 'resolve',
  'resolve-partial': 'resolve',
  'resolve-refund': 'resolve',
};

/**
 * The actions this viewer may take now, for the project page's buttons. `candidateJob` is the
 * job a candidate is offered ('take' or 'take-edit').
 */
export function actionsFor(
  role: ViewerRole,
  status: ProjectStatus,
  candidateJob: 'take' | 'take-edit' | null = null,
  kind = 'classic',
): DetailAction[] {
  if (role === 'candidate') return candidateJob ? [candidateJob] : [];
  // the reviewer of a QA or LL job reads the reviewed project, nothing more
  if (role === 'reviewer') return [];
  if (kind === 'qa' || kind === 'll') return reviewJobActions(role, status);
  const actions = new Set<DetailAction>();
  for (const move of movesFor(actorOf(role), status)) {
    const action = MOVE_TO_ACTION[move];
    if (action) actions.add(action);
  }
  if (role === 'customer' && inStatusGroup('ratable', status)) actions.add('rate');
  if (role === 'admin' && status === 'COMPLETED' && REVIEWABLE_KINDS.includes(kind)) actions.add('create-review-job');
  actions.add('message');
  return [...actions];
}

/**
 * A QA or LL job: its reviewer submits the review (no delivery), an admin holds, releases or cancels it;
 * the reviewed project's customer, who owns the job, only reads it.
 */
function reviewJobActions(role: Exclude<ViewerRole, 'candidate' | 'reviewer'>, status: ProjectStatus): DetailAction[] {
  const actions: DetailAction[] = [];
  if (role === 'translator' && status === 'IN_PROGRESS') actions.push('review');
  if (role === 'admin') {
    for (const move of movesFor('admin', status)) {
      if (move === 'hold' || move === 'release' || move === 'cancel') actions.push(move);
    }
  }
  actions.push('message');
  return actions;
}

/** Whether the viewer may write in the project's discussion. */
export function canMessage(role: ViewerRole): boolean {
  return role !== 'candidate' && role !== 'reviewer';
}

/** Whether the viewer sees the project's files, timeline and messages (a candidate sees the brief and file names). */
export function seesEverything(role: ViewerRole): boolean {
  return role !== 'candidate' && role !== 'reviewer';
}

/** Whether the viewer may open the project's files (the reviewer of a QA or LL job over it does). */
export function seesFiles(role: ViewerRole): boolean {
  return role !== 'candidate';
}
