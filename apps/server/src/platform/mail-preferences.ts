import type { Db, Tx } from '../db/client';

// Which mails a user wants. The profile's mail preferences (spec 2) are built in their own area;
// until they exist every user wants every mail. This is the one place that decision is read.

export type MailKind = 'new_comment';

/**
 * Whether the user wants mail of this kind. Defaults to yes; the profile's preferences (the
 * new_comment switch) plug in here.
 */
export async function wantsMail(_db: Db | Tx, _userId: number, _kind: MailKind): Promise<boolean> {
  return true;
}
