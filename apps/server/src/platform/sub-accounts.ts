import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessionSwitches, subAccounts, users } from '../db/schema';
import type { AuthContext, SessionRow } from './session';

// The user bar's 'Switch to:' list (UserData.beneficiary: id -> label): a parent's sub-accounts,
// or, in a session switched into a sub-account, the way back to the parent.

export async function switchTargets(
  db: Db,
  auth: AuthContext,
  session: SessionRow | null,
): Promise<Record<string, string>> {
  if (auth.via !== 'session' || auth.admin) return {};
  if (session) {
    const [back] = await db
      .select({ id: users.id, name: users.name })
      .from(sessionSwitches)
      .innerJoin(users, eq(users.id, sessionSwitches.parentId))
      .where(eq(sessionSwitches.sessionHash, session.idHash));
    if (back) return { [String(back.id)]: `${back.name} (main account)` };
  }
  const children = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(subAccounts)
    .innerJoin(users, eq(users.id, subAccounts.childId))
    .where(eq(subAccounts.parentId, auth.user.id))
    .orderBy(users.name)
    .limit(50);
  return Object.fromEntries(children.map((c) => [String(c.id), `${c.name} (${c.email})`]));
}
