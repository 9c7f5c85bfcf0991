import { matchPath } from 'react-router';

// Loading a page before it is opened: a link that is hovered or focused starts its page's import,
// which fetches the page's chunk and, as the browser reads it, every chunk it imports. By the click
// most of the page is there, instead of being discovered one import level at a time after it.
// The router registers its pages here (a module of its own: the links must not import the router).

/** Loads a page's code; given the address, for a route that picks its page by it. */
type Load = (path: string) => Promise<unknown>;
let pages: [pattern: string, load: Load][] = [];
const started = new Map<Load, Promise<void>>();

export function registerRoutePreloads(entries: [string, Load][]): void {
  pages = entries;
}

/**
 * Starts loading the page at this address, once; does nothing for an address with no page. Answers
 * when the page's code is there (or could not be loaded: opening the page shows that).
 */
export function preloadRoute(href: string): Promise<void> {
  const path = href.split(/[?#]/)[0];
  const load = pages.find(([pattern]) => matchPath(pattern, path))?.[1];
  if (!load) return Promise.resolve();
  let loading = started.get(load);
  if (!loading) {
    // a failed preload is not an error: opening the page imports it again
    loading = load(path).then(
      () => undefined,
      () => {
        started.delete(load);
      },
    );
    started.set(load, loading);
  }
  return loading;
}
