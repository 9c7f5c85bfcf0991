import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { myTeamMembers, sessionSwitches, subAccounts, userMessages, users } from '../db/schema';
import { preparedOnce } from './prepared';
import type { UserDataExtras } from './present-user';
import type { AuthContext, SessionRow } from './session';
import { MAX_SWITCH_TARGETS, offersSwitching, switchBackLabel, switchTargetLabel } from './sub-accounts';

// What the user bar shows beside the user itself (the web app reads it with every page through
// `GET /registry/get?data=User`): the 'Switch to:' targets, the unread message count and whether
// the user has a My Team (a customer with preferred translators, or a translator some customer
// chose). The four reads (the way back from a switched session, the sub-accounts, the unread count,
// the team) are one
// prepared statement, so every page costs one round trip, with the same answers as
// `switchTargets` (sub-accounts.ts) and `countUnreadMessages` (messages.ts).

const statement = preparedOnce((db: Db) =>
  db
    .select({
      back: sql<{ id: number; name: string } | null>`(
        SELECT json_build_object('id', p.id, 'name', p.name)
        FROM ${sessionSwitches} s JOIN ${users} p ON p.id = s.parent_id
        WHERE s.session_hash = ${sql.placeholder('sessionHash')}
      )`,
      children: sql<[number, string, string][]>`(
        SELECT coalesce(json_agg(json_build_array(c.id, c.name, c.email) ORDER BY c.name), '[]'::json)
        FROM (
          SELECT u.id, u.name, u.email
          FROM ${subAccounts} sa JOIN ${users} u ON u.id = sa.child_id
          WHERE sa.parent_id = ${sql.placeholder('userId')}
          ORDER BY u.name
          LIMIT ${sql.raw(String(MAX_SWITCH_TARGETS))}
        ) c
      )`,
      unread: sql<number>`(
        SELECT count(*)::int FROM ${userMessages} m
        WHERE m.user_id = ${sql.placeholder('userId')} AND m.read_at IS NULL
      )`,
      myTeam: sql<boolean>`EXISTS (
        SELECT 1 FROM ${myTeamMembers} t
        WHERE t.customer_id = ${sql.placeholder('userId')} OR t.translator_id = ${sql.placeholder('userId')}
      )`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('parlance_user_bar'),
);

/** The switch targets (id -> label), the unread count and the team of the signed-in user, in one round trip. */
export async function loadUserBarExtras(
  db: Db,
  auth: AuthContext,
  session: SessionRow | null,
): Promise<Required<Omit<UserDataExtras, 'firstVisit'>>> {
  const [row] = await statement(db).execute({ userId: auth.user.id, sessionHash: session?.idHash ?? '' });
  const unreadMessages = Number(row?.unread ?? 0);
  const myTeam = row?.myTeam === true;
  if (!row || !offersSwitching(auth)) return { beneficiary: {}, unreadMessages, myTeam };
  if (row.back)
    return { beneficiary: { [String(row.back.id)]: switchBackLabel(row.back.name) }, unreadMessages, myTeam };
  const beneficiary = Object.fromEntries(
    row.children.map(([id, name, email]) => [String(id), switchTargetLabel(name, email)] as const),
  );
  return { beneficiary, unreadMessages, myTeam };
}
