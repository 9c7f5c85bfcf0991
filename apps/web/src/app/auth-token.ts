import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@parlance/shared';
import { http } from './http';
import { authKeys } from './current-user';

// The short-lived bearer token and the access-control groups of the signed-in user
// (GET /api/2/auth/token, cached 10 minutes: spec 1 sections 7 and 9).

export interface AuthToken {
  jwt: { access_token: string; expires_in: number };
  acl_groups: string[];
}

export const authTokenQuery = queryOptions({
  queryKey: authKeys.token,
  queryFn: ({ signal }) => http.get<{ results: AuthToken }>('/api/2/auth/token', signal).then((b) => b.results),
  staleTime: LIMITS.authTokenCacheMs,
  gcTime: LIMITS.authTokenCacheMs,
});

const NO_GROUPS: readonly string[] = [];

/** The user's acl groups; empty while loading, for guests, and when the call fails. */
export function useAclGroups(enabled: boolean): readonly string[] {
  const { data } = useQuery({ ...authTokenQuery, enabled });
  return data?.acl_groups ?? NO_GROUPS;
}
