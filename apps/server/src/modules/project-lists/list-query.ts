import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { statementName } from '../../platform/prepared';
import { projectReviews, projects, projectTags, users } from '../../db/schema';

// One paged project query shared by every list: the rows of one page (with the translator's and
// the customer's names) and the count of the rows that match, both from the same WHERE. The count
// stops at COUNT_CAP (an exact COUNT of 100,000 rows was most of a page's cost); lists
// that know their total another way (the customer's status counters) pass it instead.

/** Beyond this many matching rows a list answers "more than COUNT_CAP" instead of counting on. */
export const COUNT_CAP = 10_000;

const translatorUsers = alias(users, 'translator_user');
const customerUsers = alias(users, 'customer_user');

export const ROW_COLUMNS = {
  id: projects.id,
  name: projects.name,
  status: projects.status,
  type: projects.type,
  kind: projects.kind,
  sourceLanguage: projects.sourceLanguage,
  targetLanguage: projects.targetLanguage,
  expertise: projects.expertise,
  wordCount: projects.wordCount,
  deadline: projects.deadline,
  editDeadline: projects.editDeadline,
  createdAt: projects.createdAt,
  priceCredits: projects.priceCredits,
  listPriceCredits: projects.listPriceCredits,
  translatorEarningsCredits: projects.translatorEarningsCredits,
  editorEarningsCredits: projects.editorEarningsCredits,
  customerId: projects.customerId,
  translatorId: projects.translatorId,
  editorId: projects.editorId,
  rating: projects.rating,
  needProofreading: projects.needProofreading,
  exclusive: projects.exclusive,
  translatorName: translatorUsers.name,
  customerName: customerUsers.name,
};

export interface ListRow {
  id: number;
  name: string;
  status: (typeof projects.$inferSelect)['status'];
  type: string;
  kind: (typeof projects.$inferSelect)['kind'];
  sourceLanguage: string | null;
  targetLanguage: string | null;
  expertise: string | null;
  wordCount: number;
  deadline: Date | null;
  editDeadline: Date | null;
  createdAt: Date;
  priceCredits: number;
  listPriceCredits: number | null;
  translatorEarningsCredits: number;
  editorEarningsCredits: number;
  customerId: number;
  translatorId: number | null;
  editorId: number | null;
  rating: number | null;
  needProofreading: boolean;
  exclusive: number;
  translatorName: string | null;
  customerName: string | null;
  /** the project's tags, sorted (lists that show them) */
  tags?: string[];
}

/** The project's tags, sorted, read in the page's own query (one round trip instead of two). */
const TAGS_COLUMN = sql<
  string[]
>`coalesce((SELECT array_agg(${projectTags.tag} ORDER BY ${projectTags.tag}) FROM ${projectTags} WHERE ${projectTags.projectId} = ${projects.id}), '{}')`;

export interface Paging {
  page: number;
  perPage: number;
}

export interface Page<T> {
  rows: T[];
  totalCount: number;
  /** true: more rows match than totalCount (COUNT_CAP) says */
  totalCountIsLowerBound?: boolean;
}

/** The count of the matching rows, or how it is known without counting them. */
export type CountOf = (where: SQL) => Promise<Count>;
export interface Count {
  n: number;
  isLowerBound: boolean;
}

/** One page of projects matching `where`, ordered by `orderBy`, and the count of the matching rows. */
export async function pageOfProjects(
  db: Db,
  where: SQL,
  orderBy: SQL[],
  paging: Paging,
  countOf: CountOf = (w) => countProjectsCapped(db, w),
  opts: { withTags?: boolean } = {},
): Promise<Page<ListRow>> {
  // the page and the count run side by side (two pooled connections on PostgreSQL)
  const [rows, total] = await Promise.all([
    db
      .select(opts.withTags ? { ...ROW_COLUMNS, tags: TAGS_COLUMN } : ROW_COLUMNS)
      .from(projects)
      .leftJoin(translatorUsers, eq(translatorUsers.id, projects.translatorId))
      .leftJoin(customerUsers, eq(customerUsers.id, projects.customerId))
      .where(where)
      .orderBy(...orderBy)
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    countOf(where),
  ]);
  return { rows, totalCount: total.n, ...(total.isLowerBound ? { totalCountIsLowerBound: true } : {}) };
}

/**
 * The page query (`where` and `orderBy` with placeholders; `limit` and `offset` too), prepared as
 * `name`. Each row carries `total`, the value of the uncorrelated subquery `totalSql` (computed once,
 * an InitPlan): the page and its count in one round trip. A page with no rows has no total; the
 * caller counts then (prepareTotal).
 */
