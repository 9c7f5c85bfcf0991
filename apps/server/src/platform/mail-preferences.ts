import { eq, sql } from 'drizzle-orm';
import { MAILING_DEFAULTS, MAILING_FLAGS, type MailingFlag } from '@parlance/shared';
import type { Db, Tx } from '../db/client';
import { mailingPreferences } from '../db/schema';

// The mailing preference flags of spec 2 section 3, for every area that sends mail: read one flag
// before sending (`wantsMail(db, userId, 'new_comment')`). The profile area writes them.

/** Every flag of a user: what they set, and the default for the rest. */
export async function mailingFlagsOf(db: Db | Tx, userId: number): Promise<Record<MailingFlag, boolean>> {
  const [row] = await db
    .select({ flags: mailingPreferences.flags })
    .from(mailingPreferences)
    .where(eq(mailingPreferences.userId, userId));
  const stored = row?.flags ?? {};
  return Object.fromEntries(
    MAILING_FLAGS.map((f) => [f, typeof stored[f] === 'boolean' ? stored[f] : MAILING_DEFAULTS[f]]),
  ) as Record<MailingFlag, boolean>;
}

/**
 * Whether the user wants the mails of one kind, e.g. `wantsMail(db, customerId, 'new_comment')`
 * before mailing about a new project comment. One primary-key read; defaults when never set.
 */
export async function wantsMail(db: Db | Tx, userId: number, flag: MailingFlag): Promise<boolean> {
  return (await mailingFlagsOf(db, userId))[flag];
}

/** Saves these flags of a user (the others keep their values), in the caller's transaction. */
export async function setMailingFlags(
  tx: Db | Tx,
  userId: number,
  changes: Partial<Record<MailingFlag, boolean>>,
  now: Date,
): Promise<void> {
  await tx
    .insert(mailingPreferences)
    .values({ userId, flags: changes, updatedAt: now })
    .onConflictDoUpdate({
      target: mailingPreferences.userId,
      // jsonb || merges: the flags sent replace their old values, the others stay
      set: { flags: sql`${mailingPreferences.flags} || ${JSON.stringify(changes)}::jsonb`, updatedAt: now },
    });
}
