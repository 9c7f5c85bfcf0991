import { describe, expect, it } from 'vitest';
import {
  CHAT_AVATAR_EMOJIS,
  CHAT_TEXTS,
  chatAvatarEmoji,
  CHAT_TOUR_STEPS,
  chatBadgeLabel,
  chatCan,
  chatTitleError,
  compareChats,
  dayLabel,
  groupByDay,
  firstUnreadId,
  groupChats,
  isDoubleTap,
  unreadChipLabel,
} from './chat';

describe('chat title rules', () => {
  it('trims, refuses empty and over 100 characters', () => {
    expect(chatTitleError('   ')).toBe(CHAT_TEXTS.titleEmpty);
    expect(chatTitleError('')).toBe(CHAT_TEXTS.titleEmpty);
    expect(chatTitleError(` ${'a'.repeat(100)} `)).toBeNull();
    expect(chatTitleError('a'.repeat(101))).toBe(CHAT_TEXTS.titleTooLong);
    expect(chatTitleError('Launch')).toBeNull();
  });
  it('badge shows 99+ from 100', () => {
    expect(chatBadgeLabel(99)).toBe('99');
    expect(chatBadgeLabel(100)).toBe('99+');
  });
});

const chat = (
  chatId: number,
  o: { pinnedAt?: string | null; createdAt?: string; last?: string | null; type?: 'my-team' | 'custom' } = {},
) => ({
  chatId,
  type: o.type ?? ('my-team' as const),
  pinnedAt: o.pinnedAt ?? null,
  createdAt: o.createdAt ?? '2026-01-01T00:00:00Z',
  lastMessage: o.last ? { createdAt: o.last } : null,
});

describe('chat list ordering', () => {
  it('pinned first, then by the later of last message and creation, newest first', () => {
    const list = [
      chat(1, { last: '2026-03-01T00:00:00Z' }),
      chat(2, { createdAt: '2026-04-01T00:00:00Z' }),
      chat(3, { pinnedAt: '2026-01-02T00:00:00Z' }),
      chat(4, { last: '2026-05-01T00:00:00Z' }),
    ];
    expect([...list].sort(compareChats).map((c) => c.chatId)).toEqual([3, 4, 2, 1]);
  });
  it('groups: custom hidden from translators', () => {
    const list = [chat(1, { type: 'custom' }), chat(2), chat(3, { pinnedAt: '2026-01-02T00:00:00Z', type: 'custom' })];
    const forCustomer = groupChats(list, 'customer');
    expect(forCustomer.custom.map((c) => c.chatId)).toEqual([1]);
    expect(forCustomer.pinned.map((c) => c.chatId)).toEqual([3]);
    expect(forCustomer.recent.map((c) => c.chatId)).toEqual([2]);
    const forTranslator = groupChats(list, 'translator');
    expect(forTranslator.custom).toEqual([]);
    expect(forTranslator.recent.map((c) => c.chatId).sort()).toEqual([1, 2]);
  });
});

describe('day grouping', () => {
  const now = new Date(2026, 10, 24, 15, 0);
  it('labels today, this year without the year, other years with it', () => {
    expect(dayLabel(new Date(2026, 10, 24, 1, 0).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 3, 1, 0).toISOString(), now)).toBe('Nov 03');
    expect(dayLabel(new Date(2025, 0, 9, 1, 0).toISOString(), now)).toBe('Jan 09, 2025');
  });
  it('splits sorted messages into days', () => {
    const ms = [
      { id: 3, createdAt: new Date(2026, 10, 24, 9).toISOString() },
      { id: 1, createdAt: new Date(2026, 10, 22, 9).toISOString() },
      { id: 2, createdAt: new Date(2026, 10, 22, 18).toISOString() },
    ];
    const days = groupByDay(ms, now);
    expect(days.map((d) => [d.label, d.items.map((m) => m.id)])).toEqual([
      ['Nov 22', [1, 2]],
      ['Today', [3]],
    ]);
  });
});