export function preparePage(db: Db, where: SQL, orderBy: SQL[], name: string, totalSql: SQL) {
  return db
    .select({ ...ROW_COLUMNS, total: sql<number>`(${totalSql})` })
    .from(projects)
    .leftJoin(translatorUsers, eq(translatorUsers.id, projects.translatorId))
    .leftJoin(customerUsers, eq(customerUsers.id, projects.customerId))
    .where(where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

/** The same, each row with its tags (the customer's list). */
export function preparePageWithTags(db: Db, where: SQL, orderBy: SQL[], name: string, totalSql: SQL) {
  return db
    .select({ ...ROW_COLUMNS, tags: TAGS_COLUMN, total: sql<number>`(${totalSql})` })
    .from(projects)
    .leftJoin(translatorUsers, eq(translatorUsers.id, projects.translatorId))
    .leftJoin(customerUsers, eq(customerUsers.id, projects.customerId))
    .where(where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

/**
 * SQL: the rows matching `where` counted up to COUNT_CAP + 1 (countProjectsCapped as one
 * expression). Inside it `projects` is its own FROM, so it does not refer to an outer query's row.
 */
export function cappedCountSql(where: SQL): SQL {
  return sql`SELECT count(*)::integer FROM (SELECT 1 FROM ${projects} WHERE ${where} LIMIT ${sql.raw(String(COUNT_CAP + 1))}) AS capped`;
}

/** `SELECT <totalSql>` prepared as `name`: the total of a page that has no rows. */
export function prepareTotal(db: Db, totalSql: SQL, name: string) {
  return db
    .select({ n: sql<number>`(${totalSql})` })
    .from(sql`(SELECT 1) AS one`)
    .prepare(name);
}

/** The capped count's answer from the row count read. */
export function cappedCount(rows: { n: number }[]): Count {
  const n = Number(rows[0]?.n ?? 0);
  return n > COUNT_CAP ? { n: COUNT_CAP, isLowerBound: true } : { n, isLowerBound: false };
}

/** The values of the page's `limit` and `offset` placeholders. */
export function pageWindow(paging: Paging): { limit: number; offset: number } {
  return { limit: paging.perPage, offset: (paging.page - 1) * paging.perPage };
}

/** A page answer from its rows and count. */
export function pageOf<T>(rows: T[], total: Count): Page<T> {
  return { rows, totalCount: total.n, ...(total.isLowerBound ? { totalCountIsLowerBound: true } : {}) };
}

/** A list's page (with its capped count) and the count alone, prepared from one WHERE with placeholders. */
export interface PreparedList {
  page: ReturnType<typeof preparePage>;
  count: ReturnType<typeof prepareTotal>;
}

/** Prepares the page (newest first unless `orderBy`) and count of `where` under the family's names. */
export function prepareList(db: Db, where: SQL, family: string, shape: string, orderBy = NEWEST_FIRST): PreparedList {
  const total = cappedCountSql(where);
  return {
    page: preparePage(db, where, orderBy, statementName(`${family}_page`, shape), total),
    count: prepareTotal(db, total, statementName(`${family}_count`, shape)),
  };
}

/** Runs a prepared list with the request's values: one round trip, two when the page is empty. */
export async function runList(
  list: PreparedList,
  values: Record<string, unknown>,
  paging: Paging,
): Promise<Page<ListRow>> {
  const rows = await list.page.execute({ ...values, ...pageWindow(paging) });
  const n = rows.length > 0 ? rows[0].total : ((await list.count.execute(values))[0]?.n ?? 0);
  return pageOf(rows, cappedCount([{ n }]));
}

/** The matching rows counted up to COUNT_CAP: never more than COUNT_CAP + 1 index entries read. */
export async function countProjectsCapped(db: Db, where: SQL): Promise<Count> {
  const capped = db
    .select({ one: sql`1` })
    .from(projects)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::integer` }).from(capped);
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { n: COUNT_CAP, isLowerBound: true } : { n, isLowerBound: false };
}

/** An exact count, for small sets (a translator's review jobs). */
export async function countProjects(db: Db, where: SQL): Promise<number> {
  return (await countProjectsCapped(db, where)).n;
}

/** Default order of the lists: newest first. */
export const NEWEST_FIRST: SQL[] = [desc(projects.id)];

/** Tags of the given projects, each project's sorted. */
export async function tagsOf(db: Db, projectIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (projectIds.length === 0) return map;
  const rows = await db
    .select({ projectId: projectTags.projectId, tag: projectTags.tag })
    .from(projectTags)
    .where(inArray(projectTags.projectId, projectIds))
    .orderBy(asc(projectTags.projectId), asc(projectTags.tag));
  for (const r of rows) {
    const list = map.get(r.projectId) ?? [];
    list.push(r.tag);
    map.set(r.projectId, list);
  }
  return map;
}

export interface ReviewSummary {
  kind: 'qa' | 'll' | 'cqr';
  score: number;
  errors: { category: string; severity: string; count: number }[];
  comment: string | null;
  createdAt: Date;
}

/** The reviews of the given kinds of the given projects that scored `translatorId`'s work. */
export async function reviewsOf(
  db: Db,
  projectIds: number[],
  translatorId: number,
  kinds: ReviewSummary['kind'][],
): Promise<Map<number, ReviewSummary[]>> {
  const map = new Map<number, ReviewSummary[]>();
  if (projectIds.length === 0) return map;
  const rows = await db
    .select({
      projectId: projectReviews.projectId,
      kind: projectReviews.kind,
      score: projectReviews.score,
      errors: projectReviews.errors,
      comment: projectReviews.comment,
      createdAt: projectReviews.createdAt,
      translatorId: projectReviews.translatorId,
    })
    .from(projectReviews)
    .where(inArray(projectReviews.projectId, projectIds))
    .orderBy(asc(projectReviews.id));
  for (const r of rows) {
    if (r.translatorId !== translatorId || !kinds.includes(r.kind)) continue;
    const list = map.get(r.projectId) ?? [];
    list.push({ kind: r.kind, score: r.score, errors: r.errors, comment: r.comment, createdAt: r.createdAt });
    map.set(r.projectId, list);
  }
  return map;
}
