import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  LEVELING_LOW_RATING,
  LEVELING_LOW_SCORE,
  LEVELING_WINDOW_DAYS,
  type LevelingInput,
  type LevelingState,
  levelingParams,
  levelOf,
  LEVELING_MIN_PROJECTS,
  nextStoredLevel,
} from '@parlance/shared';
import type { Db } from '../../db/client';
import { levelingContests, translatorProfiles, users } from '../../db/schema';

// Leveling (ADR 0083): the five parameters of each
// translator measured from the database over the rolling window, the level the shared formula
// gives, and the scheduler task that stores it in translator_profiles.level (which the earnings
// share follows). An accepted contest takes its item out of the measurement.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Work the level measures: translation projects, not the platform's internal jobs. */
const WORK_KINDS = sql`('classic', 'bundle')`;
/** Dispute resolutions the translator lost. */
const LOST_DISPUTE_MOVES = sql`('resolve-refund', 'resolve-partial')`;

export function windowStart(now: Date): Date {
  return new Date(now.getTime() - LEVELING_WINDOW_DAYS * DAY_MS);
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function accepted(attribute: string, entity: ReturnType<typeof sql>, translator: ReturnType<typeof sql>) {
  return sql`EXISTS (SELECT 1 FROM leveling_contests c WHERE c.translator_id = ${translator}
    AND c.attribute = ${attribute} AND c.entity_id = ${entity} AND c.status = 'accepted')`;
}

const EMPTY: LevelingInput = {
  rating: null,
  reviewScore: null,
  onTime: null,
  volume: 0,
  disputesLost: 0,
  completedProjects: 0,
};

/** The five parameters of each given translator over the window ending `now` (one query per parameter). */
export async function measureLeveling(db: Db, translatorIds: number[], now: Date): Promise<Map<number, LevelingInput>> {
  const out = new Map<number, LevelingInput>(translatorIds.map((id) => [id, { ...EMPTY }]));
  if (translatorIds.length === 0) return out;
  const since = windowStart(now).toISOString();
  const at = now.toISOString();
  const ids = sql.join(
    translatorIds.map((id) => sql`${id}`),
    sql`, `,
  );

  const [work, rated, reviews, disputes] = await Promise.all([
    db.execute(sql`
      SELECT p.translator_id AS id,
        (count(*) FILTER (WHERE p.status = 'COMPLETED' AND p.completed_at >= ${since}::timestamptz))::int AS completed,
        (coalesce(sum(p.word_count) FILTER (WHERE p.status = 'COMPLETED' AND p.completed_at >= ${since}::timestamptz), 0))::int AS words,
        (count(*) FILTER (WHERE p.delivered_at >= ${since}::timestamptz AND p.deadline IS NOT NULL))::int AS delivered,
        (count(*) FILTER (WHERE p.delivered_at >= ${since}::timestamptz AND p.deadline IS NOT NULL
          AND (p.delivered_at <= p.deadline OR ${accepted('late', sql`p.id`, sql`p.translator_id`)})))::int AS on_time
      FROM projects p
      WHERE p.translator_id IN (${ids}) AND p.kind IN ${WORK_KINDS}
        AND (p.completed_at >= ${since}::timestamptz OR p.delivered_at >= ${since}::timestamptz)
        AND p.created_at <= ${at}::timestamptz
      GROUP BY p.translator_id`),
    db.execute(sql`
      SELECT p.translator_id AS id, avg(p.rating)::float8 AS rating
      FROM projects p
      WHERE p.translator_id IN (${ids}) AND p.rating IS NOT NULL AND p.rated_at >= ${since}::timestamptz
        AND NOT ${accepted('rating', sql`p.id`, sql`p.translator_id`)}
      GROUP BY p.translator_id`),
    db.execute(sql`
      SELECT r.translator_id AS id, avg(r.score)::float8 AS score
      FROM project_reviews r
      WHERE r.translator_id IN (${ids}) AND r.kind IN ('qa', 'll') AND r.created_at >= ${since}::timestamptz
        AND NOT ${accepted('qa', sql`r.id`, sql`r.translator_id`)}
        AND NOT ${accepted('ll', sql`r.id`, sql`r.translator_id`)}
      GROUP BY r.translator_id`),
    db.execute(sql`
      SELECT p.translator_id AS id, count(DISTINCT p.id)::int AS lost
      FROM project_events e JOIN projects p ON p.id = e.project_id
      WHERE p.translator_id IN (${ids}) AND e.action IN ${LOST_DISPUTE_MOVES}
        AND e.created_at >= ${since}::timestamptz
        AND NOT ${accepted('dispute', sql`p.id`, sql`p.translator_id`)}
      GROUP BY p.translator_id`),
  ]);
  for (const r of rowsOf<{ id: number; completed: number; words: number; delivered: number; on_time: number }>(work)) {
    const m = out.get(r.id);
    if (!m) continue;
    m.completedProjects = r.completed;
    m.volume = r.words;
    m.onTime = r.delivered > 0 ? Math.round((r.on_time * 1000) / r.delivered) / 10 : null;
  }
  for (const r of rowsOf<{ id: number; rating: number | null }>(rated)) {
    const m = out.get(r.id);
    if (m && r.rating !== null) m.rating = Math.round(Number(r.rating) * 100) / 100;
  }
  for (const r of rowsOf<{ id: number; score: number | null }>(reviews)) {
    const m = out.get(r.id);
    if (m && r.score !== null) m.reviewScore = Math.round(Number(r.score));
  }
  for (const r of rowsOf<{ id: number; lost: number }>(disputes)) {
    const m = out.get(r.id);
    if (m) m.disputesLost = r.lost;
  }
  return out;
}

/** The dashboard's leveling card: the stored level, and the parameters measured now. */
export async function levelingStateOf(db: Db, translatorId: number, now: Date): Promise<LevelingState> {
  const [profile] = await db
    .select({ level: translatorProfiles.level, computedAt: translatorProfiles.levelComputedAt })
    .from(translatorProfiles)
    .where(eq(translatorProfiles.userId, translatorId));
  const input = (await measureLeveling(db, [translatorId], now)).get(translatorId) ?? EMPTY;
  const level = profile?.level ?? 1;
  return {
    level,
    computedLevel: levelOf(input),
    enoughEvidence: input.completedProjects >= LEVELING_MIN_PROJECTS,
    completedProjects: input.completedProjects,
    windowDays: LEVELING_WINDOW_DAYS,
    computedAt: profile?.computedAt?.toISOString() ?? null,
    params: levelingParams(input, level),
  };
}

const BATCH = 200;

/**
 * The scheduler's task: every translator's level from the formula, stored with its parameters.
 * Answers how many levels changed. Translators without enough evidence keep their level.
 */
export async function recomputeLevels(db: Db, now: Date): Promise<number> {
  let changed = 0;
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: users.id, level: translatorProfiles.level })
      .from(users)
      .leftJoin(translatorProfiles, eq(translatorProfiles.userId, users.id))
      .where(and(eq(users.type, 'translator'), sql`${users.id} > ${after}`))
      .orderBy(users.id)
      .limit(BATCH);
    if (batch.length === 0) break;
    after = batch[batch.length - 1].id;
    const measured = await measureLeveling(
      db,
      batch.map((b) => b.id),
      now,
    );
    for (const t of batch) {
      const input = measured.get(t.id);
      if (!input) continue;
      const current = t.level ?? 1;
      const level = nextStoredLevel(current, input);
      if (level !== current) changed += 1;
      await db
        .insert(translatorProfiles)
        .values({ userId: t.id, level, levelParams: input, levelComputedAt: now })
        .onConflictDoUpdate({
          target: translatorProfiles.userId,
          set: { level, levelParams: input, levelComputedAt: now },
        });
    }
  }
  return changed;
}

