import { and, eq, getTableColumns, ne, or, sql } from 'drizzle-orm';
import {
  type QaWarning,
  type SegmentSaved,
  type SegmentStatus,
  type segmentSaveSchema,
  type TargetOrigin,
  type WorkbenchProgress,
  type WorkbenchSegment,
  WORKBENCH_TEXTS,
} from '@parlance/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { languages, projects, terminologySets, workbenchDocuments, workbenchSegments } from '../../db/schema';
import { AppError, forbidden } from '../../platform/errors';
import { type Params, preparedRead } from '../../platform/prepared';
import { checkTags, parseMarkup, plainText } from '../../platform/segments';
import type { AuthContext } from '../../platform/session';
import { segmentAccess, type WorkbenchAccess, type WorkbenchSegmentRow } from './access';
import type { ProjectRecord } from '../projects/present';
import { presentSegment, progressOf } from './present';
import { type QaContext, TERMS_MAX, warningsOf } from './qa';
import { termsOfSet } from './term-sets';

// Saving a segment (PUT /api/2/workbench/segments/{id}): a conditional UPDATE on the revision the
// editor started from, so that two tabs (or two people) never overwrite each other silently; the
// loser gets 409 with the segment as it now is. Confirming checks the target (not empty, tags that
// fit) and fills the job's untouched repetitions of the same source. Two statements for a draft and
// for a confirm alike (ADR 0113): the segment with its project in one read, and one prepared UPDATE
// whose RETURNING also reads the job's progress counters and, for a confirm, what its checks need
// (the pair's codes, the terminology set, whose terms are kept per set); the repetitions' UPDATE
// only for a segment whose source is not unique in the job (its repetitions counted on the open, ADR 0115).

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
function countersBefore(projectId: unknown) {
  const d = workbenchDocuments;
  return sql<number[]>`(select array[
      coalesce(sum(${d.segmentCount}), 0), coalesce(sum(${d.words}), 0), coalesce(sum(${d.confirmedSegments}), 0),
      coalesce(sum(${d.confirmedWords}), 0), coalesce(sum(${d.draftSegments}), 0), coalesce(sum(${d.reviewedSegments}), 0)
    ]::int[] from ${d} where ${d.projectId} = ${projectId})`;
}

/** The progress after one segment went from `before` to `after`, as the trigger of 0054 counts it. */
function movedBy(
  counters: number[],
  before: Pick<WorkbenchSegmentRow, 'status' | 'words'>,
  after: Pick<WorkbenchSegmentRow, 'status' | 'words'>,
): WorkbenchProgress {
  const [segments = 0, words = 0, confirmedSegments = 0, confirmedWords = 0, draftSegments = 0, reviewedSegments = 0] =
    counters.map(Number);
  const confirmed = (r: typeof before) => (isConfirmed(r.status) ? 1 : 0);
  const draft = (r: typeof before) => (r.status === 'draft' ? 1 : 0);
  const reviewed = (r: typeof before) => (r.status === 'reviewed' ? 1 : 0);
  return {
    segments,
    words,
    confirmedSegments: confirmedSegments + confirmed(after) - confirmed(before),
    confirmedWords: confirmedWords + confirmed(after) * after.words - confirmed(before) * before.words,
    draftSegments: draftSegments + draft(after) - draft(before),
    reviewedSegments: reviewedSegments + reviewed(after) - reviewed(before),
  };
}

/**
 * The job is still in the status in which the save was allowed. The sub-select takes a share lock
 * on the project row: a delivery holds that row FOR UPDATE until it commits, so a save that was on
 * its way waits for it and then finds the job moved on, instead of landing after the delivery
 * (the lock is the one every project move takes; the check costs no extra statement).
 */
function stillEditable(projectId: unknown, status: unknown) {
  return sql`exists (select 1 from ${projects} where ${projects.id} = ${projectId} and ${projects.status} = ${status} for share)`;
}

type SaveValues = {
  id: number;
  revision: number;
  target: string;
  status: string;
  origin: string | null;
  matchPercent: number | null;
  userId: number;
  /** ISO time */
  now: string;
  /** the project of the segment (whose counters move) */
  projectId: number;
  /** the job the save was allowed in, and its status then (a QA job for a reviewer) */
  jobId: number;
  jobStatus: string;
  customerId: number;
  sourceSlug: string;
  targetSlug: string;
};

