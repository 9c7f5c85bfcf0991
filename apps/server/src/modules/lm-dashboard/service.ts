import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  LM_LIMITS,
  LM_TEXTS,
  type LmAvailable,
  type LmCapacity,
  type LmFilters,
  type LmProjectList,
  type LmProjectListQuery,
  type LmTile,
  type LmTileCall,
  MAX_LEVEL,
} from '@parlance/shared';
import type { Db } from '../../db/client';
import { languages, projectReviews, projects, users } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { translatorAvailableSql } from '../projects/matching';
import { badgesOf } from '../projects/present';
import { editingSql, listTile, myTeamSql, openWorkSql, pilotSql, tileSql, workKindSql } from './definitions';

// The dashboard's figures: every count is one aggregate query over indexed conditions; no rows are
// loaded to be counted.

const DAY = 86_400_000;

export interface LanguageRef {
  id: number;
  slug: string;
  name: string;
  iso: string;
  flag: string;
}

/** The languages, by id and by slug (reference data: read once per database). */
const languageCache = new WeakMap<Db, Promise<{ byId: Map<number, LanguageRef>; bySlug: Map<string, LanguageRef> }>>();
export function languageMaps(db: Db) {
  let cached = languageCache.get(db);
  if (!cached) {
    cached = db
      .select({
        id: languages.id,
        slug: languages.slug,
        name: languages.name,
        iso: languages.iso,
        flag: languages.flag,
      })
      .from(languages)
      .then((rows) => ({ byId: new Map(rows.map((l) => [l.id, l])), bySlug: new Map(rows.map((l) => [l.slug, l])) }));
    // a failed read is not cached: the next call reads again (the caller sees the error)
    cached.catch(() => languageCache.delete(db));
    languageCache.set(db, cached);
  }
  return cached;
}

/** The filters resolved against the database: language slugs, the client's id, the dates. */
export interface Scope {
  now: Date;
  sources: string[] | null;
  targets: string[] | null;
  /** null: every client; -1: a client that does not exist (nothing matches) */
  customerId: number | null;
  from: Date | null;
  to: Date | null;
}

export async function resolveScope(db: Db, filters: LmFilters, now: Date): Promise<Scope> {
  const { byId } = await languageMaps(db);
  const slugs = (ids: number[] | undefined, field: string) => {
    if (!ids?.length) return null;
    return ids.map((id) => {
      const lang = byId.get(id);
      if (!lang)
        throw badRequest(`${field}: ${LM_TEXTS.badLanguage} ${id}`, { [field]: `${LM_TEXTS.badLanguage} ${id}` });
      return lang.slug;
    });
  };
  return {
    now,
    sources: slugs(filters.source_language_id, 'source_language_id'),
    targets: slugs(filters.target_language_id, 'target_language_id'),
    customerId: await resolveClient(db, filters.client),
    from: filters.date_from === undefined ? null : new Date(filters.date_from * 1000),
    to: filters.date_to === undefined ? null : new Date(filters.date_to * 1000),
  };
}

