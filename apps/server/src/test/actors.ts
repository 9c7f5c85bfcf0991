import type { UserRow } from '../platform/session';
import { type AuthContext, permissionSet } from '../platform/session';

// People for the pure rule tests: an AuthContext as the session would make it, without a database.

export function testUser(over: Partial<UserRow> = {}): UserRow {
  return { id: 7, type: 'customer', isAdmin: false, name: 'Test', email: 't@example.test', ...over } as UserRow;
}

/** The signed-in person; staff permissions from `groups` (super-admins hold every one). */
export function testActor(
  over: Partial<UserRow> = {},
  opts: { groups?: string[]; admin?: UserRow | null; via?: AuthContext['via'] } = {},
): AuthContext {
  const user = testUser(over);
  const admin = opts.admin ?? null;
  return { user, admin, via: opts.via ?? 'session', permissions: permissionSet(admin ?? user, opts.groups ?? []) };
}

export const SUPER_ADMIN = (): AuthContext => testActor({ id: 1, type: 'admin', isAdmin: true });
