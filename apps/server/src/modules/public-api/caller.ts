import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ApiCaller, type ApiScope, authenticateApiKey, oauthCallerById, scopesOf } from '../../platform/api-keys';
import type { Services } from '../../platform/services';
import { authContextOf } from '../../platform/session';
import type { RouteAccess } from '../../platform/access';
import { ApiError } from './envelope';
import { grantCaller } from './oauth-grants';
import type { RateLimiter } from './rate-limit';

// Who calls the customer API: an API key (`Authorization: Bearer prl_...`) or an access token of
// an OAuth client (client credentials: its owner; authorization code: the customer who consented).
// The session cookie is never read here (session.ts skips these paths), and these credentials are
// refused by the web app's calls (other shapes, audiences).

declare module 'fastify' {
  interface FastifyRequest {
    apiCaller: ApiCaller | null;
  }
}

/** The scope a route needs, from its declared access (`api-read`, `api-order`, `api-pay`); null: open. */
export function scopeOfRoute(access: RouteAccess | undefined): ApiScope | null {
  if (access === 'api-read') return 'read';
  if (access === 'api-order') return 'order';
  if (access === 'api-pay') return 'pay';
  return null;
}

const unauthenticated = (message: string) => new ApiError(401, 'unauthenticated', message);

async function callerOf(deps: Services, request: FastifyRequest): Promise<ApiCaller> {
  const header = request.headers.authorization;
  const token = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  if (!token) {
    throw unauthenticated('Send your API key or an access token as "Authorization: Bearer <token>"');
  }
  const now = deps.clock.now();
  if (token.startsWith('prl_')) {
    const caller = await authenticateApiKey(deps.db, token, now);
    if (!caller) throw unauthenticated('This API key is unknown or was revoked');
    return caller;
  }
  const claims = await deps.jwt.verifyApiToken(token, now);
  if (!claims) throw unauthenticated('This access token is invalid or expired');
  if (claims.grantId !== undefined) {
    const caller = await grantCaller(deps, { ...claims, grantId: claims.grantId });
    if (!caller) throw unauthenticated('This access token was revoked');
    return caller;
  }
  const client = await oauthCallerById(deps.db, claims.keyId, claims.clientId);
  if (!client || client.user.id !== claims.userId) throw unauthenticated('This access token was revoked');
  // a token never has more than its client has now
  return { ...client, scopes: scopesOf(claims.scopes).filter((s) => client.scopes.includes(s)) };
}

/** The onRequest hook of every scoped API route: authenticate, rate-limit, check the scope. */
export function apiGuard(deps: Services, limiter: RateLimiter) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = scopeOfRoute(request.routeOptions.config?.access);
    if (!scope) return;
    const caller = await callerOf(deps, request);
    const { user } = caller;
    if (user.type !== 'customer') {
      throw new ApiError(403, 'forbidden', 'The customer API is for customer accounts');
    }
    await limiter.take(String(caller.keyId), reply);
    if (!caller.scopes.includes(scope)) {
      throw new ApiError(403, 'insufficient_scope', `This key does not have the "${scope}" scope`);
    }
    request.apiCaller = caller;
    request.auth = authContextOf(user, 'bearer');
  };
}
