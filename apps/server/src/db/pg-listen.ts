import type pg from 'pg';

// One pooled PostgreSQL connection that stays LISTENing on a channel. After the connection is lost
// it reconnects (every RETRY_MS) and calls `onReconnect`, since notifications may have been missed
// meanwhile: the caller re-reads (the realtime bus) or forgets what it cached (the session cache).

const RETRY_MS = 1000;

export interface PgListenOptions {
  channel: string;
  onPayload: (payload: string) => void;
  /** after a lost connection came back: notifications may have been missed */
  onReconnect?: () => void;
  /** called when the LISTEN connection fails (it is retried) */
  onError?: (error: unknown) => void;
}

export interface PgListener {
  close(): Promise<void>;
}

export async function listenPg(pool: pg.Pool, options: PgListenOptions): Promise<PgListener> {
  const { channel } = options;
  let client: pg.PoolClient | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const onNotification = (message: pg.Notification) => {
    if (message.channel === channel) options.onPayload(message.payload ?? '');
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
        .then(() => options.onReconnect?.())
        .catch((error: unknown) => {
          options.onError?.(error);
          scheduleListen();
        });
    }, RETRY_MS);
  }

  await listen();

  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
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
