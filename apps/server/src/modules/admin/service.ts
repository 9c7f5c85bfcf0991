import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aclGroups, auditLog, mailOutbox, projects, users } from '../../db/schema';
import { aclGroupNames, parseId } from './users';

// The back office: project lookup, overview counts, access-control groups, outbox and audit log.

export interface PageRequest {
  page: number;
  pageSize: number;
}

export async function projectExists(db: Db, pid: string): Promise<boolean> {
  const id = parseId(pid);
  if (id === null) return false;
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  return row !== undefined;
}

export async function backoffice(db: Db, adminId: number) {
  const [userCounts] = await db
    .select({
      users: count(),
      customers: sql<number>`count(*) filter (where ${users.type} = 'customer')::int`,
      translators: sql<number>`count(*) filter (where ${users.type} = 'translator')::int`,
      admins: sql<number>`count(*) filter (where ${users.isAdmin})::int`,
    })
    .from(users);
  const [outbox] = await db.select({ n: count() }).from(mailOutbox);
  return { aclGroups: await aclGroupNames(db, adminId), counts: { ...userCounts, outbox: outbox.n } };
}

export function listAclGroups(db: Db) {
  return db.select().from(aclGroups).orderBy(aclGroups.id);
}

export async function outboxPage(db: Db, { page, pageSize }: PageRequest) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  return { rows, totalCount: total.n };
}

export async function auditPage(db: Db, { page, pageSize }: PageRequest) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { rows, totalCount: total.n };
}
