import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  ACCOUNT_MANAGER_TEXTS,
  type AccountManagerState,
  type AclGroupWithMembers,
  GROUP_PERMISSIONS,
  isStaff,
  isStaffGroup,
  type Permission,
  permissionsOf,
  STAFF_TEXTS,
  TEXTS,
} from '@parlance/shared';
import { audit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import type { Db } from '../../db/client';
import type { UserRow } from '../../platform/session';
import { aclGroups, auditLog, mailOutbox, projects, userAclGroups, users } from '../../db/schema';
import { aclGroupNames, parseId, requireUserByRef } from './users';

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

/** The tabs of /admin/{id}: each is read-only without its write permission. */
export function backofficeTabs(permissions: readonly Permission[]) {
  const has = (p: Permission) => permissions.includes(p);
  return [
    { id: 'details', label: 'Details', readOnly: !has('users.act') },
    { id: 'credits', label: 'Credit actions', readOnly: !has('credits.write') },
    { id: 'parked', label: 'Parked credits', readOnly: true },
    { id: 'audit', label: 'Audit log', readOnly: true },
  ];
}

export async function backoffice(db: Db, admin: UserRow) {
  const adminId = admin.id;
  const [userCounts] = await db
    .select({
      users: count(),
      customers: sql<number>`count(*) filter (where ${users.type} = 'customer')::int`,
      translators: sql<number>`count(*) filter (where ${users.type} = 'translator')::int`,
      admins: sql<number>`count(*) filter (where ${users.isAdmin})::int`,
    })
    .from(users);
  const [outbox] = await db.select({ n: count() }).from(mailOutbox);
  const groups = await aclGroupNames(db, adminId);
  const permissions = permissionsOf(admin, groups);
  return {
    aclGroups: groups,
    permissions,
    tabs: backofficeTabs(permissions),
    counts: { ...userCounts, outbox: outbox.n },
  };
}

export function listAclGroups(db: Db) {
  return db.select().from(aclGroups).orderBy(aclGroups.id);
}

/** Every group with the permissions it grants and its members (staff groups list staff only). */
export async function listAclGroupsWithMembers(db: Db): Promise<AclGroupWithMembers[]> {
  const [groups, members] = await Promise.all([
    listAclGroups(db),
    db
      .select({
        groupId: userAclGroups.groupId,
        id: users.id,
        name: users.name,
        email: users.email,
        isAdmin: users.isAdmin,
      })
      .from(userAclGroups)
      .innerJoin(users, eq(users.id, userAclGroups.userId))
      .innerJoin(aclGroups, eq(aclGroups.id, userAclGroups.groupId))
      // customer and translator groups hold every account of their kind: not listed member by member
      .where(inArray(aclGroups.name, Object.keys(GROUP_PERMISSIONS)))
      .orderBy(asc(users.name)),
  ]);
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    permissions: isStaffGroup(g.name) ? [...GROUP_PERMISSIONS[g.name]] : [],
    members: members
      .filter((m) => m.groupId === g.id)
      .map((m) => ({ id: m.id, name: m.name, email: m.email, isAdmin: m.isAdmin })),
  }));
}

