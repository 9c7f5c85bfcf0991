import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { moderations } from '../../db/schema';
import {
  checkMessage,
  holdMessage,
  loadVocabulary,
  type ModerationRow,
  type ModerationVerdict,
} from '../../platform/moderation';

// The team chat as a moderation source ('blendTalk'), the same way as the project
// discussion: a message is checked when sent (every vocabulary, since a chat has no language, and
// the contact detectors); a flagged one is stored with status 'moderation' and held in the
// moderation table. Who decides, and how, lives in moderation-source.ts (the registered handler) so
// that the chat's message menu and /admin/moderation take the same path.

export const CHAT_MODERATION_SOURCE = 'blendTalk' as const;

/** Checks a chat message (the author's country adds its national phone numbers); admins' messages are never held. */
export async function checkChatMessage(
  db: Db | Tx,
  text: string,
  publicUrl: string,
  authorCountry?: string | null,
): Promise<ModerationVerdict> {
  if (text.trim() === '') return { flagged: false, reasons: [] };
  const vocabulary = await loadVocabulary(db);
  const host = hostOf(publicUrl);
  return checkMessage({ text, language: null }, vocabulary, {
    allowedHosts: host ? [host] : [],
    phoneRegions: authorCountry ? [authorCountry] : [],
  });
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    // no valid PUBLIC_URL host: no link counts as our own
    return null;
  }
}

/** Puts a flagged chat message in the moderation table (a live event tells the moderators). */
export async function holdChatMessage(
  tx: Tx,
  held: {
    messageId: number;
    authorId: number;
    chat: { id: number; title: string; ownerId: number };
    text: string;
    verdict: ModerationVerdict;
    now: Date;
  },
): Promise<ModerationRow> {
  return holdMessage(tx, {
    source: CHAT_MODERATION_SOURCE,
    messageRef: held.messageId,
    authorId: held.authorId,
    title: held.chat.title,
    language: '',
    message: held.text,
    reasons: held.verdict.reasons,
    // moderators are admins: the admin view of the customer's chats opens the message
    link: `/admin/blend-talk/user/${held.chat.ownerId}/chat/${held.chat.id}?message=${held.messageId}`,
    now: held.now,
  });
}

/** The moderation row of a held chat message, if it was held. */
export async function heldRowOf(q: Db | Tx, messageId: number): Promise<ModerationRow | null> {
  const [row] = await q
    .select()
    .from(moderations)
    .where(and(eq(moderations.source, CHAT_MODERATION_SOURCE), eq(moderations.messageRef, String(messageId))));
  return row ?? null;
}
