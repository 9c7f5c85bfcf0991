import type { Db } from '../../db/client';
import type { RealtimeBus } from '../../platform/realtime';
import { newestEventId, type OutgoingEvent, scanEvents, type Viewer } from './service';

// One open connection's feed: a cursor over the user's events, advanced only past settled ids so
// that an event committed late with a smaller id is still sent; ids sent since are remembered so
// that nothing is sent twice. Reads are serialized: a notify during a read runs one more read after it.

/** What the feed needs of a WebSocket. */
export interface FeedSocket {
  readonly readyState: number;
  send(data: string): void;
}

const OPEN = 1;

export class LiveFeed {
  private cursor = 0;
  private readonly sent = new Set<number>();
  private started = false;
  private running = false;
  private again = false;
  private closed = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: RealtimeBus,
    private readonly viewer: Viewer,
    private readonly socket: FeedSocket,
    private readonly now: () => Date,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * Starts after `lastEventId` (a negative or missing id: no replay, only what comes next), then
   * follows the bus. Afterwards a sync message carries the cursor the client may send next time.
   */
  async start(lastEventId: number | null): Promise<void> {
    if (this.started || this.closed) return;
    this.started = true;
    this.cursor = lastEventId === null || lastEventId < 0 ? await newestEventId(this.db) : lastEventId;
    this.unsubscribe = this.bus.subscribe(() => this.pump());
    await this.pump();
    if (!this.closed && this.cursor > 0) {
      this.send({ id: this.cursor, type: 'realtime.sync', payload: {} });
    }
  }

  stop(): void {
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Reads and sends what is new; safe to call at any time. */
  async pump(): Promise<void> {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        await this.readAll();
      } while (this.again && !this.closed);
    } catch (error) {
      this.onError(error);
    } finally {
      this.running = false;
    }
  }

  private async readAll(): Promise<void> {
    let after = this.cursor;
    for (;;) {
      const { events, full } = await scanEvents(this.db, this.viewer, after, this.now());
      let settledPrefix = true;
      for (const e of events) {
        if (this.closed) return;
        if (!this.sent.has(e.id)) {
          this.sent.add(e.id);
          if (e.visible) this.send({ id: e.id, type: e.type, payload: e.payload });
        }
        // the cursor moves only over an unbroken run of settled events
        if (settledPrefix && e.settled) this.cursor = e.id;
        else settledPrefix = false;
      }
      for (const id of this.sent) if (id <= this.cursor) this.sent.delete(id);
      if (!full || events.length === 0) return;
      after = events[events.length - 1].id;
    }
  }

  private send(event: OutgoingEvent): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    this.socket.send(JSON.stringify(event));
  }
}
