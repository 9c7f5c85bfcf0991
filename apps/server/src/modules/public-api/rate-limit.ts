import type { FastifyReply } from 'fastify';
import type { RateLimitStore } from '../../platform/rate-limit-store';
import { ApiError } from './envelope';

// Per-key rate limit of the customer API: a fixed window per key, counted in the database so that
// every server instance counts the same calls (platform/rate-limit-store.ts), answered in the IETF
// draft's `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds) headers on every
// call, and a 429 with `Retry-After` when spent.

export interface RateLimiter {
  /** counts one call of the key; sets the headers; throws the 429 when the window is spent */
  take(key: string, reply: FastifyReply): Promise<void>;
}

export function createRateLimiter(
  store: RateLimitStore,
  limit: number,
  windowMs: number,
  onStoreError: (err: unknown) => void = () => {},
): RateLimiter {
  const seconds = Math.round(windowMs / 1000);
  return {
    async take(key, reply) {
      let hit: { hits: number; ttlMs: number };
      try {
        hit = await store.hit(`api:${key}`, windowMs);
      } catch (err) {
        // the counters are unreachable: serve the call uncounted rather than fail it (logged)
        onStoreError(err);
        return;
      }
      const reset = Math.max(1, Math.ceil(hit.ttlMs / 1000));
      reply.header('RateLimit-Policy', `${limit};w=${seconds}`);
      reply.header('RateLimit-Limit', String(limit));
      reply.header('RateLimit-Reset', String(reset));
      if (hit.hits > limit) {
        reply.header('RateLimit-Remaining', '0');
        reply.header('Retry-After', String(reset));
        throw new ApiError(
          429,
          'rate_limited',
          `Too many requests with this key: at most ${limit} per ${seconds} seconds. Try again in ${reset} s.`,
        );
      }
      reply.header('RateLimit-Remaining', String(limit - hit.hits));
    },
  };
}
