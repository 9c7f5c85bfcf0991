import { canOpen, findRoute, PATHS, type UserData } from '@parlance/shared';
import { findShellRoute } from './extra-routes';

// Who may see the page at this address (spec 1 section 2, route guard).

export type GuardDecision =
  /** show the page */
  | { kind: 'render' }
  /** the user is still loading (or signing out): show nothing yet */
  | { kind: 'wait' }
  /** the user could not be loaded: the page cannot be judged */
  | { kind: 'failed' }
  /** a guest on a protected page */
  | { kind: 'signIn'; to: string }
  /**
   * a signed-in user whose type may not open the page, or staff without the page's permission:
   * the not-found page, in place
   */
  | { kind: 'notFound' };

export interface GuardInput {
  pathname: string;
  search: string;
  /** the fragment (#billing): a guest comes back to the same part of the page after signing in */
  hash?: string;
  /** undefined while loading or after a failed load; null for a guest */
  user: UserData | null | undefined;
  userFailed: boolean;
  signingOut: boolean;
}

export function decideRoute({ pathname, search, hash = '', user, userFailed, signingOut }: GuardInput): GuardDecision {
  const route = findRoute(pathname) ?? findShellRoute(pathname);
  // Unknown paths fall through to the router's not-found page; public pages need no user.
  if (!route || route.access === 'public') return { kind: 'render' };
  if (user === undefined) return userFailed ? { kind: 'failed' } : { kind: 'wait' };
  if (user === null) {
    if (signingOut) return { kind: 'wait' };
    if (route.access === 'guest-only') return { kind: 'render' };
    return { kind: 'signIn', to: signInPath(pathname + search + hash) };
  }
  return canOpen(route, user.type, user.permissions) ? { kind: 'render' } : { kind: 'notFound' };
}

/** /auth?return=/mbox: the return address stays readable; only what would break the query is escaped. */
export function signInPath(returnTo: string): string {
  return `${PATHS.auth}?return=${encodeURIComponent(returnTo).replace(/%2F/g, '/')}`;
}
