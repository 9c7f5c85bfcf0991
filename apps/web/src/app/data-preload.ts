import { matchPath } from 'react-router';
import { request } from './http';

// A page's first call started with the page's code instead of after it: the address the app opens
// on names the data (the editor's job), so the call runs while the chunk downloads and the session
// is read, and the page takes its answer when it renders. Only the address the app starts on is
// read early (a link's hover preloads code, not data that could be stale by the click).

type UrlOf = (params: Record<string, string | undefined>) => string | null;
let routes: [pattern: string, urlOf: UrlOf][] = [];
const early = new Map<string, { at: number; answer: Promise<unknown> }>();
/** an early answer older than this is not taken: the page asks again */
const FRESH_MS = 30_000;

export function registerDataPreloads(entries: [string, UrlOf][]): void {
  routes = entries;
}

/** Starts the call of the page at this address, if it has one. */
export function preloadData(path: string): void {
  for (const [pattern, urlOf] of routes) {
    const match = matchPath(pattern, path);
    const url = match ? urlOf(match.params) : null;
    if (!url) continue;
    const answer = request(url, { beforeFirstPaint: true });
    // an error is the page's to show when it asks; nobody may be listening yet
    answer.catch(() => undefined);
    early.set(url, { at: Date.now(), answer });
    return;
  }
}

/** The answer of a call started early, once; undefined when there is none (or it is old). */
export function takePreloaded<T>(url: string): Promise<T> | undefined {
  const hit = early.get(url);
  early.delete(url);
  if (!hit || Date.now() - hit.at > FRESH_MS) return undefined;
  return hit.answer as Promise<T>;
}
