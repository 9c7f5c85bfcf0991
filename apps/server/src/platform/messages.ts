import { and, count, eq, isNull } from 'drizzle-orm';
import type { MessageType } from '@parlance/shared';
import type { Db, Tx } from '../db/client';
import { userMessages } from '../db/schema';
import { recordEvent } from './realtime';

/**
 * The message box's writer: any area that tells a user something calls this inside the
 * transaction of the change itself, so a message exists exactly when its cause committed. The
 * `message.created` event lets the user bar's unread count follow live.
 */
export interface UserMessageInput {
  userId: number;
  type: MessageType;
  subject: string;
  body: string;
  link?: string | null;
  projectId?: number | null;
  now?: Date;
}

export async function writeUserMessage(tx: Db | Tx, input: UserMessageInput): Promise<number> {
  const [row] = await tx
    .insert(userMessages)
    .values({
      userId: input.userId,
      type: input.type,
      subject: input.subject.slice(0, 200),
      body: input.body.slice(0, 5000),
      link: input.link ?? null,
      projectId: input.projectId ?? null,
      ...(input.now ? { createdAt: input.now } : {}),
    })
    .returning({ id: userMessages.id });
  await recordEvent(tx, { userId: input.userId, type: 'message.created', payload: { messageId: row.id } });
  return row.id;
}

/** The unread count of the user bar: one COUNT over the partial index of unread rows. */
export async function countUnreadMessages(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userMessages)
    .where(and(eq(userMessages.userId, userId), isNull(userMessages.readAt)));
  return row?.n ?? 0;
}
