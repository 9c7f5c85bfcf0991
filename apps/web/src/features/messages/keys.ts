// The query keys of the message box (the sidebar's live unread count refreshes them all).
export const messageKeys = {
  all: ['messages'] as const,
  view: (view: unknown) => [...messageKeys.all, view] as const,
};
