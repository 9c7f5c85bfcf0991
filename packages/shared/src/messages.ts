// The message box (/mbox, spec 2 sections 2 and 7): what a user is told about, filtered by status
// and type, paged on the server, marked read in bulk. A message marked read stays read.

export const MESSAGE_TYPES = [
  'project_started',
  'project_delivered',
  'project_completed',
  'project_cancelled',
  'discussion',
  'payout',
  'admin_notice',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const MESSAGE_TYPE_LABELS: Record<MessageType, string> = {
  project_started: 'Project started',
  project_delivered: 'Project delivered',
  project_completed: 'Project completed',
  project_cancelled: 'Project cancelled',
  discussion: 'Discussion post',
  payout: 'Payout status',
  admin_notice: 'Notice',
};

export const MESSAGE_STATUS_FILTERS = ['all', 'unread', 'read'] as const;
export type MessageStatusFilter = (typeof MESSAGE_STATUS_FILTERS)[number];

/** The spec leaves the message page size open: ours, with the statement's choices. */
export const MESSAGE_LIMITS = {
  pageSizeOptions: [10, 25, 50],
  defaultPageSize: 25,
  /** ids one bulk "mark as read" may carry */
  maxBulk: 200,
  subjectMaxLength: 200,
  bodyMaxLength: 5000,
} as const;

export const MESSAGE_TEXTS = {
  selectAtLeastOne: 'Please select at least one item',
  notFound: 'Message not found',
  markedRead: 'Marked as read',
  empty: 'No messages yet',
  emptyFiltered: 'No messages match these filters',
  tooMany: `At most ${MESSAGE_LIMITS.maxBulk} messages at once`,
  subjectRequired: 'Please enter a subject',
  bodyRequired: 'Please enter a message',
  noticeSent: 'Notice sent',
} as const;

/** Form bodies name arrays `ids[]` (as the spec's `req[]`): read them under the plain name. */
export function bracketKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key.endsWith('[]') ? key.slice(0, -2) : key] = v;
  return out;
}
