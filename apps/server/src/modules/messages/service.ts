import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { MESSAGE_TEXTS, type MessagesQuery } from '@parlance/shared';
import type { Db } from '../../db/client';
import { userMessages, users } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { countUnreadMessages, writeUserMessage } from '../../platform/messages';
import { recordEvent } from '../../platform/realtime';
import type { MessageRecord } from './present';

// The message box: one user's messages, filtered and paged in SQL, and marking them read.

function filterOf(userId: number, q: Pick<MessagesQuery, 'filter_status' | 'filter_type'>): SQL {
  const where: (SQL | undefined)[] = [eq(userMessages.userId, userId)];
  if (q.filter_status === 'unread') where.push(isNull(userMessages.readAt));
  if (q.filter_status === 'read') where.push(isNotNull(userMessages.readAt));
  if (q.filter_type !== 'all') where.push(eq(userMessages.type, q.filter_type));
  return and(...where) as SQL;
}

export async function listMessages(
  db: Db,
  userId: number,
  q: MessagesQuery,
): Promise<{ rows: MessageRecord[]; totalCount: number; unread: number }> {
  const where = filterOf(userId, q);
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(userMessages)
      .where(where)
      .orderBy(desc(userMessages.createdAt), desc(userMessages.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(userMessages).where(where),
    countUnreadMessages(db, userId),
  ]);
  return { rows, totalCount: total?.n ?? 0, unread };
}

/**
 * Marks the user's messages read: all of `ids` or none (an id that is not theirs is 404 and
 * nothing changes). Already read ones keep their first read time: a read message stays read.
 */
export async function markRead(
  db: Db,
  userId: number,
  ids: number[],
  now: Date,
): Promise<{ marked: number; unread: number }> {
  const wanted = [...new Set(ids)];
  if (wanted.some((id) => !Number.isSafeInteger(id))) throw notFound(MESSAGE_TEXTS.notFound);
  return db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: userMessages.id })
      .from(userMessages)
      .where(and(eq(userMessages.userId, userId), inArray(userMessages.id, wanted)));
    if (mine.length !== wanted.length) throw notFound(MESSAGE_TEXTS.notFound);
    const marked = await tx
      .update(userMessages)
      .set({ readAt: now })
      .where(and(eq(userMessages.userId, userId), inArray(userMessages.id, wanted), isNull(userMessages.readAt)))
      .returning({ id: userMessages.id });
    const unread = await countUnreadMessages(tx, userId);
    if (marked.length > 0) await recordEvent(tx, { userId, type: 'messages.read', payload: { unread } });
    return { marked: marked.length, unread };
  });
}

/** An admin notice to one user (POST /api/2/admin/messages, ours). */
export async function sendNotice(
  db: Db,
  input: { userId: number; subject: string; body: string },
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!user) throw new AppError(404, 'User not found');
    return writeUserMessage(tx, { ...input, type: 'admin_notice', now });
  });
}
