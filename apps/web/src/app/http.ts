import { CSRF_HEADER, type SessionData, TEXTS } from '@parlance/shared';
import { firstPaintGate } from './first-paint';

// The one way the web app talks to the server: JSON or form bodies, the session's CSRF token on
// every state-changing call, and errors turned into HttpError with the server's message.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** the parsed answer body, for field-error objects */
    readonly body: unknown,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
let csrfLoad: Promise<string | null> | null = null;

/** Forget the CSRF token (after sign-in, sign-out and act-as the server rotates the session). */
export function resetCsrfToken(): void {
  csrfToken = null;
  csrfLoad = null;
}

/** The session's CSRF token, loaded once (and again after resetCsrfToken). */
export async function loadCsrfToken(): Promise<string | null> {
  if (csrfToken) return csrfToken;
  csrfLoad ??= fetch('/registry/get?data=Session', { credentials: 'same-origin' })
    .then((r) => (r.ok ? (r.json() as Promise<{ results: SessionData }>) : null))
    .then((b) => {
      csrfToken = b?.results.CSRFToken ?? null;
      return csrfToken;
    })
    .finally(() => {
      csrfLoad = null;
    });
  return csrfLoad;
}

type Body =
  | { json: unknown }
  | { form: Record<string, string | number | boolean | null | undefined> }
  | { multipart: FormData };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Body;
  /** a GET that changes state on the server (logout, act-as): it carries the CSRF token too */
  changesState?: boolean;
  signal?: AbortSignal;
  /** extra request headers (e.g. Idempotency-Key on calls that move money) */
  headers?: Record<string, string>;
  /** starts before the first paint (a call the page's code is known to need: data-preload.ts) */
  beforeFirstPaint?: boolean;
}

export async function request<T>(path: string, opts: RequestOptions = {}, retried = false): Promise<T> {
  const gate = opts.beforeFirstPaint ? null : firstPaintGate();
  if (gate) await gate;
  const method = opts.method ?? (opts.body ? 'POST' : 'GET');
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body && 'json' in opts.body) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body.json);
  } else if (opts.body && 'form' in opts.body) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const params = new URLSearchParams();
    // null values are skipped (spec 1 section 3, signup payload)
    for (const [k, v] of Object.entries(opts.body.form)) if (v !== null && v !== undefined) params.append(k, String(v));
    body = params;
  } else if (opts.body && 'multipart' in opts.body) {
    body = opts.body.multipart;
  }
  if (method !== 'GET' || opts.changesState) {
    const token = await loadCsrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  const res = await fetch(path, { method, headers, body, credentials: 'same-origin', signal: opts.signal });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (res.ok) return parsed as T;
  const message = bodyMessage(parsed) ?? `${res.status} ${res.statusText}`;
  if (res.status === 403 && message === TEXTS.csrfInvalid && !retried) {
    resetCsrfToken();
    return request<T>(path, opts, true);
  }
  throw new HttpError(res.status, message, parsed);
}

export function bodyMessage(body: unknown): string | null {
  if (typeof body === 'string' && body) return body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return null;
}

export const http = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal }),
  postForm: <T>(path: string, form: Record<string, string | number | boolean | null | undefined>) =>
    request<T>(path, { body: { form } }),
  postJson: <T>(path: string, json: unknown) => request<T>(path, { body: { json } }),
  postMultipart: <T>(path: string, data: FormData) => request<T>(path, { body: { multipart: data } }),
};

/** The server's per-field messages of a refused call, if it sent any. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || !error.body || typeof error.body !== 'object') return {};
  const errors = 'errors' in error.body ? error.body.errors : null;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/**
 * The message of a failed call for a toast, a dialog or a form: the server's own message; a word
 * about the connection when the server could not be reached; else the fallback.
 */
export function messageOf(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof TypeError) return 'Cannot reach the server. Check your connection and try again.';
  const message = error instanceof Error && error.message && !/^\d{3} /.test(error.message) ? error.message : fallback;
  const reference = error instanceof HttpError && error.status >= 500 ? referenceOf(error.body) : null;
  return reference ? `${message} (reference ${reference})` : message;
}

/**
 * The start of a server failure's request id (ADR 0104), for the person to quote to support: the
 * server's log lines carry the whole id, and its first 8 characters find them.
 */
function referenceOf(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('requestId' in body) || typeof body.requestId !== 'string') return null;
  return body.requestId.slice(0, 8) || null;
}
