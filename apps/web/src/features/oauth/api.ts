import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthorizeCheck, AuthorizeDecision, AuthorizedApp } from '@parlance/shared';
import { http, request } from '../../app/http';

// The consent page's calls and the customer's list of applications allowed to act for them.

export const oauthKeys = {
  all: ['oauth'] as const,
  of: <T extends readonly unknown[]>(...parts: T) => ['oauth', ...parts] as const,
};

/** What to show for the authorization request in this query string (the application's, as sent). */
export const authorizeCheckQuery = (search: string) =>
  queryOptions({
    queryKey: oauthKeys.of('authorize', search),
    queryFn: ({ signal }) =>
      http.get<{ results: AuthorizeCheck }>(`/api/2/oauth/authorize${search}`, signal).then((b) => b.results),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useAuthorizeDecision() {
  return useMutation({
    mutationFn: (decision: AuthorizeDecision) =>
      http
        .postJson<{ results: { redirectTo: string } }>('/api/2/oauth/authorize', decision)
        .then((b) => b.results.redirectTo),
  });
}

export const authorizedAppsQuery = queryOptions({
  queryKey: oauthKeys.of('authorized-apps'),
  queryFn: ({ signal }) =>
    http.get<{ results: AuthorizedApp[] }>('/api/2/oauth/authorized-apps', signal).then((b) => b.results),
});

export function useRevokeAuthorizedApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<{ results: AuthorizedApp[] }>(`/api/2/oauth/authorized-apps/${id}`, { method: 'DELETE' }).then(
        (b) => b.results,
      ),
    onSuccess: (apps) => client.setQueryData(authorizedAppsQuery.queryKey, apps),
  });
}
