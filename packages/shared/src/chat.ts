// Team chat (spec 3): texts, limits, rules shared by the server and the web app, and the answers of
// its calls as zod schemas (the server's response schemas; the web reads the inferred types).

export const CHAT_TEXTS = {
  titleEmpty: 'Chat title cannot be empty',
  titleTooLong: 'Chat title must be at most 100 characters',
  fileTooLarge: 'You can not upload file more then 100 mb',
  underModeration: 'The message is under moderation',
  declined: 'This message did not pass moderation. Please contact the administrator.',
  copyFailed: 'Failed to copy text',
  copied: 'Text copied',
  tokenNotAvailable: 'Token not available',
  generic: 'Oops, something went wrong. Please reload the page or contact the support team',
  attachmentFailed: 'The attachment could not be sent. Please reload the page and try again',
  messageEmpty: 'Please write a message or attach a file',
  /** a message that was only a file, once the file is deleted (the row and the bubble say so) */
  attachmentDeleted: 'The attachment was deleted.',
  messageTooLong: 'A message can be at most 10,000 characters long.',
  chatNotFound: 'Chat not found',
  messageNotFound: 'Message not found',
  notAllowed: 'You are not allowed to do this',
  /** what a removed chat answers to a new message, reaction, pin or rename, and its read-only notice */
  chatRemoved: 'This chat was removed, so it is read-only.',
  removeChat: 'Remove chat',
  removeChatConfirmTitle: 'Remove this chat?',
  removeChatConfirm:
    'Nobody will be able to write in it any more: its members keep reading its history, with a lock on it. Only an administrator can restore it.',
  restoreChat: 'Restore chat',
  chatRemovedToast: 'The chat was removed',
  chatRestoredToast: 'The chat was restored',
  noMembers: 'Please select at least one member',
  errorTitle: 'Something went wrong:',
  tryAgain: 'Try again',
  /** the in-chat search panel's button for the next page of matches */
  moreResults: 'More results',
} as const;

/**
 * The emoji avatar list (spec 3 section 9: 44 of them). Which emoji a chat gets is ours: its id
 * picks one, so a chat looks the same in every list and on every device.
 */
export const CHAT_AVATAR_EMOJIS = [
  '🦊',
  '🐼',
  '🐨',
  '🦁',
  '🐯',
  '🐸',
  '🐙',
  '🦉',
  '🐝',
  '🦋',
  '🐢',
  '🐬',
  '🦄',
  '🐧',
  '🐳',
  '🦜',
  '🌵',
  '🌻',
  '🌈',
  '🍀',
  '🍉',
  '🍋',
  '🍒',
  '🥑',
  '🍩',
  '🎈',
  '🎨',
  '🎧',
  '🎲',
  '🚀',
  '⚓',
  '🌍',
  '🌙',
  '⭐',
  '🔥',
  '💡',
  '📚',
  '🧭',
  '🪁',
  '🧩',
  '🎯',
  '🌊',
  '🍄',
  '🐞',
] as const;

/** A chat's emoji avatar. */
export function chatAvatarEmoji(chatId: number): string {
  const n = CHAT_AVATAR_EMOJIS.length;
  return CHAT_AVATAR_EMOJIS[((Math.trunc(chatId) % n) + n) % n];
}

export const CHAT_LIMITS = {
  titleMax: 100,
  attachmentMaxBytes: 104_857_600,
  pageSize: 30,
  messageMax: 10_000,
  /** the composer counts down the characters left from this length on */
  messageCountdownFrom: 9_000,
  inChatSearchDebounceMs: 400,
  globalSearchDebounceMs: 800,
  composerRowsDesktop: 15,
  composerRowsMobile: 7,
  swipeThresholdPx: 50,
  badgeMax: 99,
} as const;

export const CHAT_TYPES = ['my-team', 'custom'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];
export const REACTION_TYPES = ['like', 'heart', 'checked', 'ok'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];
export const MESSAGE_STATUSES = ['created', 'moderation', 'approved', 'declined'] as const;
export type ChatMessageStatus = (typeof MESSAGE_STATUSES)[number];
export const SYSTEM_ACTIONS = ['add', 'remove', 'pinned'] as const;

/** The title rule (spec 3 section 5): null when valid, else the message to show. */
export function chatTitleError(title: string): string | null {
  const trimmed = title.trim();
  if (trimmed.length === 0) return CHAT_TEXTS.titleEmpty;
  if (trimmed.length > CHAT_LIMITS.titleMax) return CHAT_TEXTS.titleTooLong;
  return null;
}

