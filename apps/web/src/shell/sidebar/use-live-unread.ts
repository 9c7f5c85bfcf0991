import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQuery } from '../../app/current-user';
import { useRealtime, useRealtimeConnected } from '../../app/realtime';
import { messageKeys } from '../../features/messages/keys';

/**
 * Keeps the unread message count of the user bar and header live: a new message or messages read
 * in another tab reload the User data. Lives in the sidebar (a lazy part of signed-in pages), so a
 * guest's first page never opens the live connection.
 */
export function useLiveUnreadCount(): void {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: userQuery.queryKey });
    void client.invalidateQueries({ queryKey: messageKeys.all });
  };
  useRealtime((event) => {
    if (event.type === 'message.created' || event.type === 'messages.read') refresh();
  });
  // a message sent after the page loaded but before the connection was up is not replayed to a
  // tab's first connection (it asks only for events from then on): the next answers have it
  const connected = useRealtimeConnected();
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh changes with nothing but the client
  useEffect(() => {
    if (connected) refresh();
  }, [connected, client]);
}
