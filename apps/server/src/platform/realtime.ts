import { EventEmitter } from 'node:events';
import type { Db } from '../db/client';
import { realtimeEvents } from '../db/schema';
import type { RealtimeEventMap, RealtimeEventType } from '@parlance/shared';

/**
 * Realtime events (ARCHITECTURE.md): a change that other users must see writes an event row in
 * the same transaction (`recordEvent`); after commit the caller calls `bus.notify()`, and every
 * open WebSocket re-reads the events after its last id. A client that reconnects sends its last
 * id and replays what it missed, so nothing is lost. In-process fan-out here; with several server
 * instances on PostgreSQL the bus also LISTENs/NOTIFYs (see realtime-pg.ts).
 */
export type RealtimeEventInput = {
  [K in RealtimeEventType]: {
    /** one user; or null with a role for everyone of that role who may see it */
    userId?: number | null;
    role?: 'customer' | 'translator' | 'admin' | null;
    type: K;
    /** typed by the shared event map (packages/shared/src/realtime-events.ts) */
    payload: RealtimeEventMap[K];
  };
}[RealtimeEventType];

export type { RealtimeEventType };

export async function recordEvent(tx: Db, event: RealtimeEventInput): Promise<number> {
  if (event.userId == null && event.role == null) throw new Error('a realtime event needs a user or a role');
  const [row] = await tx
    .insert(realtimeEvents)
    .values({ userId: event.userId ?? null, role: event.role ?? null, type: event.type, payload: event.payload })
    .returning({ id: realtimeEvents.id });
  return row.id;
}

export interface RealtimeBus {
  /** tell every listener (in this and, on PostgreSQL, other instances) that new events exist */
  notify(): void;
  /** called on every notify; returns the unsubscribe function */
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

export function createLocalBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    notify: () => {
      emitter.emit('events');
    },
    subscribe(listener) {
      emitter.on('events', listener);
      return () => emitter.off('events', listener);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}
