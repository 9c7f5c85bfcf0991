// Projects after payment: statuses, labels, filters, limits and the payloads of the project
// lifecycle calls (ADR 0026). Texts are in PROJECT_TEXTS.

export const PROJECT_STATUSES = [
  'PENDING',
  'PREPROCESSING',
  'IN_PROGRESS',
  'DELAYED',
  'READY',
  'IN_REVIEW',
  'POSTPROCESSING',
  'COMPLETED',
  'HOLD',
  'CANCELLED',
  'DISPUTED',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** User-facing labels (spec 1 §3). */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  PENDING: 'Pending Linguist',
  PREPROCESSING: 'Preprocessing',
  IN_PROGRESS: 'In Progress',
  DELAYED: 'Delayed',
  READY: 'Translation Received',
  IN_REVIEW: 'In Review',
  POSTPROCESSING: 'Postprocessing',
  COMPLETED: 'Completed',
  HOLD: 'On Hold',
  CANCELLED: 'Cancelled',
  DISPUTED: 'Disputed',
};

/** Each status's colour (ours: the spec says each has one, not which). */
export const PROJECT_STATUS_COLORS: Record<ProjectStatus, string> = {
  PENDING: '#8a5300', // white text on it at 6.3:1 (the older #b26a00 was 4.2:1)
  PREPROCESSING: '#6d4c41',
  IN_PROGRESS: '#1565c0',
  DELAYED: '#c62828',
  READY: '#2e7d32',
  IN_REVIEW: '#6a1b9a',
  POSTPROCESSING: '#5d4037',
  COMPLETED: '#1b5e20',
  HOLD: '#616161',
  CANCELLED: '#757575',
  DISPUTED: '#ad1457',
};

/**
 * The statuses as lists and pages show them: each status, and 'underway' (spec 1 §3: "other display
 * statuses seen"). Which projects are underway is ours: a QA or LL review job a reviewer is working
 * on. A review is not a translation in progress: it has no deadline pressure on the customer's
 * order and ends with a score, so it reads differently in the reviewer's and staff's lists.
 */
export type DisplayStatus = ProjectStatus | 'UNDERWAY';

export const DISPLAY_STATUS_LABELS: Record<DisplayStatus, string> = { ...PROJECT_STATUS_LABELS, UNDERWAY: 'Underway' };

export const DISPLAY_STATUS_COLORS: Record<DisplayStatus, string> = {
  ...PROJECT_STATUS_COLORS,
  UNDERWAY: '#00695c', // white text on it at 6.6:1
};

export function displayStatusOf(project: { status: ProjectStatus; kind: ProjectKind }): DisplayStatus {
  if (project.status === 'IN_PROGRESS' && (project.kind === 'qa' || project.kind === 'll')) return 'UNDERWAY';
  return project.status;
}

/** Filter values of the customer's list (spec 1 §3). */
export const PROJECT_STATUS_FILTERS = ['ALL', 'CANCELLED', 'COMPLETED', 'IN_PROGRESS', 'PENDING', 'READY'] as const;
export type ProjectStatusFilter = (typeof PROJECT_STATUS_FILTERS)[number];

export const PROJECT_KINDS = ['classic', 'bundle', 'bonus', 'qa', 'll', 'rating', 'model-training'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

/** Low-rating reason flags of the rating modal (spec 1 §3); asked for ratings of 3 stars or less. */
export const RATING_REASONS = [
  { value: 'unsatisfactory_service', label: 'Unsatisfactory service' },
  { value: 'overly_literal', label: 'Overly literal' },
  { value: 'instructions_not_followed', label: 'Instructions not followed' },
  { value: 'grammar_mistakes', label: 'Grammar mistakes or typos' },
  { value: 'delivery_not_on_time', label: 'Delivery not on time' },
] as const;
export const RATING_REASON_VALUES = RATING_REASONS.map((r) => r.value) as [string, ...string[]];
/** Ratings at or below this ask for reasons and a comment. */
export const LOW_RATING_MAX = 3;

export const PROJECT_LIMITS = {
  nameMinLength: 2,
  nameMaxLength: 200,
  tagMaxLength: 20,
  tagsMax: 30,
  ratingCommentMinLength: 3,
  bulkMessageMinProjects: 2,
  messageMaxLength: 5000,
  disputeReasonMinLength: 10,
  deliveryMaxBytes: 250 * 1024 * 1024,
  /** rows-per-page options of the project lists; the first is the default */
  rowsPerPageOptions: [10, 25, 50, 100] as const,
  /** how long a customer's My Team translators see a new project before everybody else */
  myTeamFirstWindowMs: 2 * 60 * 60 * 1000,
  /** a delivery not approved or disputed within this completes by itself */
  autoCompleteAfterMs: 7 * 24 * 60 * 60 * 1000,
  /** earnings stay pending this long after completion */
  earningsHoldMs: 72 * 60 * 60 * 1000,
  /**
   * a paid job nobody took by its deadline leaves the open lists at the deadline and waits this
   * long for a language manager to place it (the LM dashboard's Expired tile); then it expires and
   * the customer is refunded in full
   */
  expireAfterDeadlineMs: 48 * 60 * 60 * 1000,
  /** the open-projects list polls as a fallback when the live connection is down */
  openProjectsPollMs: 30_000,
} as const;

export const DOWNLOAD_OPTIONS = ['all', 'translated'] as const;
export type DownloadOption = (typeof DOWNLOAD_OPTIONS)[number];

export const PROJECT_SORT_FIELDS = ['id', 'name', 'status', 'wordCount', 'deadline', 'createdAt', 'price'] as const;

/** The admin's list of every project on the platform (GET /api/2/admin/projects). */
export const ADMIN_PROJECT_SORT_FIELDS = ['id', 'createdAt', 'deadline', 'price', 'status'] as const;

// ---- answers ----

/** What a viewer may do with a project now: the server decides (projects/policy.ts), rows and pages carry them. */
export const PROJECT_ACTIONS = [
  'take',
  'take-edit',
  // the translator's, editor's or reviewer's way into the workbench (/ui-editor/{id})
  'open-editor',
  'deliver',
  'approve',
  'dispute',
  'cancel',
  'rate',
  'hold',
  'release',
  'reassign',
  'resolve',
  'review',
  'create-review-job',
  // last: the buttons of a page follow this order, and writing is what every viewer may do
  'message',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];