/** Adds a staff account to a staff group, or takes it out; audited. */
export async function changeAclMembership(
  db: Db,
  change: { group: string; user: string },
  op: 'add' | 'remove',
  actor: { actorId: number; ip: string },
): Promise<void> {
  if (!isStaffGroup(change.group)) throw badRequest(STAFF_TEXTS.notAGroup, { group: STAFF_TEXTS.notAGroup });
  const user = await requireUserByRef(db, change.user);
  if (!isStaff(user)) throw badRequest(STAFF_TEXTS.notStaff, { user: STAFF_TEXTS.notStaff });
  await db.transaction(async (tx) => {
    const [group] = await tx.select().from(aclGroups).where(eq(aclGroups.name, change.group));
    if (!group) throw badRequest(STAFF_TEXTS.notAGroup, { group: STAFF_TEXTS.notAGroup });
    const changed =
      op === 'add'
        ? await tx
            .insert(userAclGroups)
            .values({ userId: user.id, groupId: group.id })
            .onConflictDoNothing()
            .returning()
        : await tx
            .delete(userAclGroups)
            .where(and(eq(userAclGroups.userId, user.id), eq(userAclGroups.groupId, group.id)))
            .returning();
    if (changed.length === 0) return;
    await audit(tx, {
      actorId: actor.actorId,
      action: op === 'add' ? 'acl.member.add' : 'acl.member.remove',
      targetType: 'user',
      targetId: user.id,
      details: { group: change.group, email: user.email },
      ip: actor.ip,
    });
  });
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

/** The customers of an account manager (a staff member; anyone else: 404), by name, paged. */
export async function accountManagerCustomers(db: Db, managerId: number, q: PageRequest & { query: string }) {
  const [manager] = await db.select().from(users).where(eq(users.id, managerId));
  if (!manager) throw notFound(TEXTS.userNotFound);
  if (!isStaff(manager)) throw notFound(ACCOUNT_MANAGER_TEXTS.notAManager);
  const where = and(
    eq(users.accountManagerId, managerId),
    q.query === ''
      ? undefined
      : sql`(lower(${users.name}) LIKE ${`%${likeEscape(q.query.toLowerCase())}%`} OR lower(${users.email}) LIKE ${`%${likeEscape(q.query.toLowerCase())}%`})`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    data: rows.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      company: u.company,
      country: u.country,
      createdAt: u.createdAt.toISOString(),
    })),
    totalCount: total.n,
    manager: { id: manager.id, name: manager.name, email: manager.email },
  };
}

/** Staff accounts an account manager can be chosen from (at most 500, by name). */
const STAFF_CANDIDATE_LIMIT = 500;

async function requireCustomer(db: Db, customerId: number): Promise<UserRow> {
  const [customer] = await db.select().from(users).where(eq(users.id, customerId));
  if (!customer) throw notFound(TEXTS.userNotFound);
  if (customer.type !== 'customer') throw badRequest(ACCOUNT_MANAGER_TEXTS.notCustomer);
  return customer;
}

/** A customer's account manager and the staff accounts to choose one from. */
export async function accountManagerOf(db: Db, customerId: number): Promise<AccountManagerState> {
  const customer = await requireCustomer(db, customerId);
  const staff = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(or(eq(users.type, 'admin'), eq(users.isAdmin, true)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(STAFF_CANDIDATE_LIMIT);
  let manager = staff.find((s) => s.id === customer.accountManagerId) ?? null;
  if (!manager && customer.accountManagerId !== null) {
    const [row] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, customer.accountManagerId));
    manager = row ?? null;
  }
  return { accountManager: manager, candidates: staff };
}

/** Assign (or, with null, remove) a customer's account manager; audited with before and after. */
export async function assignAccountManager(
  db: Db,
  customerId: number,
  managerId: number | null,
  actor: { actorId: number; ip: string },
): Promise<AccountManagerState> {
  await db.transaction(async (tx) => {
    const [customer] = await tx.select().from(users).where(eq(users.id, customerId)).for('update');
    if (!customer) throw notFound(TEXTS.userNotFound);
    if (customer.type !== 'customer') throw badRequest(ACCOUNT_MANAGER_TEXTS.notCustomer);
    if (managerId !== null) {
      const [manager] = await tx.select().from(users).where(eq(users.id, managerId));
      if (!manager || !isStaff(manager))
        throw badRequest(ACCOUNT_MANAGER_TEXTS.notStaff, { managerId: ACCOUNT_MANAGER_TEXTS.notStaff });
    }
    if (customer.accountManagerId === managerId) return;
    await tx.update(users).set({ accountManagerId: managerId }).where(eq(users.id, customerId));
    await audit(tx, {
      actorId: actor.actorId,
      action: managerId === null ? 'user.account-manager.remove' : 'user.account-manager.assign',
      targetType: 'user',
      targetId: customerId,
      details: { before: customer.accountManagerId, after: managerId },
      ip: actor.ip,
    });
  });
  return accountManagerOf(db, customerId);
}

function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
