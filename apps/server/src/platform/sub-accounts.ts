import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessionSwitches, subAccounts, users } from '../db/schema';
import type { AuthContext, SessionRow } from './session';

// The user bar's 'Switch to:' list (UserData.beneficiary: id -> label): a parent's sub-accounts,
// or, in a session switched into a sub-account, the way back to the parent.

/** How many sub-accounts the list offers. */
export const MAX_SWITCH_TARGETS = 50;

/** The list's labels: the way back to the parent, and a sub-account. */
export const switchBackLabel = (name: string): string => `${name} (main account)`;
export const switchTargetLabel = (name: string, email: string): string => `${name} (${email})`;

/** Switching is offered only in a cookie session of one's own (not while an admin acts as the user). */
export const offersSwitching = (auth: AuthContext): boolean => auth.via === 'session' && !auth.admin;

export async function switchTargets(
  db: Db,
  auth: AuthContext,
  session: SessionRow | null,
): Promise<Record<string, string>> {
  if (!offersSwitching(auth)) return {};
  if (session) {
    const [back] = await db
      .select({ id: users.id, name: users.name })
      .from(sessionSwitches)
      .innerJoin(users, eq(users.id, sessionSwitches.parentId))
      .where(eq(sessionSwitches.sessionHash, session.idHash));
    if (back) return { [String(back.id)]: switchBackLabel(back.name) };
  }
  const children = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(subAccounts)
    .innerJoin(users, eq(users.id, subAccounts.childId))
    .where(eq(subAccounts.parentId, auth.user.id))
    .orderBy(users.name)
    .limit(MAX_SWITCH_TARGETS);
  return Object.fromEntries(children.map((c) => [String(c.id), switchTargetLabel(c.name, c.email)]));
}
