import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS, type Permission, STAFF_TEXTS, TEXTS } from '@parlance/shared';
import { forbidden, notFound, unauthorized } from './errors';

// Who may call a route is declared on the route itself, in its Fastify config:
//
//   app.get('/api/2/admin/payments', { config: { access: 'backoffice.read' }, schema: ... }, handler)
//
// A route without `access` makes the server refuse to start, so a new route cannot ship without a
// rule. The entry hook below applies it before validation: a guest gets 401, and a person who may
// not call the route at all gets 403 (or 404 for the back office) before any field error, so input
// is looked at only for people allowed to send it. Object-level decisions (whose project, which
// status) are the areas' rules behind `can()` in permissions.ts.
//
//   public      anyone; the handler decides what a guest gets (wizard orders, quotes, sign-in ...)
//   self        the handler answers guests itself, not in JSON (HTML pages, the WebSocket handshake)
//   user        signed in, any role
//   customer    signed in as a customer (also an admin acting as one); others 403
//   translator  signed in as a translator (also an admin acting as one); others 403
//   <permission> staff whose groups grant it (packages/shared staff.ts), judged on the real person
//               behind the request (the admin while acting); other staff 403, everyone else 404
//   api-read, api-order, api-pay  the customer API (/api/v1): an API key or OAuth access token with
//               that scope (never the cookie); modules/public-api/caller.ts checks it, 401/403

export type Audience = 'public' | 'self' | 'user' | 'customer' | 'translator' | 'api-read' | 'api-order' | 'api-pay';
export type RouteAccess = Audience | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who may call the route (platform/access.ts) */
    access?: RouteAccess;
    /** the words of the 403 for a signed-in person the route is not for (a plain default otherwise) */
    refusal?: string;
    /**
     * How the caller must prove who they are, when not either way: 'session' for what only the
     * owner in a browser may do (credentials, keys, tokens: a bearer token must not mint or change
     * them, 403), 'bearer' for the chat API, which takes the token of GET /api/2/auth/token (401).
     * The OpenAPI document declares the same.
     */
    credentials?: 'session' | 'bearer';
    /**
     * The route reads the Authorization header itself (GET /metrics and its METRICS_TOKEN): the
     * session plugin then takes no bearer from it.
     */
    ownAuthorization?: boolean;
  }
}

const AUDIENCES: ReadonlySet<string> = new Set<Audience>([
  'public',
  'self',
  'user',
  'customer',
  'translator',
  'api-read',
  'api-order',
  'api-pay',
]);
const PERMISSION_SET: ReadonlySet<string> = new Set(PERMISSIONS);

export function isPermission(access: RouteAccess | undefined): access is Permission {
  return access !== undefined && PERMISSION_SET.has(access);
}

/** The access the route declared (undefined for the static files of the web app and for 404s). */
export function accessOf(request: FastifyRequest): RouteAccess | undefined {
  return request.routeOptions.config?.access;
}

/** Refuses the request unless the route's declared audience may call it, with the credentials it takes. */
export function checkRouteAccess(request: FastifyRequest, access: RouteAccess): void {
  if (
    access === 'public' ||
    access === 'self' ||
    access === 'api-read' ||
    access === 'api-order' ||
    access === 'api-pay'
  ) {
    return;
  }
  const auth = request.auth;
  if (!auth) throw unauthorized();
  const { refusal, credentials } = request.routeOptions.config ?? {};
  if (access === 'customer' || access === 'translator') {
    if (auth.user.type !== access) throw forbidden(refusal ?? TEXTS.forbidden);
  } else if (access !== 'user') {
    // a permission: the back office does not exist for customers and translators
    if (auth.permissions.size === 0) throw notFound();
    if (!auth.permissions.has(access)) throw forbidden(refusal ?? STAFF_TEXTS.forbidden);
  }
  // only then the credentials, so that a person the route is not for learns nothing more
  if (credentials === 'session' && auth.via !== 'session') throw forbidden(refusal ?? TEXTS.ownerOnly);
  if (credentials === 'bearer' && auth.via !== 'bearer') throw unauthorized(TEXTS.bearerOnly);
}

/**
 * Every route declares its access (checked as routes are added: the server does not start
 * otherwise), and every request passes its route's check before validation.
 */
export function registerRouteAccess(app: FastifyInstance): void {
  const table = new Map<string, RouteAccess>();
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    // the web app's static files (@fastify/static marks them) and the automatic HEAD/OPTIONS twins
    if (route.config && 'file' in route.config) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'HEAD' || m === 'OPTIONS')) return;
    const access = route.config?.access;
    if (!access || !(AUDIENCES.has(access) || PERMISSION_SET.has(access))) {
      throw new Error(`${methods.join(',')} ${route.url}: declare who may call it (config.access, platform/access.ts)`);
    }
    for (const m of methods) if (m !== 'HEAD' && m !== 'OPTIONS') table.set(`${m} ${route.url}`, access);
  });
  app.addHook('preValidation', async (request) => {
    const access = accessOf(request);
    if (access) checkRouteAccess(request, access);
  });
}
