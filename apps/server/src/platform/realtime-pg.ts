import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { listenPg } from '../db/pg-listen';
import type { RealtimeBus } from './realtime';

// The realtime bus across server instances that share one PostgreSQL: notify() wakes this
// instance's sockets at once and sends a NOTIFY that wakes every other instance's; one pooled client
// stays LISTENing (db/pg-listen.ts). After a lost LISTEN connection it reconnects and wakes the sockets
// once, since notifications may have been missed meanwhile (the sockets re-read from their cursors:
// nothing is lost).

export const REALTIME_CHANNEL = 'parlance_realtime';

export interface PgBusOptions {
  channel?: string;
  /** called when the LISTEN connection fails (it is retried) */
  onError?: (error: unknown) => void;
}

export async function createPgBus(pool: pg.Pool, options: PgBusOptions = {}): Promise<RealtimeBus> {
  const channel = options.channel ?? REALTIME_CHANNEL;
  const instance = randomBytes(8).toString('hex');
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const wake = () => emitter.emit('events');
  const listener = await listenPg(pool, {
    channel,
    // our own NOTIFY: the local listeners were woken already by notify()
    onPayload: (payload) => {
      if (payload !== instance) wake();
    },
    onReconnect: wake,
    onError: options.onError,
  });

  return {
    notify() {
      wake();
      pool.query('SELECT pg_notify($1, $2)', [channel, instance]).catch((error: unknown) => options.onError?.(error));
    },
    subscribe(listener) {
      emitter.on('events', listener);
      return () => emitter.off('events', listener);
    },
    async close() {
      emitter.removeAllListeners();
      await listener.close();
    },
  };
}
