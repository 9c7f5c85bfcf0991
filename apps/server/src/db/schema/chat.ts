import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CHAT_TYPES, MESSAGE_STATUSES, REACTION_TYPES, SYSTEM_ACTIONS } from '@parlance/shared';
import { users } from './users';

/** A full-text document; written by the database only (generated columns). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A text search configuration's name ('simple', 'english' ...). */
const regconfig = customType<{ data: string }>({ dataType: () => 'regconfig' });

/**
 * Team chat (spec 3). Every change other members must see takes the next number of the chat's
 * gap-free sequence (`chats.last_seq`, incremented under the chat row's lock in the change's own
 * transaction) and is written to `chat_events`; a client resumes each chat from its last number.
 */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: CHAT_TYPES }).notNull().default('my-team'),
    title: text('title').notNull(),
    /** the customer whose chat it is (my-team) or who created / was created for (custom) */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    /** the number of the chat's latest message (chat_messages.ordinal): taken with last_seq, under the same lock */
    lastOrdinal: bigint('last_ordinal', { mode: 'number' }).notNull().default(0),
    /** the language its messages are indexed in besides 'simple' (searchConfigOf in the chat module) */
    searchConfig: regconfig('search_config').notNull().default('simple'),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    titleVector: tsvector('title_vector').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, "title")`),
    /** the chat list's order after the pins */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).generatedAlwaysAs(
      sql`greatest("created_at", coalesce("last_message_at", "created_at"))`,
    ),
  },
  (t) => [
    index('chats_owner_idx').on(t.ownerId),
    index('chats_title_search_idx').using('gin', t.titleVector).with({ fastupdate: 'off' }),
    index('chats_activity_idx').on(t.lastActivityAt.desc(), t.id.desc()),
    // one my-team chat per customer
    uniqueIndex('chats_my_team_uq').on(t.ownerId).where(sql`${t.type} = 'my-team'`),
  ],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the member pinned the chat in their list */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** the chat sequence number of its creation */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** its number in the chat: 1, 2, 3 ... in id order with no gaps, so history page N is a range of numbers */
    ordinal: bigint('ordinal', { mode: 'number' }).notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** the sender's id for this send: a retried send with the same id is stored once */
    clientId: text('client_id'),
    kind: text('kind', { enum: ['ordinary', 'system'] })
      .notNull()
      .default('ordinary'),
    action: text('action', { enum: SYSTEM_ACTIONS }),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('approved'),
    replyToId: bigint('reply_to_id', { mode: 'number' }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** the chat's search language when written */
    searchConfig: regconfig('search_config').notNull().default('simple'),
    /** 'simple' words (names, numbers, prefixes), the language's stems and '#<chat id>' (scopes a GIN scan to chats) */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`CASE WHEN "search_config" = 'simple'::regconfig THEN to_tsvector('simple'::regconfig, "text")
  ELSE to_tsvector('simple'::regconfig, "text") || to_tsvector("search_config", "text") END
  || array_to_tsvector(ARRAY['#' || "chat_id"::text])`,
    ),
  },
  (t) => [
    index('chat_messages_chat_idx').on(t.chatId, t.id),
    uniqueIndex('chat_messages_ordinal_uq').on(t.chatId, t.ordinal),
    index('chat_messages_unapproved_idx').on(t.chatId, t.ordinal).where(sql`${t.status} <> 'approved'`),
    uniqueIndex('chat_messages_client_uq').on(t.authorId, t.clientId),
    index('chat_messages_pinned_idx').on(t.chatId).where(sql`${t.pinnedAt} IS NOT NULL`),
    index('chat_messages_search_idx').using('gin', t.searchVector).with({ fastupdate: 'off' }),
  ],
);

/** An uploaded chat file; bound to a message when sent (unbound ones belong to their uploader only). */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: serial('id').primaryKey(),
    fileId: text('file_id').notNull(),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => chatMessages.id, { onDelete: 'cascade' }),
    chatId: integer('chat_id').references(() => chats.id, { onDelete: 'cascade' }),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    nameVector: tsvector('name_vector').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, "original_name")`),
  },
  (t) => [
    index('chat_attachments_message_idx').on(t.messageId),
    index('chat_attachments_chat_idx').on(t.chatId),
    index('chat_attachments_name_search_idx').using('gin', t.nameVector).with({ fastupdate: 'off' }),
  ],
);

export const chatReactions = pgTable(
  'chat_reactions',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: REACTION_TYPES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.type] })],
);

/** What a member has not seen yet: one row per new message or reaction for them; seenAt set by PATCH /chats/{id}/seen. */
export const chatNotifications = pgTable(
  'chat_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['message', 'reaction'] }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [index('chat_notifications_unseen_idx').on(t.userId, t.chatId).where(sql`${t.seenAt} IS NULL`)],
);

/** The chat's changes in sequence order, each for the users in `audience` (members then, plus whoever a change concerns). */
export const chatEvents = pgTable(
  'chat_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    audience: integer('audience').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_events_seq_uq').on(t.chatId, t.seq), index('chat_events_created_idx').on(t.createdAt)],
);
