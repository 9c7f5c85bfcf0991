// Realtime: the signed-in user's WebSocket, replaying missed events from the last id the client saw, then live.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LiveFeed, type FeedSocket } from './live-feed';
import { requireUpgrade } from '../../platform/websocket-route';

/** What the route needs of a WebSocket (the `ws` socket @fastify/websocket hands over). */
interface LiveSocket extends FeedSocket {
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | string) => void): void;
  on(event: 'close' | 'error', listener: () => void): void;
}

/** Close codes: the application range 4000-4999 mirrors the HTTP status. */
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_FORBIDDEN = 4403;
/** a client that sends no last id within this starts with no replay */
const HELLO_TIMEOUT_MS = 10_000;

const helloSchema = z.object({ lastEventId: z.coerce.number().int().nullable().optional() });

function queryLastEventId(request: FastifyRequest): number | null | undefined {
  const raw = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  if (typeof raw !== 'string' || raw === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) ? n : undefined;
}

/** A browser on another site must not open the user's feed with their cookie. */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    // an Origin header that is not a URL is not our origin
    return false;
  }
}

export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  app.get(
    '/api/2/realtime',
    {
      config: { access: 'self' },
      websocket: true,
      preValidation: requireUpgrade,
      schema: {
        tags: ['Realtime'],
        summary:
          'WebSocket of the signed-in user: send { lastEventId } (or ?lastEventId=); answers every missed event { id, type, payload }, then each new one',
      },
    },
    (connection, request) => {
      const socket = connection as LiveSocket;
      const user = request.auth?.user;
      if (!user) {
        socket.close(CLOSE_UNAUTHORIZED, 'Please sign in to continue');
        return;
      }
      if (!sameOrigin(request)) {
        socket.close(CLOSE_FORBIDDEN, 'Cross-origin connection refused');
        return;
      }
      const feed = new LiveFeed(
        deps.db,
        deps.bus,
        { id: user.id, type: user.type },
        socket,
        () => deps.clock.now(),
        (error) => request.log.error({ err: error }, 'realtime feed failed'),
      );
      const start = (lastEventId: number | null) => {
        clearTimeout(timer);
        feed.start(lastEventId).catch((error: unknown) => {
          request.log.error({ err: error }, 'realtime feed failed to start');
          socket.close(1011, 'Server error');
        });
      };
      const timer = setTimeout(() => start(null), HELLO_TIMEOUT_MS);
      socket.on('close', () => {
        clearTimeout(timer);
        feed.stop();
      });
      socket.on('error', () => feed.stop());
      socket.on('message', (data) => {
        let parsed: z.infer<typeof helloSchema> | null = null;
        try {
          const result = helloSchema.safeParse(JSON.parse(String(data)));
          parsed = result.success ? result.data : null;
        } catch {
          // not JSON: the feed starts without a replay, as for a hello without lastEventId
          parsed = null;
        }
        // only the first message counts; later ones (pings of the client) change nothing
        start(parsed?.lastEventId ?? null);
      });
      const fromQuery = queryLastEventId(request);
      if (fromQuery !== undefined) start(fromQuery);
    },
  );
};
