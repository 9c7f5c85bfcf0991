import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER, isStaff, LIMITS, type Permission, permissionsOf, SESSION_COOKIE, TEXTS } from '@parlance/shared';
import { type Db, statementHandle, type Tx } from '../db/client';
import type { AuthCache, CachedAuth } from './auth-cache';
import { aclGroups, sessions, userAclGroups, users } from '../db/schema';
import type { Clock } from './clock';
import { randomToken, safeEqual, sha256 } from './crypto';
import { AppError } from './errors';
import type { JwtSigner } from './jwt';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Who is asking. While an admin acts as a user, `user` is that user and `admin` the admin. */
export interface AuthContext {
  user: UserRow;
  admin: UserRow | null;
  via: 'session' | 'bearer';
  /**
   * The staff permissions of the real person behind the request (the admin while acting), from
   * their acl groups; empty for customers and translators. Every staff decision reads this set.
   */
  permissions: ReadonlySet<Permission>;
}

const NO_PERMISSIONS: ReadonlySet<Permission> = new Set();

/** The permissions the real person holds, given their acl group names. */
export function permissionSet(real: UserRow, groups: readonly string[]): ReadonlySet<Permission> {
  return isStaff(real) ? new Set(permissionsOf(real, groups)) : NO_PERMISSIONS;
}

/** The AuthContext of a user who just signed in on their own, with their staff permissions. */
export async function authContextFor(
  db: Db | Tx,
  user: UserRow,
  via: AuthContext['via'] = 'session',
): Promise<AuthContext> {
  if (!isStaff(user) || user.isAdmin) return authContextOf(user, via);
  const rows = await db
    .select({ name: aclGroups.name })
    .from(userAclGroups)
    .innerJoin(aclGroups, eq(aclGroups.id, userAclGroups.groupId))
    .where(eq(userAclGroups.userId, user.id));
  return authContextOf(
    user,
    via,
    rows.map((r) => r.name),
  );
}

/** An AuthContext for a user signed in on their own (no acting); staff permissions from their groups. */
export function authContextOf(user: UserRow, via: AuthContext['via'], groups: readonly string[] = []): AuthContext {
  return { user, admin: null, via, permissions: permissionSet(user, groups) };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    session: SessionRow | null;
  }
  interface FastifyContextConfig {
    /**
     * true: a GET that changes state (logout, act-as, set currency) also needs the CSRF token.
     * false: a POST that a plain HTML form sends (help-centre sign-on) is exempt from the token,
     * never from the same-origin check; such a route must not rely on the cookie.
     */
    csrf?: boolean;
  }
}

/** The customer API's paths: no cookie session, no CSRF; keys and access tokens only. */
export const PUBLIC_API_PREFIX = '/api/v1/';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SessionPluginOptions {
  db: Db;
  clock: Clock;
  jwt: JwtSigner;
  /** the session lookup kept for a few seconds (auth-cache.ts) */
  cache: AuthCache;
}

/**
 * The lookups of every signed-in request, prepared once (PostgreSQL parsed and planned
 * the unnamed statement every time, and Drizzle rebuilt its SQL text). The acting admin is read
 * only while an admin acts as the user.
 */
function prepareLookups(db: Db) {
  const session = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('parlance_session_lookup');
  const user = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('parlance_user_by_id');
  const groups = db
    .select({ name: aclGroups.name })
    .from(userAclGroups)
    .innerJoin(aclGroups, eq(aclGroups.id, userAclGroups.groupId))
    .where(eq(userAclGroups.userId, sql.placeholder('id')))
    .prepare('parlance_acl_groups_of_user');
  /** Staff permissions are read only for staff accounts: customers and translators hold none. */
  const permissionsOfReal = async (real: UserRow): Promise<ReadonlySet<Permission>> => {
    if (!isStaff(real) || real.isAdmin) return permissionSet(real, []);
    const rows = await groups.execute({ id: real.id });
    return permissionSet(
      real,
      rows.map((r) => r.name),
    );
  };
  return {
    async byCookie(idHash: string, now: Date): Promise<CachedAuth | null> {
      const [row] = await session.execute({ idHash, now });
      if (!row) return null;
      const actingAdminId = row.session.actingAdminId;
      const admin = actingAdminId === null ? null : ((await user.execute({ id: actingAdminId }))[0] ?? null);
      const real = admin ?? row.user;
      const permissions = real ? await permissionsOfReal(real) : NO_PERMISSIONS;
      return { session: row.session, user: row.user, admin, permissions };
    },
    async byId(id: number): Promise<AuthContext | null> {
      const found = (await user.execute({ id }))[0];
      if (!found) return null;
      return { user: found, admin: null, via: 'bearer', permissions: await permissionsOfReal(found) };
    },
  };
}