/** The header badge: 99+ from 100. */
export function chatBadgeLabel(count: number): string {
  return count > CHAT_LIMITS.badgeMax ? `${CHAT_LIMITS.badgeMax}+` : String(count);
}

export interface ChatListItemLike {
  chatId: number;
  type: ChatType;
  pinnedAt: string | null;
  createdAt: string;
  lastMessage: { createdAt: string } | null;
}

function activity(c: ChatListItemLike): number {
  const created = Date.parse(c.createdAt);
  const last = c.lastMessage ? Date.parse(c.lastMessage.createdAt) : 0;
  return Math.max(created, last);
}

/** Pinned first, then by the later of last-message and creation time, newest first (spec 3 section 2). */
export function compareChats(a: ChatListItemLike, b: ChatListItemLike): number {
  const ap = a.pinnedAt ? 1 : 0;
  const bp = b.pinnedAt ? 1 : 0;
  if (ap !== bp) return bp - ap;
  const diff = activity(b) - activity(a);
  return diff !== 0 ? diff : b.chatId - a.chatId;
}

export interface ChatListGroups<T> {
  custom: T[];
  pinned: T[];
  recent: T[];
}

/**
 * The list groups: custom (team groups; not for translators), pinned, recent. A pinned chat shows
 * under pinned whatever its type; translators see custom chats among pinned and recent.
 */
export function groupChats<T extends ChatListItemLike>(
  chats: T[],
  viewer: 'customer' | 'translator' | 'admin',
): ChatListGroups<T> {
  const sorted = [...chats].sort(compareChats);
  const groups: ChatListGroups<T> = { custom: [], pinned: [], recent: [] };
  for (const c of sorted) {
    if (c.pinnedAt) groups.pinned.push(c);
    else if (c.type === 'custom' && viewer !== 'translator') groups.custom.push(c);
    else groups.recent.push(c);
  }
  return groups;
}

/** Day label of a message group: 'Today', else 'MMM DD' and the year when not this year. */
export function dayLabel(iso: string, now: Date): string {
  const d = new Date(iso);
  if (d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate())
    return 'Today';
  const month = d.toLocaleString('en-US', { month: 'short' });
  const day = String(d.getDate()).padStart(2, '0');
  return d.getFullYear() === now.getFullYear() ? `${month} ${day}` : `${month} ${day}, ${d.getFullYear()}`;
}

