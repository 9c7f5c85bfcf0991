import { and, eq, getTableColumns, ne, or, sql } from 'drizzle-orm';
import {
  type QaWarning,
  type SegmentSaved,
  type segmentSaveSchema,
  type WorkbenchProgress,
  type WorkbenchSegment,
  WORKBENCH_TEXTS,
} from '@parlance/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { projects, workbenchDocuments, workbenchSegments } from '../../db/schema';
import { AppError, forbidden } from '../../platform/errors';
import { checkTags, parseMarkup, plainText } from '../../platform/segments';
import type { AuthContext } from '../../platform/session';
import { segmentAccess, type WorkbenchAccess, type WorkbenchSegmentRow } from './access';
import { presentSegment, progressOf } from './present';
import { qaContextOf, warningsOf } from './qa';

// Saving a segment (PUT /api/2/workbench/segments/{id}): a conditional UPDATE on the revision the
// editor started from, so that two tabs (or two people) never overwrite each other silently; the
// loser gets 409 with the segment as it now is. Confirming checks the target (not empty, tags that
// fit) and fills the job's untouched repetitions of the same source. Kept to two statements for a
// draft (ADR 0113): the segment with its project in one read, and one UPDATE whose RETURNING also
// reads the job's progress counters; confirming adds the terms' read, and the repetitions' UPDATE
// for a segment whose source is not unique in the job (its repetitions counted on the open, ADR 0115).

export type SegmentSaveInput = z.output<typeof segmentSaveSchema>;

/** An answer with more than a message: the route sends `body` with `status`. */
export class WorkbenchAnswer extends Error {
  constructor(
    readonly status: 409 | 422,
    readonly body: {
      status: 'ERROR';
      message: string;
      segment?: WorkbenchSegment;
      problems?: string[];
      warnings?: QaWarning[];
    },
  ) {
    super(body.message);
  }
}

const CONFIRMED = ['translated', 'reviewed'] as const;
const isConfirmed = (status: string) => (CONFIRMED as readonly string[]).includes(status);

/** 403 for a person who only reads; 409 when the job is not in a state to change. */
export function requireEditable(access: WorkbenchAccess): void {
  if (access.readOnly === null) return;
  if (access.readOnly === WORKBENCH_TEXTS.notEditable) throw new AppError(409, access.readOnly);
  throw forbidden(access.readOnly);
}

/** Why a confirmed target cannot be taken: empty, or tags that do not fit the source. */
function checkConfirmed(segment: WorkbenchSegmentRow, target: string): void {
  const { tokens, problems } = parseMarkup(target);
  if (plainText(target).trim() === '') {
    throw new WorkbenchAnswer(422, { status: 'ERROR', message: WORKBENCH_TEXTS.confirmEmpty });
  }
  const all = [...problems, ...checkTags(tokens, segment.tags as Parameters<typeof checkTags>[1])];
  if (all.length > 0) {
    throw new WorkbenchAnswer(422, { status: 'ERROR', message: WORKBENCH_TEXTS.tagsBroken, problems: all });
  }
}

/**
 * The job's other segments with exactly this source that nobody has worked on yet (new, or a
 * draft with no target) take the confirmed target, through the repetition index.
 */
async function fillRepetitions(
  db: Db,
  segment: WorkbenchSegmentRow,
  target: string,
  status: 'translated' | 'reviewed',
  userId: number,
  now: Date,
): Promise<WorkbenchSegmentRow[]> {
  return db
    .update(workbenchSegments)
    .set({
      target,
      status,
      origin: 'repetition',
      matchPercent: null,
      revision: sql`${workbenchSegments.revision} + 1`,
      updatedBy: userId,
      updatedAt: now,
    })
    .where(
      and(
        eq(workbenchSegments.projectId, segment.projectId),
        eq(workbenchSegments.repetitionKey, segment.repetitionKey),
        eq(workbenchSegments.source, segment.source),
        ne(workbenchSegments.id, segment.id),
        or(
          eq(workbenchSegments.status, 'new'),
          and(eq(workbenchSegments.status, 'draft'), eq(workbenchSegments.target, '')),
        ),
      ),
    )
    .returning();
}

/**
 * The job's progress counters (migration 0054) read inside the save's UPDATE, as one array: the
 * counters before the statement's own trigger runs (a RETURNING sees the statement's snapshot).
 */
function countersBefore(projectId: number) {
  const d = workbenchDocuments;
  return sql<number[]>`(select array[
      coalesce(sum(${d.segmentCount}), 0), coalesce(sum(${d.words}), 0), coalesce(sum(${d.confirmedSegments}), 0),
      coalesce(sum(${d.confirmedWords}), 0), coalesce(sum(${d.draftSegments}), 0)
    ]::int[] from ${d} where ${d.projectId} = ${projectId})`;
}

