import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConfigData,
  type Permission,
  type UserData,
  WEB_BOOTSTRAP_ELEMENT_ID,
  type WebBootstrap,
} from '@parlance/shared';
import { http } from './http';
import { hasPermission } from './permissions';

// The signed-in user and the site config: needed by the guard, the shell and every feature.

// Query keys of what the whole app shares: the registry's data kinds, the session and auth look-ups
// (here, in the entry chunk, rather than a module of their own: the /auth first load has a budget).
export const registryKeys = {
  of: (kind: string) => ['registry', kind] as const,
};

export const sessionKeys = {
  csrf: ['session-csrf'] as const,
};

export const authKeys = {
  token: ['auth', 'token'] as const,
  checkToken: (token: string) => ['auth', 'checkToken', token] as const,
  countriesInfo: ['auth', 'countriesInfo'] as const,
};

export const userQuery = queryOptions({
  queryKey: registryKeys.of('User'),
  queryFn: ({ signal }) =>
    http.get<{ results: UserData | null }>('/registry/get?data=User', signal).then((b) => b.results),
  staleTime: 60_000,
});

export const configQuery = queryOptions({
  queryKey: registryKeys.of('Config'),
  queryFn: ({ signal }) =>
    http.get<{ results: ConfigData }>('/registry/get?data=Config', signal).then((b) => b.results),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * Puts the user, config and reference lists that the server wrote into index.html into the query
 * cache, so the first page renders without asking for them (and is not drawn again when they
 * arrive). Read once and removed: after a sign-in or sign-out
 * the cache holds the truth. Without the element (the Vite dev server) the queries fetch as usual.
 */
export function seedFromBootstrap(client: QueryClient): void {
  const element = document.getElementById(WEB_BOOTSTRAP_ELEMENT_ID);
  if (!element) return;
  element.remove();
  try {
    const boot = JSON.parse(element.textContent ?? '') as WebBootstrap;
    client.setQueryData(userQuery.queryKey, boot.user);
    client.setQueryData(configQuery.queryKey, boot.config);
    if (boot.languages) client.setQueryData(registryKeys.of('Language'), boot.languages);
    if (boot.expertises) client.setQueryData(registryKeys.of('Expertise'), boot.expertises);
  } catch {
    // a damaged element only costs the requests it would have saved
  }
}

export function useCurrentUser() {
  return useQuery(userQuery);
}

/** Does the signed-in person hold the staff permission? (false while the user loads) */
export function usePermission(permission: Permission): boolean {
  return hasPermission(useCurrentUser().data, permission);
}

export function useConfig() {
  return useQuery(configQuery);
}

/**
 * Reload the user after sign-in, sign-out, act-as and profile changes. Everything user-bound is
 * dropped; the User query itself is refetched in place, so every component showing it updates.
 */
export function useRefreshUser() {
  const client = useQueryClient();
  return async () => {
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'registry' });
    await client.fetchQuery({ ...userQuery, staleTime: 0 });
  };
}

/** Acting is "user type not admin but isAdmin true" (spec 1 section 4). */
export function isActing(user: UserData | null | undefined): boolean {
  return !!user && user.type !== 'admin' && user.isAdmin;
}
