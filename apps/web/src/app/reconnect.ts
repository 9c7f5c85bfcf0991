// When a live socket tries again after it closed (the realtime feed and the chat's channel).
// A server that stops closes its sockets with 1001 "going away" (ADR 0104): the client comes back
// at once, to another instance behind the balancer, spread over a second so that a restarting
// instance's clients do not all land in the same instant. Any other drop backs off exponentially,
// with jitter, up to 30 s.

/** The close code of a server that is stopping (a restart or a deploy). */
export const CLOSE_GOING_AWAY = 1001;
const GOING_AWAY_SPREAD_MS = 1000;
const MIN_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;

/**
 * The wait before the next attempt. `attempts`: the failed attempts since the last open.
 * A going-away close does not count as a failure.
 */
export function reconnectDelayMs(code: number | null, attempts: number, random: () => number = Math.random): number {
  if (code === CLOSE_GOING_AWAY) return Math.round(random() * GOING_AWAY_SPREAD_MS);
  const base = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** attempts);
  return Math.round(base / 2 + random() * (base / 2));
}
