import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

// The translator's workbench (ADR 0109): a job's source files as segments, stored when the job is
// first opened in the editor, with the targets typed into them. The original upload stays the
// skeleton that a delivery merges the targets into; nothing else of the file is kept.

/** One source file of a project as the editor reads it (file 0 is an order's pasted text). */
export const workbenchDocuments = pgTable(
  'workbench_documents',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** the order file (purchase_order_files.id); 0 for pasted text */
    fileId: integer('file_id').notNull(),
    /** the document's place in the job, from 1 */
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    /** the format read (txt, docx, xlsx, html, srt, pdf) and the one a delivery writes */
    format: text('format').notNull(),
    output: text('output').notNull(),
    segmentCount: integer('segment_count').notNull(),
    words: integer('words').notNull(),
    /** kept by the segments' statements (migration 0054's trigger): the job's progress without an aggregate */
    confirmedSegments: integer('confirmed_segments').notNull().default(0),
    confirmedWords: integer('confirmed_words').notNull().default(0),
    draftSegments: integer('draft_segments').notNull().default(0),
    reviewedSegments: integer('reviewed_segments').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('workbench_documents_file_uq').on(t.projectId, t.fileId)],
);

export const workbenchSegments = pgTable(
  'workbench_segments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => workbenchDocuments.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** the segment's place in the job, from 1, across its documents */
    ordinal: integer('ordinal').notNull(),
    /** the segment's id in its file (platform/segments: "<block>.<sentence>"), the key of a merge */
    segmentKey: text('segment_key').notNull(),
    /** XLIFF 2.1 inline markup */
    source: text('source').notNull(),
    tags: jsonb('tags').$type<Record<string, unknown>>().notNull().default({}),
    context: text('context').notNull().default(''),
    words: integer('words').notNull(),
    /** the source's text lower-cased with spaces collapsed: segments with the same key are repetitions */
    repetitionKey: text('repetition_key').notNull(),
    /** how many other segments of the job have this exact source: none, and a confirm fills nothing */
    repetitions: integer('repetitions').notNull().default(0),
    target: text('target').notNull().default(''),
    /** new, draft, translated, reviewed (SEGMENT_STATUSES) */
    status: text('status', { enum: ['new', 'draft', 'translated', 'reviewed'] })
      .notNull()
      .default('new'),
    /** manual, memory, machine, repetition, xliff, delivered (TARGET_ORIGINS) */
    origin: text('origin'),
    matchPercent: integer('match_percent'),
    /** bumped by every save: a save names the revision it started from */
    revision: integer('revision').notNull().default(0),
    /** the engine's suggestion, asked once and kept */
    machineTarget: text('machine_target'),
    machineEngine: text('machine_engine'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workbench_segments_ordinal_uq').on(t.projectId, t.ordinal),
    uniqueIndex('workbench_segments_key_uq').on(t.documentId, t.segmentKey),
    index('workbench_segments_repetition_idx').on(t.projectId, t.repetitionKey),
    // the segments saved since a moment: what a job's memory of confirmed segments reads (ADR 0110)
    index('workbench_segments_saved_idx').on(t.projectId, t.updatedAt),
  ],
);

/** A reviewer's MQM error on a segment of the reviewed project, made in a QA or LL job. */
export const segmentAnnotations = pgTable(
  'segment_annotations',
  {
    id: serial('id').primaryKey(),
    segmentId: bigint('segment_id', { mode: 'number' })
      .notNull()
      .references(() => workbenchSegments.id, { onDelete: 'cascade' }),
    /** the QA or LL job the annotation was made in */
    jobId: integer('job_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** MQM_CATEGORIES key */
    category: text('category').notNull(),
    severity: text('severity', { enum: ['minor', 'major', 'critical'] }).notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('segment_annotations_job_idx').on(t.jobId, t.segmentId),
    index('segment_annotations_segment_idx').on(t.segmentId),
  ],
);

/**
 * The segments a customer's dispute points at (ADR 0112), with their comment. One set per project:
 * a later dispute of the same project replaces the set; the dispute's reason stays on the project.
 */
export const disputedSegments = pgTable(
  'disputed_segments',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    segmentId: bigint('segment_id', { mode: 'number' })
      .notNull()
      .references(() => workbenchSegments.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('disputed_segments_segment_uq').on(t.projectId, t.segmentId)],
);

/**
 * What reading a job's delivered files into targets gave (ADR 0122), stored at the delivery: the
 * newest delivered file (a project resource) read, and whether a file could not be read. An open
 * reads this row, never the files; a newer delivery is read again.
 */
export const workbenchDeliveredReads = pgTable('workbench_delivered_reads', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  resourceId: integer('resource_id').notNull(),
  unreadable: boolean('unreadable').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
});
