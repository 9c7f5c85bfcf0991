import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientAlertAnswer, ClientAlertSettings } from '@parlance/shared';
import { http } from '../../app/http';

// GET|POST /api/2/adminsetting/alert/notification (spec 2 section 7): per customer, the am, sales
// and support flags of each alert. Saved as the spec's form fields settings[alert][flag].

const key = (userId: number) => ['admin', 'client-alerts', userId] as const;

export function useClientAlerts(userId: number | null) {
  return useQuery({
    queryKey: key(userId ?? 0),
    queryFn: ({ signal }) =>
      http
        .get<{ results: ClientAlertAnswer }>(`/api/2/adminsetting/alert/notification?user_id=${userId}`, signal)
        .then((b) => b.results),
    enabled: userId !== null,
    retry: false,
  });
}

export function useSaveClientAlerts(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ClientAlertSettings) => {
      const form: Record<string, string | number> = { user_id: userId };
      for (const [alert, routing] of Object.entries(settings)) {
        for (const [flag, on] of Object.entries(routing)) form[`settings[${alert}][${flag}]`] = on ? 1 : 0;
      }
      return http
        .postForm<{ results: ClientAlertAnswer }>('/api/2/adminsetting/alert/notification', form)
        .then((b) => b.results);
    },
    onSuccess: (answer) => queryClient.setQueryData(key(userId), answer),
  });
}
