import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { telegramSubscriptions } from '../../db/schema';
import type { TelegramProvider } from './provider';

/**
 * Sends a notification to the user's Telegram chat when they subscribed. The mailer calls it for
 * every mail a mailing flag governs, after the flag allowed it, so Telegram obeys the same flags.
 * A failure is logged and swallowed: the mail itself was sent; Telegram is a second channel.
 */
export function telegramNotifier(db: Db, provider: TelegramProvider, log?: (err: unknown) => void) {
  return async (userId: number, message: { subject: string; text: string }): Promise<void> => {
    try {
      const [row] = await db
        .select({ chatId: telegramSubscriptions.chatId })
        .from(telegramSubscriptions)
        .where(
          and(
            eq(telegramSubscriptions.userId, userId),
            eq(telegramSubscriptions.subscribed, true),
            isNotNull(telegramSubscriptions.chatId),
          ),
        );
      if (!row?.chatId) return;
      await provider.send(row.chatId, `${message.subject}\n\n${message.text}`);
    } catch (err) {
      log?.(err);
    }
  };
}
