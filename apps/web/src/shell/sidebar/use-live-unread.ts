import { useQueryClient } from '@tanstack/react-query';
import { userQuery } from '../../app/current-user';
import { useRealtime } from '../../app/realtime';
import { messageKeys } from '../../features/messages/keys';

/**
 * Keeps the unread message count of the user bar and header live: a new message or messages read
 * in another tab reload the User data. Lives in the sidebar (a lazy part of signed-in pages), so a
 * guest's first page never opens the live connection.
 */
export function useLiveUnreadCount(): void {
  const client = useQueryClient();
  useRealtime((event) => {
    if (event.type === 'message.created' || event.type === 'messages.read') {
      void client.invalidateQueries({ queryKey: userQuery.queryKey });
      void client.invalidateQueries({ queryKey: messageKeys.all });
    }
  });
}