/**
 * The save's one UPDATE, prepared once (on PGlite each run is then bind and execute on a plan made
 * once, instead of a parse and plan per save). A confirm's also answers what its checks need of
 * the project (the pair's codes and the customer's terminology set for the pair): the terms of a
 * set are kept (term-sets.ts), so a confirm reads nothing more than a draft does.
 */
function saveUpdate(db: Db | Tx, v: Params<SaveValues>, withChecks: boolean) {
  {
    const columns = { ...getTableColumns(workbenchSegments), counters: countersBefore(v.projectId) };
    const update = db
      .update(workbenchSegments)
      .set({
        target: sql<string>`${v.target}::text`,
        status: sql<SegmentStatus>`${v.status}::text`,
        origin: sql<TargetOrigin | null>`${v.origin}::text`,
        matchPercent: sql<number | null>`${v.matchPercent}::int`,
        revision: sql`${workbenchSegments.revision} + 1`,
        updatedBy: sql<number>`${v.userId}::int`,
        updatedAt: sql<Date>`${v.now}::timestamptz`,
      })
      .where(
        and(
          eq(workbenchSegments.id, v.id),
          eq(workbenchSegments.revision, v.revision),
          stillEditable(v.jobId, v.jobStatus),
        ),
      );
    return update.returning({
      ...columns,
      sourceIso: withChecks ? isoOf(v.sourceSlug) : sql<string | null>`null::text`,
      targetIso: withChecks ? isoOf(v.targetSlug) : sql<string | null>`null::text`,
      termSetId: withChecks ? termSetOf(v.customerId, v.sourceSlug, v.targetSlug) : sql<number | null>`null::int`,
    });
  }
}

const isoOf = (slug: unknown) =>
  sql<string | null>`(select ${languages.iso} from ${languages} where ${languages.slug} = ${slug})`;

/** The customer's terminology set of the pair (one per pair: an import replaces it). */
const termSetOf = (customerId: unknown, sourceSlug: unknown, targetSlug: unknown) =>
  sql<number | null>`(select s.id from ${terminologySets} s
    join ${languages} a on a.id = s.source_lang_id join ${languages} b on b.id = s.target_lang_id
    where s.user_id = ${customerId} and a.slug = ${sourceSlug} and b.slug = ${targetSlug}
    order by s.id limit 1)`;

type SavedRow = Awaited<ReturnType<typeof saveUpdate>>[number];

const draftUpdate = preparedRead<SaveValues, SavedRow[]>('parlance_workbench_save_draft', (db, v: Params<SaveValues>) =>
  saveUpdate(db, v, false),
);
const confirmUpdate = preparedRead<SaveValues, SavedRow[]>(
  'parlance_workbench_save_confirm',
  (db, v: Params<SaveValues>) => saveUpdate(db, v, true),
);

/** What the checks of a confirm read, from the UPDATE's answer: as qaContextOf reads it. */
async function checksContext(
  db: Db,
  project: ProjectRecord,
  read: { sourceIso: string | null; targetIso: string | null; termSetId: number | null },
): Promise<QaContext> {
  const terms =
    read.termSetId === null || !project.sourceLanguage || !project.targetLanguage
      ? []
      : (await termsOfSet(db, Number(read.termSetId))).slice(0, TERMS_MAX);
  return {
    sourceLang: read.sourceIso ?? (project.sourceLanguage || 'und'),
    targetLang: read.targetIso ?? (project.targetLanguage || 'und'),
    terms,
  };
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
  const project = access.segmentsProject;
  const [returned] = await (confirming ? confirmUpdate : draftUpdate)(db, {
    id: segment.id,
    revision: input.revision,
    target: input.target,
    status: input.status,
    origin: input.target === '' ? null : input.origin,
    matchPercent: input.origin === 'memory' ? (input.matchPercent ?? null) : null,
    userId: actor.user.id,
    now: now.toISOString(),
    projectId: segment.projectId,
    jobId: access.project.id,
    jobStatus: access.project.status,
    customerId: project.customerId,
    sourceSlug: project.sourceLanguage ?? '',
    targetSlug: project.targetLanguage ?? '',
  });
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
  const { counters, sourceIso, targetIso, termSetId, ...saved } = returned;
  // the checks' terms (kept per set) are read beside the repetitions' UPDATE; the progress counts what it filled
  const [filled, context] = await Promise.all([
    confirming && saved.repetitions > 0
      ? fillRepetitions(db, saved, input.target, access.confirmStatus, actor.user.id, now)
      : [],
    confirming ? checksContext(db, project, { sourceIso, targetIso, termSetId }) : null,
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
