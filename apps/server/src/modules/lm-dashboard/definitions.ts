import { type SQL, sql } from 'drizzle-orm';
import { LM_LIMITS, type LmTileCall } from '@parlance/shared';
import { projects } from '../../db/schema';
import { EDITING_TYPES, OPEN_LIST_KINDS } from '../projects/matching';

// What each tile counts, as SQL over `projects` at the clock's time (ADR 0070). Constants are
// inlined as literals so that the planner can use the
// partial indexes whose predicates repeat them (migration 0009).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const lit = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Customer work: the QA, LL, rating and model-training jobs are the platform's own and not counted. */
export const workKindSql = sql`${projects.kind} IN (${lit(OPEN_LIST_KINDS)})`;

/** Waiting for a translator: paid (PENDING) and nobody took it. */
const unallocatedSql = sql`${projects.status} = 'PENDING' AND ${projects.translatorId} IS NULL`;
const notExpiredSql = (now: Date) => sql`(${projects.deadline} IS NULL OR ${projects.deadline} > ${ts(now)})`;

/** Has an editing step (the E badge): Translation + Editing, Enterprise Quality, or proofreading ordered. */
export const editingSql = sql`(${projects.needProofreading} OR ${projects.type} IN (${lit(EDITING_TYPES)}))`;
/** Offered to the customer's My Team first (the customer had My Team translators when paying). */
export const myTeamSql = sql`(${projects.openToAllAt} IS NOT NULL AND ${projects.openToAllAt} > ${projects.createdAt})`;

// The quality tiles start from the few low reviews and ratings (index-only scans of their own
// indexes) and look the projects up by id, instead of reading every project of the date range.
const lowReviewIdsSql = (kind: 'qa' | 'll' | 'cqr', since: Date | null) => sql`
  SELECT r.project_id FROM project_reviews r
  WHERE r.kind = '${sql.raw(kind)}' AND r.score < ${sql.raw(String(LM_LIMITS.lowScoreBelow))}
  ${since ? sql`AND r.created_at > ${ts(since)}` : sql``}`;

/** The condition of one tile at `now`. */
export function tileSql(tile: LmTileCall, now: Date): SQL {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  switch (tile) {
    case 'waiting':
      // over 8 hours and up to 24 hours; after that it is delayed
      return sql`${unallocatedSql} AND ${projects.createdAt} <= ${ts(ago(LM_LIMITS.waitingHours * HOUR))}
        AND ${projects.createdAt} > ${ts(ago(LM_LIMITS.delayedHours * HOUR))} AND ${notExpiredSql(now)}`;
    case 'delayed':
      return sql`${unallocatedSql} AND ${projects.createdAt} <= ${ts(ago(LM_LIMITS.delayedHours * HOUR))}
        AND ${notExpiredSql(now)}`;
    case 'expired':
      // its deadline passed and nobody ever took it
      return sql`${unallocatedSql} AND ${projects.deadline} <= ${ts(now)}`;
    case 'in-progress':
      // started: a translator (or editor) is working on it
      return sql`${projects.status} IN ('IN_PROGRESS', 'DELAYED', 'IN_REVIEW')`;
    case 'low-quality': {
      const since = ago(LM_LIMITS.lowQualityDays * DAY);
      return sql`${projects.id} IN (
        SELECT lr.id FROM projects lr
        WHERE lr.rating <= ${sql.raw(String(LM_LIMITS.lowRatingMax))} AND lr.rated_at > ${ts(since)}
        UNION ${lowReviewIdsSql('cqr', since)})`;
    }
    // the lowest score of each kind is kept on the project by a trigger (migration 0011)
    case 'low-qa':
      return sql`${projects.qaScore} < ${sql.raw(String(LM_LIMITS.lowScoreBelow))}`;
    case 'low-ll':
      return sql`${projects.llScore} < ${sql.raw(String(LM_LIMITS.lowScoreBelow))}`;
  }
}

/** Open work of a pair: waiting for a translator and not expired. */
export function openWorkSql(now: Date): SQL {
  return sql`${unallocatedSql} AND ${notExpiredSql(now)}`;
}

/** Waiting pilot projects: open work that is its customer's first project. */
export function pilotSql(now: Date): SQL {
  return sql`${openWorkSql(now)} AND NOT EXISTS (
    SELECT 1 FROM projects earlier
    WHERE earlier.customer_id = ${projects.customerId} AND earlier.id < ${projects.id}
      AND earlier.kind IN (${lit(OPEN_LIST_KINDS)}))`;
}

/** The tile calls' path names and the list parameters mapped to the same definitions. */
export function listTile(q: { workflow_status?: number; alerts?: string; delayed?: string }): LmTileCall {
  if (q.workflow_status === 2) return 'waiting';
  if (q.workflow_status === 3) return 'in-progress';
  if (q.workflow_status === 9) return 'expired';
  if (q.delayed) return 'delayed';
  if (q.alerts === 'low_qa') return 'low-qa';
  if (q.alerts === 'low_ll') return 'low-ll';
  return 'low-quality';
}