/**
 * Loads the session (cookie) or the bearer JWT of every request, and requires the session's CSRF
 * token on every state-changing request made with the cookie. Requests from another origin that
 * change state are refused outright.
 */
export const sessionPlugin = fp<SessionPluginOptions>(
  async (app: FastifyInstance, opts) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('session', null);
    const lookups = prepareLookups(statementHandle(opts.db));

    app.addHook('onRequest', async (request) => {
      // the customer API (modules/public-api) authenticates its own keys and tokens, never the cookie
      if (request.url.startsWith(PUBLIC_API_PREFIX)) return;
      const bearer = request.routeOptions.config?.ownAuthorization
        ? undefined
        : request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
      if (bearer) {
        const userId = await opts.jwt.verify(bearer, opts.clock.now());
        if (userId === null) throw new AppError(401, 'The access token is invalid or expired');
        const cached = opts.cache.getBearer(userId);
        if (cached) {
          request.auth = { user: cached.user, admin: null, via: 'bearer', permissions: cached.permissions };
          return;
        }
        const version = opts.cache.version;
        const auth = await lookups.byId(userId);
        if (!auth) throw new AppError(401, 'The access token is invalid or expired');
        opts.cache.setBearer(userId, { user: auth.user, permissions: auth.permissions }, version);
        request.auth = auth;
        return;
      }
      const sid = request.cookies[SESSION_COOKIE];
      if (sid) {
        const idHash = sha256(sid);
        const now = opts.clock.now();
        let row = opts.cache.get(idHash) ?? null;
        if (row && row.session.expiresAt <= now) row = null;
        else if (!row) {
          const version = opts.cache.version;
          row = await lookups.byCookie(idHash, now);
          if (row) opts.cache.set(idHash, row, version);
        }
        if (row) {
          request.session = row.session;
          if (row.user)
            request.auth = { user: row.user, admin: row.admin, via: 'session', permissions: row.permissions };
        }
      }
      if (!changesState(request)) return;
      const origin = request.headers.origin;
      if (origin && !sameOrigin(origin, request.headers.host)) {
        throw new AppError(403, 'Requests from other sites are not accepted');
      }
      if (request.session && request.routeOptions.config?.csrf !== false) {
        const sent = request.headers[CSRF_HEADER];
        if (typeof sent !== 'string' || !safeEqual(sent, request.session.csrfToken)) {
          throw new AppError(403, TEXTS.csrfInvalid);
        }
      }
    });

    // A user's own change is read back at once on this instance, before the answer leaves; the
    // database's NOTIFY (auth-cache.ts) tells the other instances, and this one about other users.
    if (opts.cache.enabled) {
      app.addHook('onSend', async (request, _reply, payload) => {
        if (request.auth && changesState(request)) {
          opts.cache.dropUser(request.auth.user.id);
          if (request.auth.admin) opts.cache.dropUser(request.auth.admin.id);
        }
        return payload;
      });
    }
  },
  { name: 'parlance-session', dependencies: ['@fastify/cookie'] },
);

export interface StartSessionOptions {
  userId: number;
  actingAdminId?: number | null;
  /** the session being replaced (rotation at sign-in, act-as and restore) */
  previous?: SessionRow | null;
}

/** Creates a new session (a new id and CSRF token), drops the previous one, and sets the cookie. */
export async function startSession(
  db: Db | Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  clock: Clock,
  opts: StartSessionOptions,
): Promise<SessionRow> {
  const sid = randomToken();
  const now = clock.now();
  if (opts.previous) await db.delete(sessions).where(eq(sessions.idHash, opts.previous.idHash));
  const [row] = await db
    .insert(sessions)
    .values({
      idHash: sha256(sid),
      userId: opts.userId,
      actingAdminId: opts.actingAdminId ?? null,
      csrfToken: randomToken(),
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300),
      createdAt: now,
      expiresAt: new Date(now.getTime() + LIMITS.sessionTtlMs),
    })
    .returning();
  reply.setCookie(SESSION_COOKIE, sid, sessionCookieOptions(request));
  return row;
}

/** Drops the session row and clears the cookie. */
export async function endSession(db: Db | Tx, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) await db.delete(sessions).where(eq(sessions.idHash, request.session.idHash));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

function changesState(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === true;
}

function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    // an Origin header that is not a URL is not our origin
    return false;
  }
}

function sessionCookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: Math.floor(LIMITS.sessionTtlMs / 1000),
  };
}
