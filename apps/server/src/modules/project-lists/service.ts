import type { AuthContext } from '../../platform/session';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type CustomerProjectsQuery,
  type ProjectRow,
  type ProjectStatus,
  type ProjectStatusFilter,
  STATUS_FILTER_MEMBERS,
  STATUS_GROUPS,
} from '@parlance/shared';
import type { Db } from '../../db/client';
import { projects, projectStatusCounts, projectTags, translatorProfiles } from '../../db/schema';
import {
  MOMENT_PLACEHOLDERS,
  type Moment,
  momentValues,
  openJobSql,
  openReviewJobSql,
  type TranslatorRef,
} from '../projects/matching';
import { ShapeCache, statementName } from '../../platform/prepared';
import {
  cappedCount,
  cappedCountSql,
  countProjects,
  type Page,
  type Paging,
  pageOf,
  pageWindow,
  type PreparedList,
  prepareList,
  preparePageWithTags,
  prepareTotal,
  runList,
  reviewsOf,
} from './list-query';
import { presentCustomerRow, presentReview, presentTranslatorRow, type TranslatorViewer } from './present';

// The project lists of both sides (ADR 0052).

const SORT_COLUMNS = {
  id: projects.id,
  name: projects.name,
  status: projects.status,
  wordCount: projects.wordCount,
  deadline: projects.deadline,
  createdAt: projects.createdAt,
  price: projects.priceCredits,
} as const;

/** `text` for a LIKE pattern: its wildcards and the escape character taken literally. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The values of the customer's list filters that are set (the search as its ILIKE pattern), or, in a
 * prepared statement, the placeholders that stand for them.
 */
type CustomerFilterValues<V = unknown> = {
  customerId: V;
  id?: V;
  tag?: V;
  sourceLanguage?: V;
  targetLanguage?: V;
  expertise?: V;
  search?: V;
};

function customerFilterValues(customerId: number, q: CustomerProjectsQuery): CustomerFilterValues {
  const values: CustomerFilterValues = { customerId };
  if (q.id !== undefined) values.id = q.id;
  if (q.tag) values.tag = q.tag;
  if (q.sourceLanguage) values.sourceLanguage = q.sourceLanguage;
  if (q.targetLanguage) values.targetLanguage = q.targetLanguage;
  if (q.expertise) values.expertise = q.expertise;
  if (q.search) values.search = `%${likeLiteral(q.search)}%`;
  return values;
}

