import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './projects';

/**
 * The machine-translation job of a paid MT or post-editing project (ADR 0108): one per project,
 * found due by the scheduler's `machine-translation.run` task. `translations` holds every segment
 * translated so far ("<order file id>:<segment id>" -> target markup), saved after each batch, so
 * a restart resumes where the last batch ended.
 */
export const mtJobs = pgTable(
  'mt_jobs',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** queued, running (a batch was saved), done (delivered or drafted), failed (a person takes over) */
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** the engine that translates (the stored choice, or the first that serves the pair) */
    engine: text('engine'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    segmentsDone: integer('segments_done').notNull().default(0),
    segmentsTotal: integer('segments_total').notNull().default(0),
    wordsDone: integer('words_done').notNull().default(0),
    wordsTotal: integer('words_total').notNull().default(0),
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mt_jobs_project_uq').on(t.projectId), index('mt_jobs_due_idx').on(t.state, t.nextAttemptAt)],
);
