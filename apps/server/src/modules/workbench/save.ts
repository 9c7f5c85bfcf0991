import { and, eq, ne, or, sql } from 'drizzle-orm';
import {
  type QaWarning,
  type SegmentSaved,
  type segmentSaveSchema,
  type WorkbenchSegment,
  WORKBENCH_TEXTS,
} from '@parlance/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { workbenchSegments } from '../../db/schema';
import { AppError, forbidden } from '../../platform/errors';
import { checkTags, parseMarkup, plainText } from '../../platform/segments';
import type { AuthContext } from '../../platform/session';
import { segmentAccess, type WorkbenchAccess, type WorkbenchSegmentRow } from './access';
import { presentSegment, progressOf } from './present';
import { warningsOf } from './qa';

// Saving a segment (PUT /api/2/workbench/segments/{id}): a conditional UPDATE on the revision the
// editor started from, so that two tabs (or two people) never overwrite each other silently; the
// loser gets 409 with the segment as it now is. Confirming checks the target (not empty, tags that
// fit) and fills the job's untouched repetitions of the same source. Kept to a few statements: the
// segment and the project read, one UPDATE (two when confirming), one aggregate for the progress.

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

export async function saveSegment(
  db: Db,
  actor: AuthContext,
  segmentId: number,
  input: SegmentSaveInput,
  now: Date,
): Promise<SegmentSaved> {
  const { access, segment } = await segmentAccess(db, actor, segmentId, now);
  requireEditable(access);
  const confirming = isConfirmed(input.status);
  if (input.status === 'reviewed' && access.confirmStatus !== 'reviewed') {
    throw new WorkbenchAnswer(422, { status: 'ERROR', message: WORKBENCH_TEXTS.confirmAsEditor });
  }
  if (confirming) checkConfirmed(segment, input.target);
  const [saved] = await db
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
    .where(and(eq(workbenchSegments.id, segment.id), eq(workbenchSegments.revision, input.revision)))
    .returning();
  if (!saved) {
    const [current] = await db.select().from(workbenchSegments).where(eq(workbenchSegments.id, segment.id));
    throw new WorkbenchAnswer(409, {
      status: 'ERROR',
      message: WORKBENCH_TEXTS.conflict,
      segment: presentSegment(current ?? segment),
    });
  }
  const filled = confirming
    ? await fillRepetitions(db, saved, input.target, access.confirmStatus, actor.user.id, now)
    : [];
  const warnings = confirming
    ? warningsOf([saved], {
        sourceLang: access.segmentsProject.sourceLanguage ?? '',
        targetLang: access.segmentsProject.targetLanguage ?? '',
        terms: [],
      })
    : [];
  return {
    segment: presentSegment(saved),
    warnings,
    filled: filled.map((row) => presentSegment(row)),
    progress: await progressOf(db, saved.projectId),
  };
}
