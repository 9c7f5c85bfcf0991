import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../client';
import { userMessages, users } from '../schema';
import { writeUserMessage } from '../../platform/messages';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo message boxes: the demo projects' moves and posts already wrote their messages; this
 * adds an admin notice to each demo account and marks what is older than five days read, so that
 * /mbox shows both read and unread messages.
 */
export async function seedMessagesDemo(db: Db, emails: string[], now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    for (const email of emails) {
      const [user] = await tx.select({ id: users.id, type: users.type }).from(users).where(eq(users.email, email));
      if (!user) continue;
      await writeUserMessage(tx, {
        userId: user.id,
        type: 'admin_notice',
        subject: 'Welcome to Parlance',
        body:
          user.type === 'translator'
            ? 'Keep your language pairs and availability up to date to be offered matching projects.'
            : 'Your account manager is here to help: write to support any time from the Help menu.',
        now: new Date(now.getTime() - 9 * DAY),
      });
      await tx
        .update(userMessages)
        .set({ readAt: new Date(now.getTime() - 5 * DAY) })
        .where(and(eq(userMessages.userId, user.id), lt(userMessages.createdAt, new Date(now.getTime() - 5 * DAY))));
    }
  });
}