describe('capability table (spec 3 section 6), every cell', () => {
  const roles = ['customer', 'translator', 'admin'] as const;
  const table: [string, Parameters<typeof chatCan>[2], [boolean, boolean, boolean]][] = [
    ['openChatPage', { featureOn: true }, [true, true, true]],
    ['openChatPage', { featureOn: false }, [false, true, true]],
    ['createGroup', {}, [true, false, true]],
    ['seeMembersTab', {}, [true, false, true]],
    ['pinChat', { chatType: 'custom' }, [true, true, true]],
    ['pinChat', { chatType: 'my-team' }, [false, true, true]],
    ['renameChat', { chatType: 'custom' }, [true, true, true]],
    ['renameChat', { chatType: 'my-team' }, [false, true, true]],
    ['unpinFromPinnedBar', {}, [true, false, true]],
    ['pinMessage', { messageStatus: 'approved' }, [true, false, true]],
    ['pinMessage', { messageStatus: 'moderation' }, [false, false, false]],
    ['moderateMessage', {}, [false, false, true]],
    ['deleteAnyAttachment', { ownAttachment: true }, [true, true, true]],
    ['deleteAnyAttachment', { ownAttachment: false }, [false, false, true]],
    ['openCustomerChat', {}, [false, false, true]],
    ['removeChat', { chatType: 'custom', ownChat: true }, [true, true, true]],
    ['removeChat', { chatType: 'custom', ownChat: false }, [false, false, true]],
    ['removeChat', { chatType: 'my-team', ownChat: true }, [false, false, true]],
    ['restoreChat', {}, [false, false, true]],
  ];
  for (const [capability, ctx, expected] of table) {
    it(`${capability} ${JSON.stringify(ctx)}`, () => {
      expect(roles.map((r) => chatCan(r, capability as Parameters<typeof chatCan>[1], ctx))).toEqual(expected);
    });
  }
});

describe('jump-to-unread chip', () => {
  it('reads the count plus unread message, plural with s', () => {
    expect(unreadChipLabel(1)).toBe('1 unread message');
    expect(unreadChipLabel(2)).toBe('2 unread messages');
  });
  it('finds the first unread among the other members’ ordinary messages', () => {
    const m = (id: number, author: number | null, type: 'ordinary' | 'system' = 'ordinary') => ({
      id,
      type,
      author: author === null ? null : { id: author },
      deletedAt: null,
    });
    const list = [m(1, 2), m(2, 1), m(3, 2), m(4, null, 'system'), m(5, 1), m(6, 2)];
    expect(firstUnreadId(list, 1, 0)).toBeNull();
    expect(firstUnreadId(list, 1, 1)).toBe(6);
    expect(firstUnreadId(list, 1, 2)).toBe(3);
    // more unread than loaded: the oldest loaded one
    expect(firstUnreadId(list, 1, 9)).toBe(1);
  });
});

describe('onboarding tour', () => {
  it('has 7 steps for customers and 6 for translators; only customers see the create step', () => {
    expect(CHAT_TOUR_STEPS.customer).toHaveLength(7);
    expect(CHAT_TOUR_STEPS.translator).toHaveLength(6);
    expect(CHAT_TOUR_STEPS.customer.some((s) => s.target === 'add-chat')).toBe(true);
    expect(CHAT_TOUR_STEPS.translator.some((s) => s.target === 'add-chat')).toBe(false);
  });
});

describe('double tap', () => {
  it('is two taps at most 400 ms apart', () => {
    expect(isDoubleTap(0, 300)).toBe(false);
    expect(isDoubleTap(1000, 1400)).toBe(true);
    expect(isDoubleTap(1000, 1401)).toBe(false);
    expect(isDoubleTap(1000, 900)).toBe(false);
  });
});

describe('chat avatars', () => {
  it('has the 44 emoji of the spec, each once, and every chat id gets one of them', () => {
    expect(CHAT_AVATAR_EMOJIS).toHaveLength(44);
    expect(new Set(CHAT_AVATAR_EMOJIS).size).toBe(44);
    const seen = new Set([0, 1, 43, 44, 45, 10_007, -3].map(chatAvatarEmoji));
    for (const emoji of seen) expect(CHAT_AVATAR_EMOJIS).toContain(emoji);
    expect(chatAvatarEmoji(5)).toBe(chatAvatarEmoji(49));
    expect(chatAvatarEmoji(5)).not.toBe(chatAvatarEmoji(6));
  });
});
