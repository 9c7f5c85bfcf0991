import { PROJECT_STATUSES, type ProjectStatus } from '@parlance/shared';

// The project status machine (ADR 0026): every move a project can make, from
// which statuses, to which, and who may make it. Pure: the service checks a move here, then makes
// it with an UPDATE guarded by the same `from` status, so that two moves racing cannot both happen.

export type MoveActor = 'customer' | 'translator' | 'editor' | 'admin' | 'scheduler';

export const PROJECT_MOVES = [
  'take',
  'deliver',
  'take-edit',
  'deliver-edit',
  'approve',
  'auto-complete',
  'mark-delayed',
  'dispute',
  'resolve-pay',
  'resolve-partial',
  'resolve-refund',
  'cancel',
  'hold',
  'release',
  'reassign',
  'preprocess',
  'finish-preprocess',
  'postprocess',
  'finish-postprocess',
  'review',
  'expire',
  'machine-deliver',
  'hand-over',
] as const;
export type ProjectMove = (typeof PROJECT_MOVES)[number];

/** Statuses no move leaves (except an admin's hold, which final statuses do not allow either). */
export const FINAL_STATUSES: readonly ProjectStatus[] = ['COMPLETED', 'CANCELLED'];

/** Where a move leads: a status, or back to the status the project had before its hold. */
export type MoveTarget = ProjectStatus | 'before-hold';

export interface MoveRule {
  move: ProjectMove;
  from: readonly ProjectStatus[];
  to: MoveTarget;
  /** `deliver` of a project with an editing step goes here instead of `to` */
  toWhenEditing?: ProjectStatus;
  who: readonly MoveActor[];
}

const HOLDABLE = PROJECT_STATUSES.filter((s) => s !== 'HOLD' && !FINAL_STATUSES.includes(s));

export const MOVE_RULES: Record<ProjectMove, MoveRule> = {
  take: { move: 'take', from: ['PENDING'], to: 'IN_PROGRESS', who: ['translator'] },
  deliver: {
    move: 'deliver',
    from: ['IN_PROGRESS', 'DELAYED'],
    to: 'READY',
    toWhenEditing: 'IN_REVIEW',
    who: ['translator'],
  },
  // the editor joins; the status stays IN_REVIEW (the guard also needs editor_id IS NULL)
  'take-edit': { move: 'take-edit', from: ['IN_REVIEW'], to: 'IN_REVIEW', who: ['translator'] },
  'deliver-edit': { move: 'deliver-edit', from: ['IN_REVIEW'], to: 'READY', who: ['editor'] },
  approve: { move: 'approve', from: ['READY'], to: 'COMPLETED', who: ['customer'] },
  'auto-complete': { move: 'auto-complete', from: ['READY'], to: 'COMPLETED', who: ['scheduler'] },
  'mark-delayed': { move: 'mark-delayed', from: ['IN_PROGRESS'], to: 'DELAYED', who: ['scheduler'] },
  dispute: { move: 'dispute', from: ['READY'], to: 'DISPUTED', who: ['customer'] },
  'resolve-pay': { move: 'resolve-pay', from: ['DISPUTED'], to: 'COMPLETED', who: ['admin'] },
  'resolve-partial': { move: 'resolve-partial', from: ['DISPUTED'], to: 'COMPLETED', who: ['admin'] },
  'resolve-refund': { move: 'resolve-refund', from: ['DISPUTED'], to: 'CANCELLED', who: ['admin'] },
  cancel: { move: 'cancel', from: ['PENDING', 'PREPROCESSING'], to: 'CANCELLED', who: ['customer', 'admin'] },
  hold: { move: 'hold', from: HOLDABLE, to: 'HOLD', who: ['admin'] },
  release: { move: 'release', from: ['HOLD'], to: 'before-hold', who: ['admin'] },
  reassign: { move: 'reassign', from: ['PENDING', 'IN_PROGRESS', 'DELAYED'], to: 'IN_PROGRESS', who: ['admin'] },
  // the platform prepares the source (OCR, DTP) before the job is offered; nobody can take it meanwhile
  preprocess: { move: 'preprocess', from: ['PENDING'], to: 'PREPROCESSING', who: ['admin'] },
  'finish-preprocess': { move: 'finish-preprocess', from: ['PREPROCESSING'], to: 'PENDING', who: ['admin'] },
  // the platform formats a delivery before the customer gets it back; the auto-complete clock restarts after
  postprocess: { move: 'postprocess', from: ['READY'], to: 'POSTPROCESSING', who: ['admin'] },
  'finish-postprocess': { move: 'finish-postprocess', from: ['POSTPROCESSING'], to: 'READY', who: ['admin'] },
  // the reviewer of a QA or LL job submits the review: the job is done (review-jobs.ts)
  review: { move: 'review', from: ['IN_PROGRESS'], to: 'COMPLETED', who: ['translator'] },
  // nobody took the job before its deadline and the grace after it (timed-moves.ts expireUntaken)
  expire: { move: 'expire', from: ['PENDING'], to: 'CANCELLED', who: ['scheduler'] },
  // a machine-only project is translated while PREPROCESSING (nobody can take it) and delivered by
  // the machine-translation task; when the engine fails for good it opens to translators (ADR 0108)
  'machine-deliver': { move: 'machine-deliver', from: ['PREPROCESSING'], to: 'READY', who: ['scheduler'] },
  'hand-over': { move: 'hand-over', from: ['PREPROCESSING'], to: 'PENDING', who: ['scheduler'] },
};

export interface MoveContext {
  /** the project has an editing step (matching.ts needsEditing) */
  needsEditing?: boolean;
  /** the status remembered by `hold` */
  statusBeforeHold?: ProjectStatus | null;
}

/** Whether `move` may leave `status` (who aside). */
export function moveAllowedFrom(move: ProjectMove, status: ProjectStatus): boolean {
  return MOVE_RULES[move].from.includes(status);
}

/** Whether `actor` is one who makes `move` (status aside). */
export function actorMayMove(move: ProjectMove, actor: MoveActor): boolean {
  return MOVE_RULES[move].who.includes(actor);
}

/**
 * The status `move` leads to from `status`, or null when the move is not allowed from there.
 * `release` needs the remembered status (and refuses a HOLD without one).
 */
export function nextStatus(move: ProjectMove, status: ProjectStatus, ctx: MoveContext = {}): ProjectStatus | null {
  const rule = MOVE_RULES[move];
  if (!rule.from.includes(status)) return null;
  if (rule.to === 'before-hold') {
    const back = ctx.statusBeforeHold;
    return back && back !== 'HOLD' && !FINAL_STATUSES.includes(back) ? back : null;
  }
  if (rule.toWhenEditing && ctx.needsEditing) return rule.toWhenEditing;
  return rule.to;
}

/** The moves `actor` could make from `status` now. */
export function movesFor(actor: MoveActor, status: ProjectStatus): ProjectMove[] {
  return PROJECT_MOVES.filter((m) => actorMayMove(m, actor) && moveAllowedFrom(m, status));
}
