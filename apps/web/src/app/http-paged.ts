import { bodyMessage, HttpError } from './http';

// Lists whose pagination comes in the response headers (only lazy pages use it: kept out of the entry chunk).
/** One page of a list whose pagination comes in the response headers (x-total-count and the like). */
export interface HeaderPage<T> {
  rows: T[];
  total: number;
  page: number;
  perPage: number;
  pages: number;
}

/** GET a bare-array list with its pagination headers (the moderation calls of spec 2 section 7). */
export async function getPaged<T>(path: string, signal?: AbortSignal): Promise<HeaderPage<T>> {
  const res = await fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!res.ok) throw new HttpError(res.status, bodyMessage(parsed) ?? `${res.status} ${res.statusText}`, parsed);
  const rows = Array.isArray(parsed) ? (parsed as T[]) : [];
  const num = (name: string, fallback: number) => {
    const n = Number(res.headers.get(name));
    return Number.isFinite(n) && res.headers.has(name) ? n : fallback;
  };
  return {
    rows,
    total: num('x-total-count', rows.length),
    page: num('x-current-page', 1),
    perPage: num('x-per-page', rows.length),
    pages: num('x-page-count', 1),
  };
}
