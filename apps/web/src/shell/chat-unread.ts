import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authTokenQuery } from '../app/auth-token';
import { request } from '../app/http';
import { chatKeys } from '../features/chat/keys';

// The header's chat badge: the sum of the user's unseen chat notifications (GET
// /chat/api/notifications?exists[seenAt]=false with the bearer token). The chat page refreshes the
// same query on every live event and after marking a chat seen; elsewhere it is polled.
const POLL_MS = 30_000;

export function useChatUnread(enabled: boolean): number {
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: chatKeys.notifications,
    enabled,
    refetchInterval: POLL_MS,
    queryFn: async ({ signal }) => {
      const token = await client.fetchQuery(authTokenQuery);
      return request<{ total: number }>('/chat/api/notifications?exists[seenAt]=false', {
        signal,
        headers: { Authorization: `Bearer ${token.jwt.access_token}` },
      });
    },
  });
  return data?.total ?? 0;
}
