import { z } from 'zod';

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

/** GET /api/2/account/messages (page, limit, filter_status, filter_type) */
export const messagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_LIMITS.defaultPageSize),
  filter_status: z.enum(MESSAGE_STATUS_FILTERS).default('all'),
  filter_type: z.union([z.literal('all'), z.enum(MESSAGE_TYPES)]).default('all'),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  typeLabel: z.string(),
  subject: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListSchema = z.object({
  data: z.array(messageSchema),
  totalCount: z.number().int(),
  /** the user's unread count over all their messages (the user bar's number) */
  unread: z.number().int(),
});
export type MessageList = z.infer<typeof messageListSchema>;

/** Form bodies name arrays `ids[]` (as the spec's `req[]`): read them under the plain name. */
export function bracketKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key.endsWith('[]') ? key.slice(0, -2) : key] = v;
  return out;
}

const idList = z
  .union([z.array(z.coerce.number().int().positive()), z.coerce.number().int().positive()])
  .transform((v) => (Array.isArray(v) ? v : [v]));

/** POST /api/2/account/messages/read (ours: the bulk form of .../messages/{id}/read): ids[] */
export const markMessagesReadSchema = z.preprocess(
  bracketKeys,
  z.object({
    ids: idList
      .optional()
      .transform((v) => v ?? [])
      .pipe(
        z.array(z.number()).min(1, MESSAGE_TEXTS.selectAtLeastOne).max(MESSAGE_LIMITS.maxBulk, MESSAGE_TEXTS.tooMany),
      ),
  }),
);
export type MarkMessagesRead = z.input<typeof markMessagesReadSchema>;

export const markReadAnswerSchema = z.object({ marked: z.number().int(), unread: z.number().int() });
export type MarkReadAnswer = z.infer<typeof markReadAnswerSchema>;

/** POST /api/2/admin/messages (ours): an admin notice to one user */
export const adminNoticeSchema = z.object({
  user_id: z.coerce.number().int().positive(),
  subject: z.string().trim().min(1, MESSAGE_TEXTS.subjectRequired).max(MESSAGE_LIMITS.subjectMaxLength),
  body: z.string().trim().min(1, MESSAGE_TEXTS.bodyRequired).max(MESSAGE_LIMITS.bodyMaxLength),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;
