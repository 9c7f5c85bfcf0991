import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { myTeamMembers, translatorProfiles, users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Paging } from './list-query';
import { likeLiteral } from './service';

// My Team: a customer's preferred translators (they see the customer's new projects first), and
// the translator's view of the customers who chose it.

export const MY_TEAM_TEXTS = {
  onlyTranslators: 'Only translator accounts can be added to My Team.',
  notInTeam: 'This translator is not in your team.',
} as const;

export interface MyTeamCustomer {
  id: number;
  name: string;
  company: string;
  country: string | null;
  /** projects of this customer's that the translator worked on (translator or editor) */
  projectsCount: number;
  lastProjectAt: string | null;
}

/** The customers who have `translatorId` in their team; `query` matches name, company or e-mail. */
export async function listMyTeamCustomers(
  db: Db,
  translatorId: number,
  query: string | undefined,
  paging: Paging,
): Promise<{ data: MyTeamCustomer[]; totalCount: number }> {
  const conditions: SQL[] = [eq(myTeamMembers.translatorId, translatorId)];
  if (query) {
    const pattern = `%${likeLiteral(query)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.company, pattern), ilike(users.email, pattern)) as SQL);
  }
  const where = and(...conditions) as SQL;
  const worked = sql`p.customer_id = ${users.id} AND (p.translator_id = ${translatorId} OR p.editor_id = ${translatorId})`;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      company: users.company,
      country: users.country,
      projectsCount: sql<number>`(SELECT count(*)::int FROM projects p WHERE ${worked})`,
      lastProjectAt: sql<string | Date | null>`(SELECT max(p.created_at) FROM projects p WHERE ${worked})`,
    })
    .from(myTeamMembers)
    .innerJoin(users, eq(users.id, myTeamMembers.customerId))
    .where(where)
    .orderBy(desc(myTeamMembers.createdAt), asc(users.id))
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(myTeamMembers)
    .innerJoin(users, eq(users.id, myTeamMembers.customerId))
    .where(where);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      company: r.company,
      country: r.country,
      projectsCount: Number(r.projectsCount ?? 0),
      lastProjectAt: r.lastProjectAt ? new Date(r.lastProjectAt).toISOString() : null,
    })),
    totalCount: Number(total?.n ?? 0),
  };
}

/** Whether any customer has the translator in their team. */
export async function isMyTeamMember(db: Db, translatorId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(myTeamMembers)
    .where(eq(myTeamMembers.translatorId, translatorId))
    .limit(1);
  return row !== undefined;
}

export interface MyTeamTranslator {
  id: number;
  name: string;
  country: string | null;
  level: number;
  addedAt: string;
}

export async function listMyTeam(
  db: Db,
  customerId: number,
  paging: Paging,
): Promise<{ data: MyTeamTranslator[]; totalCount: number }> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      country: users.country,
      level: translatorProfiles.level,
      addedAt: myTeamMembers.createdAt,
    })
    .from(myTeamMembers)
    .innerJoin(users, eq(users.id, myTeamMembers.translatorId))
    .leftJoin(translatorProfiles, eq(translatorProfiles.userId, users.id))
    .where(eq(myTeamMembers.customerId, customerId))
    .orderBy(desc(myTeamMembers.createdAt), asc(users.id))
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  const [total] = await db.select({ n: count() }).from(myTeamMembers).where(eq(myTeamMembers.customerId, customerId));
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      country: r.country,
      level: r.level ?? 1,
      addedAt: r.addedAt.toISOString(),
    })),
    totalCount: Number(total?.n ?? 0),
  };
}

/** Adds a translator to the customer's team (again: no change). Only translator accounts. */
export async function addToMyTeam(db: Db, customerId: number, translatorId: number, now: Date): Promise<void> {
  const [target] = await db.select({ type: users.type }).from(users).where(eq(users.id, translatorId));
  if (target?.type !== 'translator') {
    throw badRequest(MY_TEAM_TEXTS.onlyTranslators, { translatorId: MY_TEAM_TEXTS.onlyTranslators });
  }
  await db.insert(myTeamMembers).values({ customerId, translatorId, createdAt: now }).onConflictDoNothing();
}

export async function removeFromMyTeam(db: Db, customerId: number, translatorId: number): Promise<void> {
  const removed = await db
    .delete(myTeamMembers)
    .where(and(eq(myTeamMembers.customerId, customerId), eq(myTeamMembers.translatorId, translatorId)))
    .returning({ id: myTeamMembers.translatorId });
  if (removed.length === 0) throw notFound(MY_TEAM_TEXTS.notInTeam);
}

/** 404 unless the user is a translator (an admin asking for someone else's My Team customers). */
export async function requireTranslatorAccount(db: Db, userId: number): Promise<void> {
  const [row] = await db.select({ type: users.type }).from(users).where(eq(users.id, userId));
  if (row?.type !== 'translator') throw new AppError(404, 'No such translator');
}

export interface TranslatorMatch {
  id: number;
  name: string;
  country: string | null;
}

/**
 * Translators a customer may add to My Team, found by name (at least 2 characters) or by their id:
 * at most 10, not deleted accounts, e-mails never shown.
 */
export async function searchTranslators(db: Db, query: string): Promise<TranslatorMatch[]> {
  const text = query.trim();
  const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
  if (id === null && text.length < 2) return [];
  const match = id !== null ? eq(users.id, id) : ilike(users.name, `%${likeLiteral(text)}%`);
  return db
    .select({ id: users.id, name: users.name, country: users.country })
    .from(users)
    .where(
      and(
        eq(users.type, 'translator'),
        match,
        sql`NOT EXISTS (SELECT 1 FROM deleted_accounts da WHERE da.user_id = ${users.id})`,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(10);
}
