import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import type { Clock } from './clock';

// Rate limits counted in the database, so that every server instance on one database counts the same
// hits (ADR 0075). A fixed window per key that starts with
// its first hit: one upsert per counted request answers the hits so far and when the window ends.
// Used by @fastify/rate-limit (as its `store`) and by the customer API's per-key limit. Rows past
// their window are swept by the scheduler (`rate-limits.sweep`); until then an expired row is simply
// restarted by the next hit.

export interface RateLimitHit {
  /** hits in the current window, this one included */
  hits: number;
  /** milliseconds until the window ends (at least 1) */
  ttlMs: number;
}

export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  /** deletes rows whose window has ended; answers how many */
  sweep(now: Date): Promise<number>;
}

export function createRateLimitStore(db: Db, clock: Clock): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const now = clock.now();
      const ends = new Date(now.getTime() + windowMs);
      const rows = await db
        .insert(rateLimits)
        .values({ key, hits: 1, windowStart: now, expiresAt: ends })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`CASE WHEN ${rateLimits.expiresAt} <= ${now.toISOString()}::timestamptz THEN 1 ELSE ${rateLimits.hits} + 1 END`,
            windowStart: sql`CASE WHEN ${rateLimits.expiresAt} <= ${now.toISOString()}::timestamptz THEN excluded.window_start ELSE ${rateLimits.windowStart} END`,
            expiresAt: sql`CASE WHEN ${rateLimits.expiresAt} <= ${now.toISOString()}::timestamptz THEN excluded.expires_at ELSE ${rateLimits.expiresAt} END`,
          },
        })
        .returning({ hits: rateLimits.hits, expiresAt: rateLimits.expiresAt });
      const row = rows[0];
      return { hits: row.hits, ttlMs: Math.max(1, row.expiresAt.getTime() - now.getTime()) };
    },
    async sweep(now) {
      const gone = await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now)).returning({ key: rateLimits.key });
      return gone.length;
    },
  };
}

type IncrCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * The `store` option of @fastify/rate-limit (it constructs the class itself, with its own options).
 * Each route with a `rateLimit` config gets a child that prefixes the key with the route, so that
 * routes count apart, as with the plugin's default in-memory store.
 */
export function fastifyRateLimitStore(store: RateLimitStore) {
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'http:',
    ) {}
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      store.hit(`${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.hits, ttl: hit.ttlMs }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    // typed by the plugin as route options; what it passes is its merged params with `routeInfo`
    child(routeOptions: object): DatabaseRateLimitStore {
      const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new DatabaseRateLimitStore(undefined, `http:${method} ${info.url ?? ''}:`);
    }
  };
}
