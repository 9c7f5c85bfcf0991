import type { FastifyInstance } from 'fastify';
import { type Clock, systemClock } from './clock';

// A graceful stop (ADR 0104). On SIGTERM (or Ctrl-C) an instance:
//   1. answers readiness 503 at once, and `Connection: close` on every answer, so a balancer stops
//      sending it requests and keep-alive clients move on after their answer;
//   2. keeps serving for SHUTDOWN_DELAY_MS, the time a balancer takes to see that;
//   3. closes the listener, finishes the requests in hand, closes every WebSocket with 1001
//      "going away" (the web app reconnects at once, to another instance, and resumes), waits for
//      the running scheduler tick and webhook pass, then closes the database and exits 0;
//   4. when all that has not ended SHUTDOWN_TIMEOUT_MS after the signal, it destroys what is still
//      open and exits 1, so the cut is seen in the orchestrator's record. Another signal, a second
//      or more after the first, cuts at once.

/** The close code of "this server is going away": the client reconnects promptly. */
export const CLOSE_GOING_AWAY = 1001;
const GOING_AWAY_REASON = 'Server restarting';

declare module 'fastify' {
  interface FastifyInstance {
    /** readiness answers 503 from now on (called on SIGTERM, and by close() at the latest) */
    beginShutdown(): void;
    /** whether a shutdown has begun */
    isShuttingDown(): boolean;
  }
}

/** The shutting-down state of an app: readiness reads it, every answer closes its connection. */
export function registerShutdownState(app: FastifyInstance): void {
  let closing = false;
  app.decorate('beginShutdown', () => {
    closing = true;
  });
  app.decorate('isShuttingDown', () => closing);
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // HTTP/2 has no Connection header; Fastify says it itself once close() has begun
    if (closing && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    return payload;
  });
}

interface ClosableSocket {
  close(code?: number, reason?: string): void;
}

/**
 * @fastify/websocket's preClose: every open WebSocket is closed with 1001 rather than without a
 * code, so clients know to reconnect (elsewhere) rather than to back off.
 */
export function closeSocketsGoingAway(this: FastifyInstance, done: () => void): void {
  const server = this.websocketServer as { clients?: Set<ClosableSocket>; close(cb: () => void): void } | undefined;
  for (const client of server?.clients ?? []) client.close(CLOSE_GOING_AWAY, GOING_AWAY_REASON);
  if (!server) {
    done();
    return;
  }
  // the server's close answers once every client socket has ended its closing handshake
  server.close(() => undefined);
  done();
}

export interface ShutdownPlan {
  app: FastifyInstance;
  delayMs: number;
  timeoutMs: number;
  /** work outside the app that must end before the database closes (the webhook pump) */
  workers: (() => Promise<void>)[];
  /** after the app closed: what main.ts opened beside it (the metrics listener, the database) */
  finally: () => Promise<void>;
  exit: (code: number) => void;
  /** the time, for telling a relayed signal from a later one (tests replace it) */
  clock?: Clock;
}

/** a signal within this of the first is the same request, relayed */
const REPEATED_SIGNAL_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers the signal handler: the first signal stops gracefully, bounded; a second one cuts at once. */
export function gracefulShutdown(plan: ShutdownPlan): (signal: string) => Promise<void> {
  const { app } = plan;
  const now = () => (plan.clock ?? systemClock).now().getTime();
  let begun: number | null = null;
  let exited = false;
  // exit once: after a cut, the close that then completes must not report success
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    plan.exit(code);
  };
  return async (signal) => {
    if (begun !== null) {
      // the same Ctrl-C often arrives twice (from the terminal and relayed by npm or tsx): only a
      // signal sent later is someone asking again
      if (now() - begun < REPEATED_SIGNAL_MS) return;
      app.log.warn({ signal }, 'second signal: stopping now');
      exit(1);
      return;
    }
    begun = now();
    const deadline = setTimeout(() => {
      app.log.error(
        { timeoutMs: plan.timeoutMs },
        'shutdown did not finish within SHUTDOWN_TIMEOUT_MS: cutting the remaining connections',
      );
      app.server.closeAllConnections();
      exit(1);
    }, plan.timeoutMs);
    app.beginShutdown();
    app.log.info({ signal, delayMs: plan.delayMs }, 'shutting down: readiness answers 503');
    try {
      if (plan.delayMs > 0) await sleep(plan.delayMs);
      await Promise.all([app.close(), ...plan.workers.map((stop) => stop())]);
      await plan.finally();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      clearTimeout(deadline);
      exit(1);
      return;
    }
    clearTimeout(deadline);
    app.log.info({ ms: now() - (begun ?? now()) }, 'shut down');
    exit(0);
  };
}