/** 'ID or E-mail': a customer's id or e-mail address. */
async function resolveClient(db: Db, client: string | undefined): Promise<number | null> {
  if (!client) return null;
  if (/^\d{1,9}$/.test(client)) return Number(client);
  if (!client.includes('@')) {
    throw badRequest('client: give a client ID or e-mail address', { client: 'give a client ID or e-mail address' });
  }
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${client.toLowerCase()}`);
  return row?.id ?? -1;
}

/** The scope as SQL over `projects` (submission date = created_at). */
export function scopeSql(scope: Scope): SQL {
  const parts: SQL[] = [workKindSql];
  if (scope.sources) parts.push(inArray(projects.sourceLanguage, scope.sources));
  if (scope.targets) parts.push(inArray(projects.targetLanguage, scope.targets));
  if (scope.customerId !== null) parts.push(eq(projects.customerId, scope.customerId));
  if (scope.from) parts.push(sql`${projects.createdAt} >= ${scope.from.toISOString()}::timestamptz`);
  if (scope.to) parts.push(sql`${projects.createdAt} <= ${scope.to.toISOString()}::timestamptz`);
  return and(...parts) as SQL;
}

const CHART_TILES: LmTileCall[] = ['in-progress', 'waiting', 'delayed'];

/** One tile: total, MyTeam and editing counts in one aggregate, and the busiest pairs for its chart. */
export async function tileFigures(db: Db, tile: LmTileCall, scope: Scope): Promise<LmTile> {
  const where = and(scopeSql(scope), tileSql(tile, scope.now));
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      myTeam: sql<number>`(count(*) FILTER (WHERE ${myTeamSql}))::int`,
      editing: sql<number>`(count(*) FILTER (WHERE ${editingSql}))::int`,
    })
    .from(projects)
    .where(where);
  let chart: LmTile['chart'] = [];
  if (CHART_TILES.includes(tile) && counts.total > 0) {
    const { bySlug } = await languageMaps(db);
    const bars = await db
      .select({ source: projects.sourceLanguage, target: projects.targetLanguage, count: sql<number>`count(*)::int` })
      .from(projects)
      .where(where)
      .groupBy(projects.sourceLanguage, projects.targetLanguage)
      .orderBy(sql`count(*) DESC`, projects.sourceLanguage, projects.targetLanguage)
      .limit(LM_LIMITS.chartBars);
    const name = (slug: string | null) => (slug ? (bySlug.get(slug)?.name ?? slug) : '—');
    const iso = (slug: string | null) => (slug ? (bySlug.get(slug)?.iso ?? slug) : '—');
    chart = bars.map((b) => ({
      label: `${name(b.source)} → ${name(b.target)}`,
      short: `${iso(b.source)} → ${iso(b.target)}`,
      count: b.count,
    }));
  }
  return { total: counts.total, myTeam: counts.myTeam, editing: counts.editing, chart };
}

/** LL review jobs, apart from the reviewed projects they point at. */
const llJob = alias(projects, 'lm_ll_job');

/**
 * The people and review figures of the non-clickable tiles, in the chosen languages: translators
 * available today (active, not on vacation) and how many of them edit, out of all translators, how
 * many are at the top level and how many are on vacation; waiting pilots; LL reviews still to do
 * and LL reviews submitted in the date range. One aggregate query per table; no rows are loaded.
 */
export async function availableFigures(db: Db, scope: Scope): Promise<LmAvailable> {
  const today = scope.now.toISOString().slice(0, 10);
  const pairParts: SQL[] = [sql`lp.user_id = ${users.id}`];
  if (scope.sources) pairParts.push(sql`lp.source_language IN ${scope.sources}`);
  if (scope.targets) pairParts.push(sql`lp.target_language IN ${scope.targets}`);
  const available = translatorAvailableSql(sql`${users.id}`, today);
  const [people] = await db
    .select({
      all: sql<number>`count(*)::int`,
      available: sql<number>`(count(*) FILTER (WHERE ${available}))::int`,
      editors: sql<number>`(count(*) FILTER (WHERE ${available} AND EXISTS (
        SELECT 1 FROM translator_profiles ep WHERE ep.user_id = ${users.id} AND ep.is_editor)))::int`,
      top: sql<number>`(count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM translator_profiles tp WHERE tp.user_id = ${users.id} AND tp.level >= ${MAX_LEVEL})))::int`,
      vacation: sql<number>`(count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM translator_profiles vp WHERE vp.user_id = ${users.id}
          AND vp.vacation_from IS NOT NULL AND vp.vacation_from <= ${today}::date
          AND (vp.vacation_to IS NULL OR vp.vacation_to >= ${today}::date))))::int`,
    })
    .from(users)
    .where(
      and(
        eq(users.type, 'translator'),
        sql`EXISTS (SELECT 1 FROM translator_language_pairs lp WHERE ${sql.join(pairParts, sql` AND `)})`,
      ),
    );
  const [pilots] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(scopeSql(scope), pilotSql(scope.now)));
  // review figures are about the reviewed customer project; the date range is the review's date
  const reviewedInScope = sql`(SELECT ${projects.id} FROM ${projects} WHERE ${scopeSql({ ...scope, from: null, to: null })})`;
  const [waitingLl] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(llJob)
    .where(
      and(
        eq(llJob.kind, 'll'),
        inArray(llJob.status, ['PENDING', 'IN_PROGRESS']),
        sql`${llJob.reviewedProjectId} IN ${reviewedInScope}`,
      ),
    );
  const doneParts: SQL[] = [eq(projectReviews.kind, 'll'), sql`${projectReviews.projectId} IN ${reviewedInScope}`];
  if (scope.from) doneParts.push(sql`${projectReviews.createdAt} >= ${scope.from.toISOString()}::timestamptz`);
  if (scope.to) doneParts.push(sql`${projectReviews.createdAt} <= ${scope.to.toISOString()}::timestamptz`);
  const [doneLl] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projectReviews)
    .where(and(...doneParts));
  return {
    total: people.available,
    translators: people.available,
    editors: people.editors,
    allTranslators: people.all,
    topReviewers: people.top,
    onVacation: people.vacation,
    waitingPilot: pilots.n,
    llWaiting: waitingLl.n,
    llDone: doneLl.n,
  };
}

const translatorUser = alias(users, 'lm_translator');
const editorUser = alias(users, 'lm_editor');

const SORT_COLUMNS = {
  id: projects.id,
  word_count: projects.wordCount,
  expertise: projects.expertise,
  date_submition: projects.createdAt,
} as const;

const TYPE_FILTERS: Record<LmProjectListQuery['type'], SQL | undefined> = {
  editing: editingSql,
  myteam: myTeamSql,
  translation: sql`NOT ${editingSql}`,
  all: undefined,
};

/** One page (30 rows) of a tile's projects and the count of all of them, from the same WHERE. */
export async function projectPage(db: Db, query: LmProjectListQuery, scope: Scope): Promise<LmProjectList> {
  const where = and(scopeSql(scope), tileSql(listTile(query), scope.now), TYPE_FILTERS[query.type]);
  const dir = query.order === 'asc' ? asc : desc;
  const [rows, [total], { bySlug }] = await Promise.all([
    db
      .select({
        id: projects.id,
        type: projects.type,
        exclusive: projects.exclusive,
        needProofreading: projects.needProofreading,
        sourceLanguage: projects.sourceLanguage,
        targetLanguage: projects.targetLanguage,
        wordCount: projects.wordCount,
        expertise: projects.expertise,
        createdAt: projects.createdAt,
        translatorId: projects.translatorId,
        translatorName: translatorUser.name,
        editorId: projects.editorId,
        editorName: editorUser.name,
      })
      .from(projects)
      .leftJoin(translatorUser, eq(translatorUser.id, projects.translatorId))
      .leftJoin(editorUser, eq(editorUser.id, projects.editorId))
      .where(where)
      // the id breaks ties so that pages never repeat or skip a row
      .orderBy(dir(SORT_COLUMNS[query.sort]), dir(projects.id))
      .limit(LM_LIMITS.pageSize)
      .offset((query.page - 1) * LM_LIMITS.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where),
    languageMaps(db),
  ]);
  const lang = (slug: string | null) => {
    const l = slug ? bySlug.get(slug) : undefined;
    return l ? { id: l.id, name: l.name, flag: l.flag } : null;
  };
  return {
    totalCount: total.n,
    data: rows.map((r) => ({
      id: r.id,
      type: r.type,
      exclusive: r.exclusive,
      badges: badgesOf(r),
      source_language: lang(r.sourceLanguage),
      target_language: lang(r.targetLanguage),
      word_count: r.wordCount,
      expertise: r.expertise,
      date_submition: r.createdAt.toISOString(),
      allocation: [
        ...(r.translatorId && r.translatorName
          ? [{ id: r.translatorId, name: r.translatorName, role: 'translator' as const }]
          : []),
        ...(r.editorId && r.editorName ? [{ id: r.editorId, name: r.editorName, role: 'editor' as const }] : []),
      ],
    })),
  };
}

interface CapacityDbRow extends Record<string, unknown> {
  source: string | null;
  target: string | null;
  open_projects: number;
  open_words: number;
  waiting_words: number;
  in_progress_words: number;
  translators: number;
  editors: number;
  delivered_words: number;
  risk: 'high' | 'medium' | 'low';
  total: number;
}

/**
 * Capacity per language pair with work: open and waiting words against the translators available
 * today and what the pair delivered lately; the pairs at risk first. One query, grouped in the
 * database, paged.
 */
export async function capacityPage(db: Db, scope: Scope, page: number): Promise<LmCapacity> {
  const now = scope.now;
  const today = now.toISOString().slice(0, 10);
  const waitingSince = new Date(now.getTime() - LM_LIMITS.waitingHours * 3_600_000).toISOString();
  const throughputSince = new Date(now.getTime() - LM_LIMITS.throughputDays * DAY).toISOString();
  const days = LM_LIMITS.throughputDays;
  const scoped = scopeSql(scope);
  const result = (await db.execute(sql`
    WITH work AS (
      SELECT ${projects.sourceLanguage} AS source, ${projects.targetLanguage} AS target,
        (count(*) FILTER (WHERE ${openWorkSql(now)}))::int AS open_projects,
        (coalesce(sum(${projects.wordCount}) FILTER (WHERE ${openWorkSql(now)}), 0))::int AS open_words,
        (coalesce(sum(${projects.wordCount}) FILTER (WHERE ${openWorkSql(now)}
          AND ${projects.createdAt} <= ${waitingSince}::timestamptz), 0))::int AS waiting_words,
        (coalesce(sum(${projects.wordCount}) FILTER (WHERE ${tileSql('in-progress', now)}), 0))::int AS in_progress_words
      FROM projects
      WHERE ${scoped} AND (${openWorkSql(now)} OR ${tileSql('in-progress', now)})
      GROUP BY 1, 2
    ),
    people AS (
      SELECT lp.source_language AS source, lp.target_language AS target, count(*)::int AS translators,
        (count(*) FILTER (WHERE tp.is_editor))::int AS editors
      FROM translator_language_pairs lp
      JOIN users u ON u.id = lp.user_id AND u.type = 'translator'
      LEFT JOIN translator_profiles tp ON tp.user_id = lp.user_id
      WHERE (lp.source_language, lp.target_language) IN (SELECT source, target FROM work)
        AND ${translatorAvailableSql(sql`lp.user_id`, today)}
      GROUP BY 1, 2
    ),
    delivered AS (
      SELECT d.source_language AS source, d.target_language AS target, (sum(d.word_count))::int AS words
      FROM projects d
      WHERE d.delivered_at >= ${throughputSince}::timestamptz
        AND (d.source_language, d.target_language) IN (SELECT source, target FROM work)
      GROUP BY 1, 2
    ),
    pairs AS (
      SELECT w.*, coalesce(p.translators, 0) AS translators, coalesce(p.editors, 0) AS editors,
        coalesce(d.words, 0) AS delivered_words
      FROM work w
      LEFT JOIN people p ON p.source IS NOT DISTINCT FROM w.source AND p.target IS NOT DISTINCT FROM w.target
      LEFT JOIN delivered d ON d.source IS NOT DISTINCT FROM w.source AND d.target IS NOT DISTINCT FROM w.target
    ),
    ranked AS (
      SELECT *,
        CASE
          WHEN open_words > 0 AND (translators = 0 OR delivered_words = 0
            OR open_words::float8 * ${days} / NULLIF(delivered_words, 0) > ${LM_LIMITS.riskDays}) THEN 'high'
          WHEN open_words > 0 AND open_words::float8 * ${days} / NULLIF(delivered_words, 0) > 1 THEN 'medium'
          ELSE 'low'
        END AS risk
      FROM pairs
    )
    SELECT *, count(*) OVER ()::int AS total FROM ranked
    ORDER BY CASE risk WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END,
      (translators = 0) DESC, open_words::float8 / NULLIF(delivered_words, 0) DESC NULLS FIRST,
      open_words DESC, source, target
    LIMIT ${LM_LIMITS.capacityPageSize} OFFSET ${(page - 1) * LM_LIMITS.capacityPageSize}
  `)) as unknown as { rows: CapacityDbRow[] };
  const { bySlug } = await languageMaps(db);
  const lang = (slug: string | null) => {
    const l = slug ? bySlug.get(slug) : undefined;
    return l ? { id: l.id, name: l.name, flag: l.flag } : null;
  };
  let totalCount = result.rows[0]?.total ?? 0;
  if (result.rows.length === 0 && page > 1) {
    const [n] = (
      (await db.execute(sql`SELECT count(*)::int AS n FROM (
        SELECT 1 FROM projects WHERE ${scoped} AND (${openWorkSql(now)} OR ${tileSql('in-progress', now)})
        GROUP BY ${projects.sourceLanguage}, ${projects.targetLanguage}) g`)) as unknown as { rows: { n: number }[] }
    ).rows;
    totalCount = n?.n ?? 0;
  }
  return {
    totalCount: Number(totalCount),
    data: result.rows.map((r) => {
      const delivered = Number(r.delivered_words);
      const openWords = Number(r.open_words);
      const wordsPerDay = delivered > 0 ? Math.round(delivered / days) : null;
      return {
        source_language: lang(r.source),
        target_language: lang(r.target),
        openProjects: Number(r.open_projects),
        openWords,
        waitingWords: Number(r.waiting_words),
        inProgressWords: Number(r.in_progress_words),
        availableTranslators: Number(r.translators),
        availableEditors: Number(r.editors),
        deliveredWords30d: delivered,
        wordsPerDay,
        daysToClear: wordsPerDay ? Math.round((openWords / (delivered / days)) * 10) / 10 : null,
        risk: r.risk,
      };
    }),
  };
}
