import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LANGUAGE_ASSET_TEXTS, type SharedMemoryGroup } from '@parlance/shared';
import { projects, tmShareGroups, tmShareMembers, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Services } from '../../platform/services';

// The shared translation memory (spec 2 "cat-tool-map"): a customer puts translators in groups;
// a translator in any group of a customer may download that customer's memory from the page of a
// project of that customer they work on. The map of an account is its groups with their users.

async function groupsWithUsers(db: Db, ownerId: number, onlyGroupIds?: number[]): Promise<SharedMemoryGroup[]> {
  const where = onlyGroupIds
    ? and(eq(tmShareGroups.ownerId, ownerId), inArray(tmShareGroups.id, onlyGroupIds))
    : eq(tmShareGroups.ownerId, ownerId);
  const groups = await db.select().from(tmShareGroups).where(where).orderBy(asc(tmShareGroups.id)).limit(200);
  if (groups.length === 0) return [];
  const members = await db
    .select({ groupId: tmShareMembers.groupId, id: users.id, name: users.name, email: users.email })
    .from(tmShareMembers)
    .innerJoin(users, eq(users.id, tmShareMembers.userId))
    .where(
      inArray(
        tmShareMembers.groupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    createdAt: g.createdAt.toISOString(),
    users: members.filter((m) => m.groupId === g.id).map(({ id, name, email }) => ({ id, name, email })),
  }));
}

/** The map of an account; with `memberId`, only the groups that translator is in. */
export async function accountMap(db: Db, ownerId: number, memberId?: number) {
  if (memberId === undefined) return { id: ownerId, groups: await groupsWithUsers(db, ownerId) };
  const rows = await db
    .select({ id: tmShareMembers.groupId })
    .from(tmShareMembers)
    .innerJoin(tmShareGroups, eq(tmShareGroups.id, tmShareMembers.groupId))
    .where(and(eq(tmShareGroups.ownerId, ownerId), eq(tmShareMembers.userId, memberId)));
  const ids = rows.map((r) => r.id);
  return { id: ownerId, groups: ids.length ? await groupsWithUsers(db, ownerId, ids) : [] };
}

/** A group as its owner sees it; anyone else: 404. */
export async function ownGroup(
  db: Db,
  ownerId: number | null,
  groupId: number,
): Promise<SharedMemoryGroup & { ownerId: number }> {
  const [row] = await db.select().from(tmShareGroups).where(eq(tmShareGroups.id, groupId));
  if (!row || (ownerId !== null && row.ownerId !== ownerId)) throw notFound();
  const [group] = await groupsWithUsers(db, row.ownerId, [groupId]);
  return { ...group, ownerId: row.ownerId };
}

export async function createGroup(deps: Services, ownerId: number, name: string) {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (!clean)
    throw badRequest(LANGUAGE_ASSET_TEXTS.groupNameRequired, { name: LANGUAGE_ASSET_TEXTS.groupNameRequired });
  if (clean.length > 100) throw badRequest('At most 100 characters', { name: 'At most 100 characters' });
  const [row] = await deps.db
    .insert(tmShareGroups)
    .values({ ownerId, name: clean, createdAt: deps.clock.now() })
    .returning({ id: tmShareGroups.id });
  return ownGroup(deps.db, ownerId, row.id);
}

export async function deleteGroup(db: Db, ownerId: number, groupId: number) {
  const deleted = await db
    .delete(tmShareGroups)
    .where(and(eq(tmShareGroups.id, groupId), eq(tmShareGroups.ownerId, ownerId)))
    .returning({ id: tmShareGroups.id });
  if (deleted.length === 0) throw notFound();
}

export async function addMember(deps: Services, ownerId: number, groupId: number, email: string) {
  await ownGroup(deps.db, ownerId, groupId);
  const clean = email.trim().toLowerCase();
  if (!clean)
    throw badRequest(LANGUAGE_ASSET_TEXTS.memberEmailRequired, { email: LANGUAGE_ASSET_TEXTS.memberEmailRequired });
  const [translator] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${clean}`, eq(users.type, 'translator')));
  if (!translator)
    throw badRequest(LANGUAGE_ASSET_TEXTS.notATranslator, { email: LANGUAGE_ASSET_TEXTS.notATranslator });
  const added = await deps.db
    .insert(tmShareMembers)
    .values({ groupId, userId: translator.id, createdAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ userId: tmShareMembers.userId });
  if (added.length === 0)
    throw new AppError(409, LANGUAGE_ASSET_TEXTS.alreadyMember, { email: LANGUAGE_ASSET_TEXTS.alreadyMember });
  return ownGroup(deps.db, ownerId, groupId);
}

export async function removeMember(db: Db, ownerId: number, groupId: number, userId: number) {
  await ownGroup(db, ownerId, groupId);
  const removed = await db
    .delete(tmShareMembers)
    .where(and(eq(tmShareMembers.groupId, groupId), eq(tmShareMembers.userId, userId)))
    .returning({ userId: tmShareMembers.userId });
  if (removed.length === 0) throw notFound();
  return ownGroup(db, ownerId, groupId);
}

/**
 * The customer whose memory this translator may take for this project: the project's translator,
 * in a group of the project's customer. Anyone else (other translators, non-members, customers): 404.
 */
export async function sharedMemoryOwner(db: Db, translatorId: number, projectId: number): Promise<number> {
  const owner = await sharedMemoryOf(db, translatorId, projectId);
  if (owner === null) throw notFound();
  return owner;
}

/**
 * The same for the project page: the project's translator outside the customer's groups gets null
 * (no memory to show, an ordinary answer); anyone but the project's translator still gets 404.
 */
export async function sharedMemoryOf(db: Db, translatorId: number, projectId: number): Promise<number | null> {
  const [row] = await db
    .select({ customerId: projects.customerId })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.translatorId, translatorId)));
  if (!row) throw notFound();
  const [member] = await db
    .select({ groupId: tmShareMembers.groupId })
    .from(tmShareMembers)
    .innerJoin(tmShareGroups, eq(tmShareGroups.id, tmShareMembers.groupId))
    .where(and(eq(tmShareGroups.ownerId, row.customerId), eq(tmShareMembers.userId, translatorId)))
    .limit(1);
  return member ? row.customerId : null;
}
