import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { languages } from './reference';
import { users } from './users';

// A customer's language assets: terminology per language pair, glossary files,
// translation memory (TMX imports, one row per segment) and the groups of translators who may
// download that memory (the spec's shared translation memory, "cat-tool-map").

export const terminologySets = pgTable(
  'terminology_sets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceLangId: integer('source_lang_id')
      .notNull()
      .references(() => languages.id),
    targetLangId: integer('target_lang_id')
      .notNull()
      .references(() => languages.id),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: ['csv', 'xlsx', 'tbx'] }).notNull(),
    termCount: integer('term_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('terminology_sets_pair_uq').on(t.userId, t.sourceLangId, t.targetLangId)],
);

export const terminologyTerms = pgTable(
  'terminology_terms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    setId: integer('set_id')
      .notNull()
      .references(() => terminologySets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    source: text('source').notNull(),
    target: text('target').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [index('terminology_terms_set_idx').on(t.setId, t.position)],
);

export const glossaryFiles = pgTable(
  'glossary_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageId: text('storage_id').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('glossary_files_user_idx').on(t.userId, t.id)],
);

export const tmImports = pgTable(
  'tm_imports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    unitCount: integer('unit_count').notNull(),
    languages: text('languages').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tm_imports_user_idx').on(t.userId, t.id)],
);

/** One language variant of a translation unit; a unit is (import_id, unit_no). */
export const tmSegments = pgTable(
  'tm_segments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => tmImports.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    unitNo: integer('unit_no').notNull(),
    lang: text('lang').notNull(),
    /** the <seg> content as XML (inline tags kept, text escaped) */
    content: text('content').notNull(),
    /** the text a reader sees (inline codes left out) */
    plain: text('plain').notNull(),
    /** lower-cased, spaces collapsed, first 200 characters: the prefix-search key */
    norm: text('norm').notNull(),
  },
  (t) => [
    index('tm_segments_unit_idx').on(t.importId, t.unitNo),
    index('tm_segments_search_idx').on(t.userId, t.lang, t.norm.op('text_pattern_ops')),
  ],
);

export const tmShareGroups = pgTable(
  'tm_share_groups',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tm_share_groups_owner_idx').on(t.ownerId, t.id)],
);

export const tmShareMembers = pgTable(
  'tm_share_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => tmShareGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('tm_share_members_user_idx').on(t.userId)],
);