/** Messages (sorted by creation time) split into days, each with its label. */
export function groupByDay<T extends { createdAt: string }>(
  messages: T[],
  now: Date,
): { label: string; key: string; items: T[] }[] {
  const sorted = [...messages].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const out: { label: string; key: string; items: T[] }[] = [];
  for (const m of sorted) {
    const d = new Date(m.createdAt);
    const key = `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
    const last = out[out.length - 1];
    if (last && last.key === key) last.items.push(m);
    else out.push({ key, label: dayLabel(m.createdAt, now), items: [m] });
  }
  return out;
}

/** The chat-user type as the chat presents it. */
export const CHAT_USER_TYPES = ['Customer', 'Translator', 'Admin'] as const;
export type ChatUserType = (typeof CHAT_USER_TYPES)[number];

/** spec 3 section 6: the capability table. */
export const CHAT_CAPABILITIES = [
  'openChatPage',
  'createGroup',
  'seeMembersTab',
  'pinChat',
  'renameChat',
  'unpinFromPinnedBar',
  'pinMessage',
  'moderateMessage',
  'deleteAnyAttachment',
  'openCustomerChat',
  'removeChat',
  'restoreChat',
] as const;
export type ChatCapability = (typeof CHAT_CAPABILITIES)[number];

export interface ChatCapabilityContext {
  /** the chat acted on (pin, rename): its type */
  chatType?: ChatType;
  /** the message acted on (pin): its status */
  messageStatus?: ChatMessageStatus;
  /** the attachment acted on: is it the viewer's own */
  ownAttachment?: boolean;
  /** customers: the chat feature flag */
  featureOn?: boolean;
  /** the chat acted on (remove): is the viewer its owner */
  ownChat?: boolean;
}

/** One function over the whole table; the server and the web read it. */
export function chatCan(
  role: 'customer' | 'translator' | 'admin',
  capability: ChatCapability,
  ctx: ChatCapabilityContext = {},
): boolean {
  const admin = role === 'admin';
  switch (capability) {
    case 'openChatPage':
      return role === 'customer' ? ctx.featureOn !== false : true;
    case 'createGroup':
    case 'seeMembersTab':
    case 'unpinFromPinnedBar':
      return role !== 'translator';
    case 'pinChat':
    case 'renameChat':
      return role === 'customer' ? ctx.chatType === 'custom' : true;
    case 'pinMessage':
      // every role may pin only approved messages (spec 3 section 4)
      return role !== 'translator' && (ctx.messageStatus === undefined || ctx.messageStatus === 'approved');
    case 'moderateMessage':
    case 'openCustomerChat':
      return admin;
    case 'deleteAnyAttachment':
      return admin || ctx.ownAttachment === true;
    case 'removeChat':
      // admins remove any chat; a team group's owner removes their own
      return admin || (ctx.chatType === 'custom' && ctx.ownChat === true);
    case 'restoreChat':
      return admin;
  }
}

/** The jump-to-unread chip (spec 3 section 2): the count plus 'unread message', plural with s. */
export function unreadChipLabel(count: number): string {
  return `${count} unread message${count === 1 ? '' : 's'}`;
}

/**
 * The first unread message of a loaded history (oldest first): the server counts one notification per
 * ordinary message of another member, so the unread ones are the last `unread` of those.
 */
export function firstUnreadId<
  T extends { id: number; type: 'ordinary' | 'system'; author: { id: number } | null; deletedAt: string | null },
>(messages: T[], me: number, unread: number): number | null {
  if (unread <= 0) return null;
  const others = messages.filter((m) => m.type === 'ordinary' && m.author !== null && m.author.id !== me);
  if (others.length === 0) return null;
  return others[Math.max(0, others.length - unread)].id;
}

/** The first-visit tour of the chat page (spec 3 sections 2 and 4): 7 steps for customers, 6 for translators. */
export interface ChatTourStep {
  /** a `data-tour` name on the page, or null for a step in the middle of the screen */
  target: string | null;
  title: string;
  content: string;
}

const TOUR_WELCOME: ChatTourStep = {
  target: null,
  title: 'Welcome to Team Chat',
  content: 'Talk to your translators and the Parlance team in one place. This short tour shows you around.',
};
const TOUR_LIST: ChatTourStep = {
  target: 'chat-row',
  title: 'Your chats',
  content: 'Every chat you are in, newest first. Unread messages are counted on each row; a heart means new reactions.',
};
const TOUR_PIN: ChatTourStep = {
  target: 'chat-menu',
  title: 'Pin what matters',
  content: 'Pin a chat from its menu, or swipe it left on a phone, to keep it on top of the list.',
};
const TOUR_SEARCH: ChatTourStep = {
  target: 'global-search',
  title: 'Search everything',
  content: 'Find files, chats and messages across all your chats. A message opens right where it was written.',
};
const TOUR_CREATE: ChatTourStep = {
  target: 'add-chat',
  title: 'Create a team group',
  content: 'Bring translators from your My Team together in a group chat and give it a name.',
};
const TOUR_CHAT: ChatTourStep = {
  target: 'chat-body',
  title: 'Talk',
  content:
    'Open a chat to read its history, reply, react, pin messages and send emoji and files of up to 100 MB. Enter sends; Shift+Enter starts a new line.',
};
const TOUR_BADGE: ChatTourStep = {
  target: 'chat-badge',
  title: 'Never miss a message',
  content: 'The Team chat badge in the header counts your unread messages on every page.',
};

export const CHAT_TOUR_STEPS: Record<'customer' | 'translator', readonly ChatTourStep[]> = {
  customer: [TOUR_WELCOME, TOUR_LIST, TOUR_CREATE, TOUR_SEARCH, TOUR_PIN, TOUR_CHAT, TOUR_BADGE],
  translator: [TOUR_WELCOME, TOUR_LIST, TOUR_SEARCH, TOUR_PIN, TOUR_CHAT, TOUR_BADGE],
};

export const CHAT_TOUR_TEXTS = { next: 'Next', skip: 'Skip', last: 'Start chatting' } as const;

/** Touch gestures of the message list (spec 3 sections 2 and 9). */
export const CHAT_GESTURES = { doubleTapMs: 400 } as const;

/** A tap at `now` completes a double tap when the previous one (0: none) was at most 400 ms before. */
export function isDoubleTap(previousTap: number, now: number): boolean {
  return previousTap > 0 && now - previousTap >= 0 && now - previousTap <= CHAT_GESTURES.doubleTapMs;
}

/** The private-use characters a search snippet puts around each matched word (shown as a highlight). */
export const SEARCH_MARK_START = '\uE000';
export const SEARCH_MARK_END = '\uE001';