/** The progress after one segment went from `before` to `after`, as the trigger of 0054 counts it. */
function movedBy(
  counters: number[],
  before: Pick<WorkbenchSegmentRow, 'status' | 'words'>,
  after: Pick<WorkbenchSegmentRow, 'status' | 'words'>,
): WorkbenchProgress {
  const [segments = 0, words = 0, confirmedSegments = 0, confirmedWords = 0, draftSegments = 0] = counters.map(Number);
  const confirmed = (r: typeof before) => (isConfirmed(r.status) ? 1 : 0);
  const draft = (r: typeof before) => (r.status === 'draft' ? 1 : 0);
  return {
    segments,
    words,
    confirmedSegments: confirmedSegments + confirmed(after) - confirmed(before),
    confirmedWords: confirmedWords + confirmed(after) * after.words - confirmed(before) * before.words,
    draftSegments: draftSegments + draft(after) - draft(before),
  };
}

/**
 * The job is still in the status in which the save was allowed. The sub-select takes a share lock
 * on the project row: a delivery holds that row FOR UPDATE until it commits, so a save that was on
 * its way waits for it and then finds the job moved on, instead of landing after the delivery
 * (the lock is the one every project move takes; the check costs no extra statement).
 */
function stillEditable(projectId: number, status: string) {
  return sql`exists (select 1 from ${projects} where ${projects.id} = ${projectId} and ${projects.status} = ${status} for share)`;
}

export async function saveSegment(
  db: Db,
  actor: AuthContext,
  segmentId: number,
  input: SegmentSaveInput,
  now: Date,
): Promise<SegmentSaved> {
  return saveWithAccess(db, actor, await segmentAccess(db, actor, segmentId, now), input, now);
}

/**
 * The save once the access is read. Apart from saveSegment so that a test can hold a save
 * between its read and its UPDATE, as a save on its way while the job is delivered.
 */
export async function saveWithAccess(
  db: Db,
  actor: AuthContext,
  { access, segment }: Awaited<ReturnType<typeof segmentAccess>>,
  input: SegmentSaveInput,
  now: Date,
): Promise<SegmentSaved> {
  requireEditable(access);
  const confirming = isConfirmed(input.status);
  if (input.status === 'reviewed' && access.confirmStatus !== 'reviewed') {
    throw new WorkbenchAnswer(422, { status: 'ERROR', message: WORKBENCH_TEXTS.confirmAsEditor });
  }
  if (confirming) checkConfirmed(segment, input.target);
  const [returned] = await db
    .update(workbenchSegments)
    .set({
      target: input.target,
      status: input.status,
      origin: input.target === '' ? null : input.origin,
      matchPercent: input.origin === 'memory' ? input.matchPercent : null,
      revision: sql`${workbenchSegments.revision} + 1`,
      updatedBy: actor.user.id,
      updatedAt: now,
    })
    .where(
      and(
        eq(workbenchSegments.id, segment.id),
        eq(workbenchSegments.revision, input.revision),
        stillEditable(access.project.id, access.project.status),
      ),
    )
    .returning({ ...getTableColumns(workbenchSegments), counters: countersBefore(segment.projectId) });
  if (!returned) {
    const [[current], [job]] = await Promise.all([
      db.select().from(workbenchSegments).where(eq(workbenchSegments.id, segment.id)),
      db.select({ status: projects.status }).from(projects).where(eq(projects.id, access.project.id)),
    ]);
    // the job moved on (delivered, cancelled, reassigned) while this save was on its way
    if (job?.status !== access.project.status) throw new AppError(409, WORKBENCH_TEXTS.notEditable);
    throw new WorkbenchAnswer(409, {
      status: 'ERROR',
      message: WORKBENCH_TEXTS.conflict,
      segment: presentSegment(current ?? segment),
    });
  }
  const { counters, ...saved } = returned;
  // the checks' terms are read beside the repetitions' UPDATE; the progress counts what it filled
  const [filled, context] = await Promise.all([
    confirming && saved.repetitions > 0
      ? fillRepetitions(db, saved, input.target, access.confirmStatus, actor.user.id, now)
      : [],
    confirming ? qaContextOf(db, access.segmentsProject) : null,
  ]);
  // the counters as this statement found them, moved by this save alone, unless a fill moved more
  // or the row saved is not the one read (another save in between that the revision still matched)
  const progress =
    filled.length === 0 && segment.revision === input.revision
      ? movedBy(counters, segment, saved)
      : await progressOf(db, saved.projectId);
  const warnings = context ? warningsOf([saved], context) : [];
  return {
    segment: presentSegment(saved),
    warnings,
    filled: filled.map((row) => presentSegment(row)),
    progress,
  };
}