export interface AffectedRow {
  projectId: number;
  name: string;
  attribute: 'rating' | 'qa' | 'll' | 'late' | 'dispute';
  entityId: number;
  value: number | null;
  at: string;
}

/**
 * The items inside the window that pull the translator's level down (a rating of 3 or less, a QA or
 * LL score under 800, a late delivery, a lost dispute), newest first, one page, with the total.
 */
export async function affectedProjects(
  db: Db,
  translatorId: number,
  type: 'all' | AffectedRow['attribute'],
  now: Date,
  paging: { page: number; limit: number },
): Promise<{ rows: AffectedRow[]; totalCount: number }> {
  const since = windowStart(now).toISOString();
  const parts = {
    rating: sql`SELECT p.id AS project_id, p.name, 'rating' AS attribute, p.id AS entity_id,
        p.rating::float8 AS value, p.rated_at AS at
      FROM projects p WHERE p.translator_id = ${translatorId} AND p.rating <= ${LEVELING_LOW_RATING}
        AND p.rated_at >= ${since}::timestamptz`,
    qa: sql`SELECT p.id AS project_id, p.name, 'qa' AS attribute, r.id AS entity_id, r.score::float8 AS value, r.created_at AS at
      FROM project_reviews r JOIN projects p ON p.id = r.project_id
      WHERE r.translator_id = ${translatorId} AND r.kind = 'qa' AND r.score < ${LEVELING_LOW_SCORE}
        AND r.created_at >= ${since}::timestamptz`,
    ll: sql`SELECT p.id AS project_id, p.name, 'll' AS attribute, r.id AS entity_id, r.score::float8 AS value, r.created_at AS at
      FROM project_reviews r JOIN projects p ON p.id = r.project_id
      WHERE r.translator_id = ${translatorId} AND r.kind = 'll' AND r.score < ${LEVELING_LOW_SCORE}
        AND r.created_at >= ${since}::timestamptz`,
    late: sql`SELECT p.id AS project_id, p.name, 'late' AS attribute, p.id AS entity_id,
        round(extract(epoch FROM (p.delivered_at - p.deadline)) / 3600)::float8 AS value, p.delivered_at AS at
      FROM projects p WHERE p.translator_id = ${translatorId} AND p.kind IN ${WORK_KINDS}
        AND p.deadline IS NOT NULL AND p.delivered_at > p.deadline AND p.delivered_at >= ${since}::timestamptz`,
    dispute: sql`SELECT DISTINCT ON (p.id) p.id AS project_id, p.name, 'dispute' AS attribute, p.id AS entity_id, NULL::float8 AS value, e.created_at AS at
      FROM project_events e JOIN projects p ON p.id = e.project_id
      WHERE p.translator_id = ${translatorId} AND e.action IN ${LOST_DISPUTE_MOVES}
        AND e.created_at >= ${since}::timestamptz`,
  };
  const chosen = type === 'all' ? Object.values(parts) : [parts[type]];
  const union = sql.join(
    chosen.map((p) => sql`(${p})`),
    sql` UNION ALL `,
  );
  const result = await db.execute(sql`
    SELECT a.*, count(*) OVER ()::int AS total FROM (${union}) a
    ORDER BY a.at DESC, a.project_id DESC, a.attribute
    LIMIT ${paging.limit} OFFSET ${(paging.page - 1) * paging.limit}`);
  const rows = rowsOf<{
    project_id: number;
    name: string;
    attribute: AffectedRow['attribute'];
    entity_id: number;
    value: number | null;
    at: string | Date;
    total: number;
  }>(result);
  let totalCount = rows[0]?.total ?? 0;
  if (rows.length === 0 && paging.page > 1) {
    const counted = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM (${union}) a`));
    totalCount = counted[0]?.n ?? 0;
  }
  return {
    rows: rows.map((r) => ({
      projectId: r.project_id,
      name: r.name,
      attribute: r.attribute,
      entityId: r.entity_id,
      value: r.value === null ? null : Number(r.value),
      at: new Date(r.at).toISOString(),
    })),
    totalCount,
  };
}

/** Whether (attribute, entity) of `projectId` is one of the translator's affecting items now. */
export async function isAffecting(
  db: Db,
  translatorId: number,
  input: { projectId: number; entityId: number; attribute: AffectedRow['attribute'] },
  now: Date,
): Promise<boolean> {
  const since = windowStart(now).toISOString();
  const p = input.projectId;
  const checks: Record<AffectedRow['attribute'], ReturnType<typeof sql>> = {
    rating: sql`SELECT 1 FROM projects p WHERE p.id = ${p} AND ${input.entityId} = ${p}
      AND p.translator_id = ${translatorId} AND p.rating <= ${LEVELING_LOW_RATING} AND p.rated_at >= ${since}::timestamptz`,
    qa: sql`SELECT 1 FROM project_reviews r WHERE r.id = ${input.entityId} AND r.project_id = ${p}
      AND r.translator_id = ${translatorId} AND r.kind = 'qa' AND r.score < ${LEVELING_LOW_SCORE}
      AND r.created_at >= ${since}::timestamptz`,
    ll: sql`SELECT 1 FROM project_reviews r WHERE r.id = ${input.entityId} AND r.project_id = ${p}
      AND r.translator_id = ${translatorId} AND r.kind = 'll' AND r.score < ${LEVELING_LOW_SCORE}
      AND r.created_at >= ${since}::timestamptz`,
    late: sql`SELECT 1 FROM projects p WHERE p.id = ${p} AND ${input.entityId} = ${p}
      AND p.translator_id = ${translatorId} AND p.deadline IS NOT NULL AND p.delivered_at > p.deadline
      AND p.delivered_at >= ${since}::timestamptz`,
    dispute: sql`SELECT 1 FROM project_events e JOIN projects p ON p.id = e.project_id
      WHERE p.id = ${p} AND ${input.entityId} = ${p} AND p.translator_id = ${translatorId}
      AND e.action IN ${LOST_DISPUTE_MOVES} AND e.created_at >= ${since}::timestamptz`,
  };
  const found = rowsOf<unknown>(await db.execute(sql`${checks[input.attribute]} LIMIT 1`));
  return found.length > 0;
}

/** The translator's contests of the given entities, by `${attribute}:${entityId}`. */
export async function contestsOf(
  db: Db,
  translatorId: number,
  entityIds: number[],
): Promise<Map<string, { id: number; status: 'open' | 'accepted' | 'rejected' }>> {
  if (entityIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: levelingContests.id,
      attribute: levelingContests.attribute,
      entityId: levelingContests.entityId,
      status: levelingContests.status,
    })
    .from(levelingContests)
    .where(and(eq(levelingContests.translatorId, translatorId), inArray(levelingContests.entityId, entityIds)));
  return new Map(rows.map((r) => [`${r.attribute}:${r.entityId}`, { id: r.id, status: r.status }]));
}
