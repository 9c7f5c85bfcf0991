import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MarkReadAnswer, MessageList, MessageStatusFilter, MessageType } from '@parlance/shared';
import { userQuery } from '../../app/current-user';
import { http } from '../../app/http';
import { isRealtimeConnected, subscribeConnected } from '../../app/realtime';
import { messageKeys } from './keys';

// The message box calls (spec 2 section 7): GET /api/2/account/messages and the mark-read calls.

export interface MessagesView {
  page: number;
  limit: number;
  status: MessageStatusFilter;
  type: MessageType | 'all';
}

export const messagesQuery = (view: MessagesView) =>
  queryOptions({
    queryKey: messageKeys.view(view),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({
        page: String(view.page),
        limit: String(view.limit),
        filter_status: view.status,
        filter_type: view.type,
      });
      return http.get<MessageList>(`/api/2/account/messages?${qs}`, signal);
    },
    placeholderData: keepPreviousData,
  });

export function useMessages(view: MessagesView) {
  return useQuery(messagesQuery(view));
}

/** Marks messages read (all or none); the box and the user bar's count follow. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => http.postJson<MarkReadAnswer>('/api/2/account/messages/read', { ids }),
    onSuccess: (answer) => {
      client.setQueryData(userQuery.queryKey, (user) =>
        user ? { ...user, statistics: { ...user.statistics, unreadMessages: answer.unread } } : user,
      );
      void client.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}

/**
 * While the mailbox is open: when the live connection comes up, the list and the unread count are
 * asked for again. A tab's first connection asks only for events from then on, so a message sent
 * after the page loaded but before the socket was up would otherwise stay missing until the next
 * event. Followed outside React: nothing is drawn again for the connection itself.
 */
export function useMailboxCatchUp(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeConnected(() => {
        if (!isRealtimeConnected()) return;
        void client.invalidateQueries({ queryKey: messageKeys.all });
        void client.invalidateQueries({ queryKey: userQuery.queryKey });
      }),
    [client],
  );
}
