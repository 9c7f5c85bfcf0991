import { and, count, eq, sql } from 'drizzle-orm';
import {
  MAILING_FLAGS,
  type MailingFlag,
  type MailingPreferences,
  PROFILE_LIMITS,
  PROFILE_TEXTS,
} from '@parlance/shared';
import type { Services } from '../../platform/services';
import { secondaryEmails, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { mailingFlagsOf, setMailingFlags } from '../../platform/mail-preferences';
import type { AuthContext } from '../../platform/session';

// Mailing preferences (the flags other areas read through platform/mail-preferences.ts) and the
// secondary e-mail addresses.

export async function getMailingPreferences(deps: Services, userId: number): Promise<MailingPreferences> {
  const flags = await mailingFlagsOf(deps.db, userId);
  const emails = await deps.db
    .select({ uid: secondaryEmails.userId, email: secondaryEmails.email })
    .from(secondaryEmails)
    .where(eq(secondaryEmails.userId, userId))
    .orderBy(secondaryEmails.id);
  return { flags, secondaryEmails: emails };
}

/** Saves the flags sent; flags not sent keep their value. */
export async function updateMailingPreferences(
  deps: Services,
  auth: AuthContext,
  input: Partial<Record<MailingFlag, boolean | undefined>>,
  ip: string,
): Promise<MailingPreferences> {
  const userId = auth.user.id;
  const changes: Record<string, boolean> = {};
  for (const flag of MAILING_FLAGS) {
    const value = input[flag];
    if (typeof value === 'boolean') changes[flag] = value;
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await setMailingFlags(tx, userId, changes, now);
    await audit(tx, {
      actorId: (auth.admin ?? auth.user).id,
      action: 'profile.mailing_updated',
      targetType: 'user',
      targetId: userId,
      details: changes,
      ip,
    });
  });
  return getMailingPreferences(deps, userId);
}

/** The uid of these calls must be the asker's own (an admin acting as them is them). */
function assertOwnUid(auth: AuthContext, uid: number | undefined): void {
  if (uid !== undefined && uid !== auth.user.id) throw notFound();
}

export async function addSecondaryEmail(
  deps: Services,
  auth: AuthContext,
  input: { uid?: number; email: string },
): Promise<MailingPreferences> {
  assertOwnUid(auth, input.uid);
  const userId = auth.user.id;
  if (input.email.toLowerCase() === auth.user.email.toLowerCase())
    throw badRequest(PROFILE_TEXTS.secondaryEmailTaken, { email: PROFILE_TEXTS.secondaryEmailTaken });
  await deps.db.transaction(async (tx) => {
    // locking the user's row serialises two adds racing for the last free slot
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ n }] = await tx.select({ n: count() }).from(secondaryEmails).where(eq(secondaryEmails.userId, userId));
    if (n >= PROFILE_LIMITS.secondaryEmails)
      throw badRequest(PROFILE_TEXTS.secondaryEmailLimit, { email: PROFILE_TEXTS.secondaryEmailLimit });
    const inserted = await tx
      .insert(secondaryEmails)
      .values({ userId, email: input.email, createdAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: secondaryEmails.id });
    if (inserted.length === 0)
      throw new AppError(409, PROFILE_TEXTS.secondaryEmailTaken, { email: PROFILE_TEXTS.secondaryEmailTaken });
  });
  return getMailingPreferences(deps, userId);
}

export async function removeSecondaryEmail(
  deps: Services,
  auth: AuthContext,
  input: { uid?: number; email: string },
): Promise<MailingPreferences> {
  assertOwnUid(auth, input.uid);
  const removed = await deps.db
    .delete(secondaryEmails)
    .where(and(eq(secondaryEmails.userId, auth.user.id), sql`lower(${secondaryEmails.email}) = lower(${input.email})`))
    .returning({ id: secondaryEmails.id });
  if (removed.length === 0) throw notFound(PROFILE_TEXTS.secondaryEmailNotFound);
  return getMailingPreferences(deps, auth.user.id);
}
