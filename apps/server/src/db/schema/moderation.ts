import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MODERATION_SOURCES, MODERATION_STATUSES, type ModerationReason } from '@parlance/shared';
import { users } from './users';

/** A vocabulary language (spec 2: language id, name); `name_key` is the case-folded name, unique. */
export const moderationLanguages = pgTable(
  'moderation_languages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('moderation_languages_name_key_idx').on(t.nameKey)],
);

/** A banned word or phrase of a vocabulary language; `word_key` is its matching key, unique per language. */
export const moderationWords = pgTable(
  'moderation_words',
  {
    id: serial('id').primaryKey(),
    languageId: integer('language_id')
      .notNull()
      .references(() => moderationLanguages.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    wordKey: text('word_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('moderation_words_language_key_idx').on(t.languageId, t.wordKey),
    // a language's words in pages of 30, newest first
    index('moderation_words_language_idx').on(t.languageId, t.id),
  ],
);

/**
 * One row: a stamp that changes with every vocabulary change (in the same transaction), so that every
 * server instance knows when its compiled vocabulary is stale.
 */
export const moderationVocabularyVersion = pgTable('moderation_vocabulary_version', {
  id: integer('id').primaryKey(),
  stamp: text('stamp').notNull(),
});

/**
 * A message held for moderation (spec 2: moderation item). `source` + `message_ref` name the message
 * in its source (a project discussion post, a team-chat message); `title` is what the moderator
 * searches by (the project's or chat's name).
 */
export const moderations = pgTable(
  'moderations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source', { enum: MODERATION_SOURCES }).notNull(),
    messageRef: text('message_ref').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    language: text('language').notNull().default(''),
    message: text('message').notNull(),
    reasons: jsonb('reasons').$type<ModerationReason[]>().notNull().default([]),
    link: text('link').notNull(),
    status: text('status', { enum: MODERATION_STATUSES }).notNull().default('pending'),
    /** the project of a discussion post (null for other sources) */
    projectId: bigint('project_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('moderations_source_ref_idx').on(t.source, t.messageRef),
    // the table: a status and a date range, newest first; and all statuses by date
    index('moderations_status_created_idx').on(t.status, t.createdAt, t.id),
    index('moderations_created_idx').on(t.createdAt, t.id),
    index('moderations_author_idx').on(t.authorId),
    index('moderations_title_idx').on(sql`lower(${t.title})`),
  ],
);

/** The history of a moderation row: held, approved, declined, with who and when. */
export const moderationHistory = pgTable(
  'moderation_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    moderationId: bigint('moderation_id', { mode: 'number' })
      .notNull()
      .references(() => moderations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: MODERATION_STATUSES }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_history_moderation_idx').on(t.moderationId, t.id)],
);
