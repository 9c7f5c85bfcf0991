import { SEARCH_MARK_END, SEARCH_MARK_START } from '@parlance/shared';
import type { Chat } from './api';

export type ChatRole = 'customer' | 'translator' | 'admin';

const DAY = 86_400_000;

/** Relative time under 7 days, otherwise 'MMM DD, YYYY'. */
export function relativeTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  const diff = now.getTime() - d.getTime();
  if (diff < 7 * DAY) {
    if (diff < 60_000) return 'now';
    if (diff < 3_600_000) return `${Math.floor(diff / 60_000)}m`;
    if (diff < DAY) return `${Math.floor(diff / 3_600_000)}h`;
    return `${Math.floor(diff / DAY)}d`;
  }
  return d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
}

export function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });
}

/** Translators see titles prefixed with the owner's name; their my-team chat gets a front-end title. */
export function chatTitleFor(chat: Pick<Chat, 'title' | 'type' | 'owner'>, role: ChatRole): string {
  if (role !== 'translator') return chat.title;
  const title = chat.type === 'my-team' ? 'Team chat' : chat.title;
  return `${chat.owner.name}: ${title}`;
}

/** The admin's customer look-up page, and a customer's chats under it. */
export const ADMIN_CHAT_HOME = '/admin/blend-talk';
export const adminChatPath = (customerId: number) => `${ADMIN_CHAT_HOME}/user/${customerId}/chat`;

/** A search snippet in pieces: the server marks each matched word with two private-use characters. */
export function snippetParts(snippet: string): { text: string; hit: boolean }[] {
  const parts: { text: string; hit: boolean }[] = [];
  for (const [i, piece] of snippet.split(SEARCH_MARK_START).entries()) {
    const [hit, rest] =
      i === 0 ? [null, piece] : [piece.split(SEARCH_MARK_END)[0], piece.split(SEARCH_MARK_END).slice(1).join('')];
    if (hit) parts.push({ text: hit, hit: true });
    if (rest) parts.push({ text: rest, hit: false });
  }
  return parts;
}
