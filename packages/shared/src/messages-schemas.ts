import { z } from './zod';
import { bracketKeys, MESSAGE_LIMITS, MESSAGE_STATUS_FILTERS, MESSAGE_TEXTS, MESSAGE_TYPES } from './messages';

// The zod schemas of messages.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

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
