import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES, type UserData } from '@parlance/shared';

// The chunks of the page an address opens, named in index.html as <link rel="modulepreload"> (ADR
// 0120): the browser fetches them beside the entry, instead of after the entry has arrived and run
// and asked for them. The build writes the list (apps/web/route-preloads.ts, route-preloads.json in
// the web app's folder); without it the page is served as before.

/** apps/web/route-preloads.ts RoutePreloads, as the build writes it. */
export interface RoutePreloads {
  routes: [string, string[]][];
  myProjectsSides: Record<string, string[]>;
  signedIn: string[];
}

export function readRoutePreloads(webDist: string): RoutePreloads | null {
  const file = join(webDist, 'route-preloads.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads) : null;
}

/** React Router's matchPath for the router's patterns: static segments, `:param`, a final `*`. */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const splat = want.at(-1) === '*';
  if (splat) want.pop();
  if (splat ? have.length < want.length : have.length !== want.length) return false;
  return want.every((seg, i) => (seg.startsWith(':') ? have[i] !== '' : seg.toLowerCase() === have[i].toLowerCase()));
}

/** The side of /my-projects an address shows to this user, as apps/web MyProjectsRoute.tsx picks it. */
function myProjectsSide(path: string, user: UserData | null): string {
  const segment = path.split('/')[2] ?? '';
  if (segment === '' && user?.type === 'admin') return 'admin';
  return segment === 'translator' || (segment !== 'customer' && user?.type === 'translator')
    ? 'translator'
    : 'customer';
}

/** Whether a guest may open this page at all (otherwise the guard sends them to sign in). */
function guestMayOpen(pattern: string): boolean {
  const route = ROUTES.find((r) => r.path === pattern);
  return route?.access === 'public' || route?.access === 'guest-only';
}

/** Asset paths to preload for this address and visitor, in the order the page imports them. */
export function preloadsFor(preloads: RoutePreloads, path: string, user: UserData | null): string[] {
  // the first pattern that matches, as the web app's own preloadRoute picks it
  const route = preloads.routes.find(([pattern]) => matchesPattern(pattern, path));
  const files: string[] = [];
  if (route && (user || guestMayOpen(route[0]))) {
    files.push(...route[1]);
    if (route[0].startsWith('/my-projects'))
      files.push(...(preloads.myProjectsSides[myProjectsSide(path, user)] ?? []));
  }
  if (user) files.push(...preloads.signedIn);
  return [...new Set(files)];
}

export function modulePreloadLinks(files: string[]): string {
  return files.map((f) => `<link rel="modulepreload" crossorigin href="${f.replace(/[^\w./-]/g, '')}">`).join('');
}