/** The WHERE of the customer's list: always the customer's own projects first (the index's prefix). */
function customerWhere(status: ProjectStatusFilter, v: CustomerFilterValues<unknown>): SQL {
  const conditions: SQL[] = [eq(projects.customerId, v.customerId as number)];
  if (status !== 'ALL') {
    const members = STATUS_FILTER_MEMBERS[status];
    conditions.push(members.length === 1 ? eq(projects.status, members[0]) : inArray(projects.status, members));
  }
  if (v.id !== undefined) conditions.push(eq(projects.id, v.id as number));
  if (v.tag !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${projectTags} WHERE ${projectTags.projectId} = ${projects.id} AND ${projectTags.tag} = ${v.tag})`,
    );
  }
  if (v.sourceLanguage !== undefined) conditions.push(eq(projects.sourceLanguage, v.sourceLanguage as string));
  if (v.targetLanguage !== undefined) conditions.push(eq(projects.targetLanguage, v.targetLanguage as string));
  if (v.expertise !== undefined) conditions.push(eq(projects.expertise, v.expertise as string));
  if (v.search !== undefined) conditions.push(ilike(projects.name, v.search as string));
  return and(...conditions) as SQL;
}

/** The WHERE of the customer's list with the values in it (scripts/bench-projects-explain.ts). */
export function customerProjectsWhere(customerId: number, q: CustomerProjectsQuery): SQL {
  return customerWhere(q.status, customerFilterValues(customerId, q));
}

export function customerProjectsOrder(q: Pick<CustomerProjectsQuery, 'sort' | 'order'>): SQL[] {
  const dir = q.order === 'asc' ? asc : desc;
  if (q.sort === 'id') return [dir(projects.id)];
  const column = SORT_COLUMNS[q.sort];
  // nulls (no deadline yet) last either way; the id breaks ties so that pages never overlap
  return [sql`${column} ${sql.raw(q.order === 'asc' ? 'ASC' : 'DESC')} NULLS LAST`, dir(projects.id)];
}

export interface ProjectListAnswer {
  data: ProjectRow[];
  totalCount: number;
  totalCountIsLowerBound?: boolean;
}

interface CustomerListStatements {
  page: ReturnType<typeof preparePageWithTags>;
  /** the total alone, for a page with no rows */
  total: ReturnType<typeof prepareTotal>;
  /** true: the total is exact, from the status counters; false: counted up to COUNT_CAP */
  fromCounters: boolean;
}

/** The customer's list prepared per shape: the status filter, the sort, and which other filters are set. */
const customerLists = new ShapeCache<CustomerListStatements>();

export async function listCustomerProjects(
  db: Db,
  actor: AuthContext,
  q: CustomerProjectsQuery,
): Promise<ProjectListAnswer> {
  const customerId = actor.user.id;
  const values = customerFilterValues(customerId, q);
  const present = Object.keys(values) as (keyof CustomerFilterValues)[];
  const shape = `${q.status}|${q.sort}|${q.order}|${present.join(',')}`;
  const statements = customerLists.get(db, shape, (handle) => {
    const placeholders = Object.fromEntries(
      present.map((k) => [k, sql.placeholder(k)]),
    ) as unknown as CustomerFilterValues;
    const where = customerWhere(q.status, placeholders);
    // a status-only filter (the tabs) is counted exactly by the counters; any other, up to COUNT_CAP
    const fromCounters = present.length === 1;
    const total = fromCounters ? statusTotalSql(q.status) : cappedCountSql(where);
    return {
      page: preparePageWithTags(
        handle,
        where,
        customerProjectsOrder(q),
        statementName('parlance_customer_list', shape),
        total,
      ),
      total: prepareTotal(handle, total, statementName('parlance_customer_total', shape)),
      fromCounters,
    };
  });
  const rows = await statements.page.execute({ ...values, ...pageWindow(q) });
  const n = rows.length > 0 ? rows[0].total : ((await statements.total.execute(values))[0]?.n ?? 0);
  const page = pageOf(rows, statements.fromCounters ? { n: Number(n), isLowerBound: false } : cappedCount([{ n }]));
  return {
    data: page.rows.map((r) => presentCustomerRow(r, r.tags ?? [], actor)),
    totalCount: page.totalCount,
    ...(page.totalCountIsLowerBound ? { totalCountIsLowerBound: true } : {}),
  };
}

/** SQL: the total of a status filter from the counters the projects' trigger keeps (migration 0010). */
function statusTotalSql(status: ProjectStatusFilter): SQL {
  const conditions: SQL[] = [eq(projectStatusCounts.customerId, sql.placeholder('customerId'))];
  if (status !== 'ALL') conditions.push(inArray(projectStatusCounts.status, STATUS_FILTER_MEMBERS[status]));
  return sql`SELECT coalesce(sum(${projectStatusCounts.n}), 0)::integer FROM ${projectStatusCounts} WHERE ${and(...conditions)}`;
}

/** The customer's project count per status filter (the /cpanel overview), from the same counters. */
export async function customerStatusCounts(
  db: Db,
  customerId: number,
): Promise<Record<Exclude<ProjectStatusFilter, 'ALL'>, number>> {
  const rows = await db
    .select({ status: projectStatusCounts.status, n: projectStatusCounts.n })
    .from(projectStatusCounts)
    .where(eq(projectStatusCounts.customerId, customerId));
  const out = { CANCELLED: 0, COMPLETED: 0, IN_PROGRESS: 0, PENDING: 0, READY: 0 };
  for (const [filter, members] of Object.entries(STATUS_FILTER_MEMBERS) as [keyof typeof out, ProjectStatus[]][]) {
    out[filter] = rows.filter((r) => members.includes(r.status as ProjectStatus)).reduce((a, r) => a + Number(r.n), 0);
  }
  return out;
}

/** The customer's distinct tags, sorted. */
export async function listCustomerTags(db: Db, customerId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tag: projectTags.tag })
    .from(projectTags)
    .innerJoin(projects, eq(projects.id, projectTags.projectId))
    .where(eq(projects.customerId, customerId))
    .orderBy(asc(projectTags.tag));
  return rows.map((r) => r.tag);
}

// ---- translator side ----

export async function translatorViewer(db: Db, actor: AuthContext): Promise<TranslatorViewer> {
  const userId = actor.user.id;
  const [profile] = await db
    .select({ level: translatorProfiles.level })
    .from(translatorProfiles)
    .where(eq(translatorProfiles.userId, userId));
  return { id: userId, level: profile?.level ?? 1, actor };
}

function translatorPage(viewer: TranslatorViewer, page: Page<Parameters<typeof presentTranslatorRow>[0]>) {
  return {
    data: page.rows.map((r) => presentTranslatorRow(r, viewer)),
    totalCount: page.totalCount,
    ...(page.totalCountIsLowerBound ? { totalCountIsLowerBound: true } : {}),
  };
}

/** SQL: the translator works or worked on the project (translator or editor). */
export function worksOnSql(translatorId: number | SQLWrapper): SQL {
  return or(eq(projects.translatorId, translatorId), eq(projects.editorId, translatorId)) as SQL;
}

export interface TranslatorProjectsFilter {
  scope?: 'all' | 'active';
  kind?: (typeof projects.$inferSelect)['kind'];
}

function translatorWhere(
  translatorId: number | SQLWrapper,
  scope: TranslatorProjectsFilter['scope'],
  kind: TranslatorProjectsFilter['kind'] | SQLWrapper | undefined,
): SQL {
  const conditions: SQL[] = [worksOnSql(translatorId)];
  if (scope === 'active') {
    // an editor's job is active while the project is IN_REVIEW; a translator's while it runs
    conditions.push(
      or(
        and(eq(projects.translatorId, translatorId), inArray(projects.status, [...STATUS_GROUPS.translatorWorking])),
        and(eq(projects.editorId, translatorId), eq(projects.status, 'IN_REVIEW')),
      ) as SQL,
    );
  }
  if (kind) conditions.push(eq(projects.kind, kind));
  return and(...conditions) as SQL;
}

export function translatorProjectsWhere(translatorId: number, f: TranslatorProjectsFilter): SQL {
  return translatorWhere(translatorId, f.scope, f.kind);
}

/** The translator's lists prepared per shape (which list, and its filters); the ids are placeholders. */
const translatorLists = new ShapeCache<PreparedList>();
const TRANSLATOR_ID = sql.placeholder('translatorId');

export async function listTranslatorProjects(
  db: Db,
  viewer: TranslatorViewer,
  f: TranslatorProjectsFilter,
  paging: Paging,
): Promise<ProjectListAnswer> {
  const shape = `projects|${f.scope ?? 'all'}|${f.kind ? 'kind' : ''}`;
  const list = translatorLists.get(db, shape, (handle) =>
    prepareList(
      handle,
      translatorWhere(TRANSLATOR_ID, f.scope, f.kind ? sql.placeholder('kind') : undefined),
      'parlance_translator_projects',
      shape,
    ),
  );
  return translatorPage(viewer, await runList(list, { translatorId: viewer.id, kind: f.kind }, paging));
}

/**
 * SQL: a job of the project is open to the translator now (matching.ts), with the statuses of open
 * jobs spelled out so that the planner starts from projects_status_idx instead of every project.
 */
export function openJobsWhere(translatorId: TranslatorRef, now: Moment): SQL {
  return and(inArray(projects.status, [...STATUS_GROUPS.open]), openJobSql(translatorId, now)) as SQL;
}

/** Open translation and editing jobs offered to the translator now (matching.ts), prepared once. */
export async function listOpenJobs(db: Db, viewer: TranslatorViewer, now: Date, paging: Paging) {
  const list = translatorLists.get(db, 'open', (handle) =>
    prepareList(handle, openJobsWhere(TRANSLATOR_ID, MOMENT_PLACEHOLDERS), 'parlance_open_jobs', 'open'),
  );
  return translatorPage(viewer, await runList(list, { translatorId: viewer.id, ...momentValues(now) }, paging));
}

/**
 * The translator's projects its customer rated, or that have a customer-quality (cqr) review of the
 * translator's work (tab Reviews); each row with those reviews.
 */
export async function listCustomerReviews(db: Db, viewer: TranslatorViewer, paging: Paging) {
  // a UNION of two index lookups (translator's projects, translator's reviews), not an OR over all projects
  const list = translatorLists.get(db, 'cqr', (handle) =>
    prepareList(
      handle,
      sql`${projects.id} IN (
    SELECT rp.id FROM projects rp WHERE rp.translator_id = ${TRANSLATOR_ID} AND rp.rating IS NOT NULL
    UNION
    SELECT pr.project_id FROM project_reviews pr WHERE pr.translator_id = ${TRANSLATOR_ID} AND pr.kind = 'cqr')`,
      'parlance_translator_cqr',
      'cqr',
    ),
  );
  return withReviews(db, viewer, await runList(list, { translatorId: viewer.id }, paging), ['cqr']);
}

async function withReviews(
  db: Db,
  viewer: TranslatorViewer,
  page: Page<Parameters<typeof presentTranslatorRow>[0]>,
  kinds: ('qa' | 'll' | 'cqr')[],
) {
  const reviews = await reviewsOf(
    db,
    page.rows.map((r) => r.id),
    viewer.id,
    kinds,
  );
  return {
    data: page.rows.map((r) => ({
      ...presentTranslatorRow(r, viewer),
      reviews: (reviews.get(r.id) ?? []).map(presentReview),
    })),
    totalCount: page.totalCount,
  };
}

function reviewedSql(translatorId: number | SQLWrapper, kinds: ('qa' | 'll' | 'cqr')[]): SQL {
  return sql`EXISTS (SELECT 1 FROM project_reviews pr WHERE pr.project_id = ${projects.id}
    AND pr.translator_id = ${translatorId} AND pr.kind IN (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}))`;
}

/** Projects of the translator's with reviews of the given kinds, each row with those reviews. */
export async function listReviewedProjects(db: Db, viewer: TranslatorViewer, kinds: ('qa' | 'll')[], paging: Paging) {
  const shape = `reviewed|${kinds.join(',')}`;
  const list = translatorLists.get(db, shape, (handle) =>
    prepareList(handle, reviewedSql(TRANSLATOR_ID, kinds), 'parlance_translator_reviewed', shape),
  );
  return withReviews(db, viewer, await runList(list, { translatorId: viewer.id }, paging), kinds);
}

/** Bonus-kind projects the translator works on, or that are open to it now. */
export async function listBonusProjects(db: Db, viewer: TranslatorViewer, now: Date, paging: Paging) {
  const list = translatorLists.get(db, 'bonus', (handle) => {
    // each arm of the OR starts from an index (translator/editor, status)
    const where = or(
      and(worksOnSql(TRANSLATOR_ID), eq(projects.kind, 'bonus')),
      and(openJobsWhere(TRANSLATOR_ID, MOMENT_PLACEHOLDERS), eq(projects.kind, 'bonus')),
    ) as SQL;
    return prepareList(handle, where, 'parlance_bonus_jobs', 'bonus');
  });
  return translatorPage(viewer, await runList(list, { translatorId: viewer.id, ...momentValues(now) }, paging));
}

/**
 * Review jobs of a kind (qa, ll): the ones the translator took, and the open ones whose language
 * pair and expertise are the translator's while it is available.
 */
export function reviewJobsWhere(translatorId: TranslatorRef, kind: 'qa' | 'll', now: Moment): SQL {
  // each arm of the OR starts from an index (projects_translator_idx, projects_status_idx)
  return or(
    and(eq(projects.translatorId, translatorId), eq(projects.kind, kind)),
    openReviewJobSql(translatorId, now, kind),
  ) as SQL;
}

export async function listReviewJobs(db: Db, viewer: TranslatorViewer, kind: 'qa' | 'll', now: Date, paging: Paging) {
  const shape = `review|${kind}`;
  const list = translatorLists.get(db, shape, (handle) =>
    prepareList(handle, reviewJobsWhere(TRANSLATOR_ID, kind, MOMENT_PLACEHOLDERS), 'parlance_review_jobs', shape),
  );
  return translatorPage(viewer, await runList(list, { translatorId: viewer.id, ...momentValues(now) }, paging));
}

export function countReviewJobs(db: Db, translatorId: number, kind: 'qa' | 'll', now: Date): Promise<number> {
  return countProjects(db, reviewJobsWhere(translatorId, kind, now));
}

/** Marks the translator active (true) or inactive (false): the open jobs stop being offered. */
export async function setTranslatorActive(db: Db, userId: number, active: boolean, now: Date): Promise<boolean> {
  await db
    .insert(translatorProfiles)
    .values({ userId, active, updatedAt: now })
    .onConflictDoUpdate({ target: translatorProfiles.userId, set: { active, updatedAt: now } });
  return active;
}

/** Sets (both dates) or ends (null, null) the translator's vacation. */
export async function setTranslatorVacation(
  db: Db,
  userId: number,
  vacationFrom: string | null,
  vacationTo: string | null,
  now: Date,
): Promise<void> {
  await db
    .insert(translatorProfiles)
    .values({ userId, vacationFrom, vacationTo, updatedAt: now })
    .onConflictDoUpdate({ target: translatorProfiles.userId, set: { vacationFrom, vacationTo, updatedAt: now } });
}

/** The translator's availability: the active flag and vacation dates (no profile row: active). */
export async function translatorAvailability(
  db: Db,
  userId: number,
): Promise<{ active: boolean; vacationFrom: string | null; vacationTo: string | null }> {
  const [row] = await db
    .select({
      active: translatorProfiles.active,
      vacationFrom: translatorProfiles.vacationFrom,
      vacationTo: translatorProfiles.vacationTo,
    })
    .from(translatorProfiles)
    .where(eq(translatorProfiles.userId, userId));
  return row ?? { active: true, vacationFrom: null, vacationTo: null };
}
