// The query keys of the team chat (the header's badge reads `notifications` outside the chat page).
export const chatKeys = {
  all: ['chat'] as const,
  lists: () => [...chatKeys.all, 'list'] as const,
  list: (customer?: number) => [...chatKeys.lists(), customer ?? 'me'] as const,
  messages: (chatId: number) => [...chatKeys.all, 'messages', chatId] as const,
  pinned: (chatId: number) => [...chatKeys.all, 'pinned', chatId] as const,
  members: (chatId: number) => [...chatKeys.all, 'members', chatId] as const,
  files: (chatId: number) => [...chatKeys.all, 'files', chatId] as const,
  notifications: ['chat', 'notifications'] as const,
  contacts: (customer?: number) => [...chatKeys.all, 'contacts', customer ?? 'me'] as const,
  adminUsers: (ids: unknown) => [...chatKeys.all, 'admin-users', ids] as const,
  inChatSearch: (chatId: unknown, phrase: string) => [...chatKeys.all, 'in-chat-search', chatId, phrase] as const,
  search: (phrase: string, customer?: number) => [...chatKeys.all, 'search', phrase, customer ?? 'me'] as const,
};
