import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { aclGroups, userAclGroups, users } from '../../db/schema';
import type { UserRow } from '../../platform/session';

// Reading users and their access-control groups.

/** The user with this e-mail address, without regard to case. */
export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row ?? null;
}

export async function findUserById(db: Db | Tx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Names of the user's acl groups, sorted. */
export async function aclGroupNames(db: Db | Tx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: aclGroups.name })
    .from(userAclGroups)
    .innerJoin(aclGroups, eq(aclGroups.id, userAclGroups.groupId))
    .where(eq(userAclGroups.userId, userId))
    .orderBy(aclGroups.name);
  return rows.map((r) => r.name);
}

/** Adds the user to a group by name (no-op when already a member or the group does not exist). */
export async function addToAclGroup(db: Db | Tx, userId: number, groupName: string): Promise<void> {
  const [group] = await db.select({ id: aclGroups.id }).from(aclGroups).where(eq(aclGroups.name, groupName));
  if (!group) return;
  await db.insert(userAclGroups).values({ userId, groupId: group.id }).onConflictDoNothing();
}

export async function removeFromAclGroup(db: Db | Tx, userId: number, groupName: string): Promise<void> {
  const [group] = await db.select({ id: aclGroups.id }).from(aclGroups).where(eq(aclGroups.name, groupName));
  if (!group) return;
  await db.delete(userAclGroups).where(and(eq(userAclGroups.userId, userId), eq(userAclGroups.groupId, group.id)));
}

/** The acl group of a marketplace role. */
export function roleGroup(type: 'customer' | 'translator'): string {
  return type === 'customer' ? 'role.customer' : 'role.translator';
}
