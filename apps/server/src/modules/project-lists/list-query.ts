import { asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { projectReviews, projects, projectTags, users } from '../../db/schema';

// One paged project query shared by every list: the rows of one page (with the translator's and
// the customer's names) and the COUNT of all rows that match, both from the same WHERE.

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
}

export interface Paging {
  page: number;
  perPage: number;
}

export interface Page<T> {
  rows: T[];
  totalCount: number;
}

/** One page of projects matching `where`, ordered by `orderBy`, and the count of all matching rows. */
export async function pageOfProjects(db: Db, where: SQL, orderBy: SQL[], paging: Paging): Promise<Page<ListRow>> {
  // the page and the count run side by side (two pooled connections on PostgreSQL)
  const [rows, totalCount] = await Promise.all([
    db
      .select(ROW_COLUMNS)
      .from(projects)
      .leftJoin(translatorUsers, eq(translatorUsers.id, projects.translatorId))
      .leftJoin(customerUsers, eq(customerUsers.id, projects.customerId))
      .where(where)
      .orderBy(...orderBy)
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    countProjects(db, where),
  ]);
  return { rows, totalCount };
}

export async function countProjects(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projects).where(where);
  return Number(row?.n ?? 0);
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
