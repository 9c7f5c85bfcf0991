import type { ProjectStatus, ProjectStatusFilter } from './projects';

/**
 * Every group of project statuses that a rule reads, in one place. The server's rules (projects/
 * policy.ts, resources, lists) and the web's filters use these names; a page never keeps its own
 * copy of a group to guess what a user may do — the rows and the project page carry `actions`.
 */
export const STATUS_GROUPS = {
  /** the customer may rate the work */
  ratable: ['READY', 'COMPLETED', 'DISPUTED'],
  /** the work was delivered to the customer (who may read it in the editor) */
  delivered: ['READY', 'COMPLETED', 'DISPUTED'],
  /** the delivered files may be downloaded (one by one or as a zip) */
  downloadable: ['READY', 'COMPLETED'],
  /** the translator may replace a delivered or working file */
  replaceable: ['IN_PROGRESS', 'DELAYED', 'IN_REVIEW', 'READY'],
  /** a translator is working on it now */
  active: ['IN_PROGRESS', 'DELAYED', 'IN_REVIEW'],
  /** a translator's current jobs (the translator's "active" scope) */
  translatorWorking: ['IN_PROGRESS', 'DELAYED'],
  /** a deadline is still running (past it, the project is overdue) */
  deadlineRunning: ['PENDING', 'IN_PROGRESS', 'DELAYED', 'IN_REVIEW'],
  /** open to a translator who matches: new jobs, and editing jobs after delivery */
  open: ['PENDING', 'IN_REVIEW'],
} as const satisfies Record<string, readonly ProjectStatus[]>;

export type StatusGroup = keyof typeof STATUS_GROUPS;

export function inStatusGroup(group: StatusGroup, status: ProjectStatus): boolean {
  return (STATUS_GROUPS[group] as readonly ProjectStatus[]).includes(status);
}

/** The statuses behind each filter value of the customer's list (HOLD and DISPUTED: only under ALL). */
export const STATUS_FILTER_MEMBERS: Record<Exclude<ProjectStatusFilter, 'ALL'>, ProjectStatus[]> = {
  PENDING: ['PENDING', 'PREPROCESSING'],
  IN_PROGRESS: ['IN_PROGRESS', 'DELAYED', 'IN_REVIEW', 'POSTPROCESSING'],
  READY: ['READY'],
  COMPLETED: ['COMPLETED'],
  CANCELLED: ['CANCELLED'],
};
