import createClient from 'openapi-fetch';
import type { App } from '../../platform/services';
import type { paths } from './client/schema';

// The typed client of the customer API, generated from its served OpenAPI document
// (client/schema.d.ts, `npm run api:client -w apps/server`). Tests call the app through it with
// app.inject, so every call and answer is the document's.

export function injectFetch(app: App): typeof fetch {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = v;
    });
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(body ? { payload: body } : {}),
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    }
    return new Response(res.statusCode === 204 ? null : res.rawPayload, { status: res.statusCode, headers: out });
  };
}

export function apiClient(app: App, token: string) {
  return createClient<paths>({
    baseUrl: 'http://localhost',
    fetch: injectFetch(app),
    headers: { authorization: `Bearer ${token}` },
  });
}
