import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { RealtimeBus } from './realtime';

// The realtime bus across server instances that share one PostgreSQL: notify() wakes this
// instance's sockets at once and sends a NOTIFY that wakes every other instance's; one pooled client
// stays LISTENing. After a lost LISTEN connection it reconnects and wakes the sockets once, since
// notifications may have been missed meanwhile (the sockets re-read from their cursors: nothing is lost).

export const REALTIME_CHANNEL = 'parlance_realtime';
const RETRY_MS = 1000;

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
  let client: pg.PoolClient | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const onNotification = (message: pg.Notification) => {
    // our own NOTIFY: the local listeners were woken already by notify()
    if (message.channel === channel && message.payload !== instance) wake();
  };

  async function listen(): Promise<void> {
    const c = await pool.connect();
    c.on('notification', onNotification);
    c.on('error', (error) => {
      options.onError?.(error);
      lost(c);
    });
    try {
      await c.query(`LISTEN ${channel}`);
    } catch (error) {
      c.off('notification', onNotification);
      c.release(true);
      throw error;
    }
    if (closed) {
      c.release(true);
      return;
    }
    client = c;
  }

  function lost(c: pg.PoolClient): void {
    if (client !== c) return;
    client = null;
    c.off('notification', onNotification);
    c.release(true);
    scheduleListen();
  }

  function scheduleListen(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      listen()
        .then(() => wake())
        .catch((error: unknown) => {
          options.onError?.(error);
          scheduleListen();
        });
    }, RETRY_MS);
  }

  await listen();

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
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      emitter.removeAllListeners();
      const c = client;
      client = null;
      if (!c) return;
      c.off('notification', onNotification);
      try {
        await c.query(`UNLISTEN ${channel}`);
      } catch {
        // the connection is going away anyway
      }
      c.release(true);
    },
  };
}
