import type { FastifyReply } from 'fastify';
import { ApiError } from './envelope';

// Per-key rate limit of the customer API: a fixed window per key, answered in the IETF draft's
// `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds) headers on every call,
// and a 429 with `Retry-After` when spent. In memory per instance (see docs/decisions.md).

export interface RateLimiter {
  /** counts one call of the key; sets the headers; throws the 429 when the window is spent */
  take(key: string, now: Date, reply: FastifyReply): void;
}

export function createRateLimiter(limit: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { start: number; used: number }>();
  return {
    take(key, now, reply) {
      const t = now.getTime();
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        w = { start: t - (t % windowMs), used: 0 };
        windows.set(key, w);
        if (windows.size > 100_000) {
          for (const [k, v] of windows) if (t - v.start >= windowMs) windows.delete(k);
        }
      }
      const reset = Math.max(1, Math.ceil((w.start + windowMs - t) / 1000));
      reply.header('RateLimit-Policy', `${limit};w=${Math.round(windowMs / 1000)}`);
      reply.header('RateLimit-Limit', String(limit));
      reply.header('RateLimit-Reset', String(reset));
      if (w.used >= limit) {
        reply.header('RateLimit-Remaining', '0');
        reply.header('Retry-After', String(reset));
        throw new ApiError(
          429,
          'rate_limited',
          `Too many requests with this key: at most ${limit} per ${Math.round(windowMs / 1000)} seconds. Try again in ${reset} s.`,
        );
      }
      w.used += 1;
      reply.header('RateLimit-Remaining', String(limit - w.used));
    },
  };
}
