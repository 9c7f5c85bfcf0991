import { z } from './zod';
import { CHAT_TYPES, CHAT_USER_TYPES, MESSAGE_STATUSES, REACTION_TYPES, SYSTEM_ACTIONS } from './chat';

// The zod schemas of chat.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

// ---------------------------------------------------------------- answers (spec 3 sections 3 and 7)

const chatId = z.number().int();
const isoTime = z.string().describe('ISO 8601 time');
const chatPersonSchema = z.object({ id: chatId, name: z.string() });

/** A chat user (members, contacts): spec 3 section 3. */
export const chatUserSchema = z.object({
  id: chatId,
  name: z.string(),
  type: z.enum(CHAT_USER_TYPES),
  pictureUrl: z.string().nullable(),
  languagePairs: z.array(z.object({ sourceLanguage: z.string(), targetLanguage: z.string() })),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** GET /current-user */
export const chatCurrentUserSchema = z.object({
  id: chatId,
  name: z.string(),
  type: z.enum(['customer', 'translator', 'admin']),
  pictureUrl: z.string().nullable(),
});

/** A row of the chat list, as GET /chat/api/chats answers it (the server presents it, the web reads it). */
export const chatListEntrySchema = z.object({
  chatId,
  id: chatId,
  title: z.string(),
  type: z.enum(CHAT_TYPES),
  owner: chatPersonSchema,
  createdAt: isoTime,
  deletedAt: isoTime.nullable(),
  pinnedAt: isoTime.nullable(),
  /** the chat's latest event number: the live channel's cursor */
  lastSeq: z.number().int(),
  membersCount: z.number().int(),
  lastMessage: z
    .object({
      id: chatId,
      createdAt: isoTime,
      text: z.string(),
      author: chatPersonSchema.nullable(),
      attachmentName: z.string().nullable(),
    })
    .nullable(),
  notifications: z.object({ messages: z.number().int(), reactions: z.number().int() }),
  /** what the viewer may do to the chat itself (the server's rules, so the web shows only those buttons) */
  actions: z.object({ remove: z.boolean(), restore: z.boolean() }),
});
export type ChatListEntry = z.infer<typeof chatListEntrySchema>;
export const chatListSchema = z.object({ data: z.array(chatListEntrySchema) });

/** A file attached to a message. */
export const chatAttachmentSchema = z.object({
  id: chatId,
  fileId: z.string(),
  filename: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  deletedAt: isoTime.nullable(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** A message as a viewer sees it (a deleted one has no text or files but for admins). */
export const chatMessageSchema = z.object({
  id: chatId,
  chatId,
  seq: z.number().int(),
  text: z.string(),
  type: z.enum(['ordinary', 'system']),
  action: z.enum(SYSTEM_ACTIONS).nullable(),
  /** the target of a system action */
  user: chatPersonSchema.nullable(),
  author: z
    .object({ id: chatId, name: z.string(), pictureUrl: z.string().nullable(), type: z.enum(CHAT_USER_TYPES) })
    .nullable(),
  createdAt: isoTime,
  editedAt: isoTime.nullable(),
  deletedAt: isoTime.nullable(),
  status: z.enum(MESSAGE_STATUSES),
  isPinned: z.boolean(),
  pinnedAt: isoTime.nullable(),
  /** the sender's own client id (a retry with it is stored once); null for others */
  clientId: z.string().nullable(),
  attachments: z.array(chatAttachmentSchema),
  reactions: z.array(z.object({ type: z.enum(REACTION_TYPES), author: chatPersonSchema })),
  replyTo: z
    .object({ id: chatId, text: z.string(), author: chatPersonSchema.nullable(), deletedAt: isoTime.nullable() })
    .nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** GET /messages/{id}: the message and the history page it is on. */
export const chatMessageWithPageSchema = chatMessageSchema.extend({ pageNumber: z.number().int() });
/** GET /chats/{id}/messages */
export const chatHistoryPageSchema = z.object({
  data: z.array(chatMessageSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type ChatHistoryPage = z.infer<typeof chatHistoryPageSchema>;
/**
 * GET /chats/{id}/messages?page=N, or ?before={messageId} / ?after={messageId}: the 30 messages
 * just older / newer than a message of the chat (what an endless scroll asks for; one of the two).
 */
const messageCursor = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const chatHistoryQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    before: messageCursor.optional(),
    after: messageCursor.optional(),
  })
  .refine((q) => q.before === undefined || q.after === undefined, {
    message: 'Ask for messages before a message or after one, not both',
    path: ['after'],
  });
/** GET /chats/{id}/pinnedMessages */
export const chatMessageListSchema = z.object({ data: z.array(chatMessageSchema) });
/** A message found by a search, best match first: with a snippet of its text around the matched words. */
export const chatFoundMessageSchema = chatMessageSchema.extend({
  snippet: z.string().describe('the text around the matched words, each between U+E000 and U+E001'),
});
export type ChatFoundMessage = z.infer<typeof chatFoundMessageSchema>;
/**
 * GET /chat/{chatId}/search/{phrase}: a page of matches, best first; `next` is the query of the page
 * after it (`before` left out while null), null after the last.
 */
export const chatInChatSearchSchema = z.object({
  messages: z.array(chatFoundMessageSchema),
  next: z.object({ before: z.number().int().nullable(), skip: z.number().int() }).nullable(),
});
export type ChatInChatSearch = z.infer<typeof chatInChatSearchSchema>;

/** PATCH /chats/{id}/seen: how many notifications were cleared. */
export const chatSeenSchema = z.object({ seen: z.number().int() });

/** GET /chat-members/{chatId}, GET /my-contacts, GET /admin/user-contacts/{userId} */
export const chatPeopleSchema = z.object({ data: z.array(z.object({ user: chatUserSchema })) });

/** GET /notifications?exists[seenAt]=false: unseen, grouped by chat and type; total is the badge. */
export const chatNotificationsSchema = z.object({
  data: z.array(z.object({ chatId, type: z.enum(['message', 'reaction']), count: z.number().int() })),
  total: z.number().int(),
});
export type ChatNotifications = z.infer<typeof chatNotificationsSchema>;

/** GET /chat-attachments/{chatId}: the files tab. */
export const chatFileSchema = chatAttachmentSchema.omit({ deletedAt: true }).extend({
  createdAt: isoTime,
  /** the message it is attached to (the tab lists sent files only) */
  messageId: chatId,
  uploaderId: chatId,
});
export type ChatFile = z.infer<typeof chatFileSchema>;
export const chatFilesSchema = z.object({ data: z.array(chatFileSchema) });

/** GET /search/{phrase}: files, chats and messages of the viewer's chats. */
export const chatSearchSchema = z.object({
  attachments: z.array(
    chatAttachmentSchema.omit({ deletedAt: true }).extend({ chatId: chatId.nullable(), messageId: chatId.nullable() }),
  ),
  chats: z.array(chatListEntrySchema),
  messages: z.array(chatFoundMessageSchema),
});
export type ChatSearchResult = z.infer<typeof chatSearchSchema>;

/** GET /admin/users?externalId[]=: customers found by external id. */
export const chatAdminUsersSchema = z.object({
  data: z.array(
    z.object({
      id: chatId,
      externalId: z.string(),
      name: z.string(),
      /** for staff telling customers of one name apart */
      email: z.string(),
      type: z.enum(CHAT_USER_TYPES),
      pictureUrl: z.string().nullable(),
    }),
  ),
});

/** POST /file-storage/api/files */
export const chatUploadSchema = z.object({
  id: chatId,
  originalName: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
});
export type ChatUpload = z.infer<typeof chatUploadSchema>;

/** The answers of calls that only confirm. */
export const chatDeletedSchema = z.object({ deleted: z.literal(true) });
export const chatAddedSchema = z.object({ added: z.literal(true) });
export const chatRemovedSchema = z.object({ removed: z.literal(true) });
