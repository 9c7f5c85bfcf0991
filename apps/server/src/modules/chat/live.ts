import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatEvents, chatMembers, chats } from '../../db/schema';
import type { RealtimeBus } from '../../platform/realtime';

// Live chat delivery (ADR 0069). One hub per server process follows the bus:
// on each wake it reads the recent chat events ONCE and hands each to the open sockets of the users
// in its audience (in memory, by recipient). Per chat, events are numbered without gaps and commit
// in number order (the number is taken under the chat row's lock), so the hub passes them on in
// order and fills any hole it notices from the database. A connection remembers the last number it
// sent per chat: a resume sends exactly what is after the client's numbers, and nothing twice.

export interface ChatWireEvent {
  type: string;
  chatId: number;
  seq: number;
  payload: Record<string, unknown>;
}

export interface ChatSocket {
  readonly readyState: number;
  send(data: string): void;
}

const OPEN = 1;
/** how far back the hub looks on each wake: longer than any chat transaction stays open */
const WINDOW_SECONDS = 30;
const REPLAY_MAX = 2000;

interface EventRow {
  chatId: number;
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  audience: number[];
}

export class ChatConnection {
  private readonly last = new Map<number, number>();
  private ready = false;
  private buffer: EventRow[] = [];
  closed = false;

  constructor(
    readonly userId: number,
    private readonly socket: ChatSocket,
  ) {}

  /** Sends what the client missed after its numbers, then follows the hub. */
  async start(db: Db, cursors: Record<string, number>): Promise<void> {
    const member = await db
      .select({ chatId: chatMembers.chatId, lastSeq: chats.lastSeq })
      .from(chatMembers)
      .innerJoin(chats, eq(chats.id, chatMembers.chatId))
      .where(eq(chatMembers.userId, this.userId));
    for (const { chatId, lastSeq } of member) {
      const from = cursors[String(chatId)];
      if (from === undefined || !Number.isInteger(from) || from < 0) {
        this.last.set(chatId, Number(lastSeq));
        continue;
      }
      this.last.set(chatId, from);
      if (from >= Number(lastSeq)) continue;
      const rows = await readChat(db, chatId, from, Number(lastSeq), REPLAY_MAX + 1);
      if (rows.length > REPLAY_MAX) {
        // too far behind: the client reloads the chat over HTTP instead
        this.write({ type: 'chat.reset', chatId, seq: Number(lastSeq), payload: {} });
        this.last.set(chatId, Number(lastSeq));
        continue;
      }
      for (const r of rows) this.deliver(r);
      this.last.set(chatId, Math.max(this.last.get(chatId) ?? 0, Number(lastSeq)));
    }
    this.ready = true;
    const pending = this.buffer;
    this.buffer = [];
    for (const r of pending) this.offer(r);
    this.write({
      type: 'sync',
      chatId: 0,
      seq: 0,
      payload: { cursors: Object.fromEntries([...this.last].map(([k, v]) => [String(k), v])) },
    });
  }

  /** An event of a chat, in order, from the hub. */
  offer(row: EventRow): void {
    if (this.closed) return;
    if (!this.ready) {
      this.buffer.push(row);
      return;
    }
    this.deliver(row);
  }

  private deliver(row: EventRow): void {
    const last = this.last.get(row.chatId);
    if (last !== undefined && row.seq <= last) return;
    this.last.set(row.chatId, row.seq);
    if (!row.audience.includes(this.userId)) return;
    this.write({ type: row.type, chatId: row.chatId, seq: row.seq, payload: row.payload });
  }

  private write(event: ChatWireEvent): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    this.socket.send(JSON.stringify(event));
  }
}

async function readChat(db: Db, chatId: number, afterSeq: number, uptoSeq: number, limit: number): Promise<EventRow[]> {
  const rows = await db
    .select({
      chatId: chatEvents.chatId,
      seq: chatEvents.seq,
      type: chatEvents.type,
      payload: chatEvents.payload,
      audience: chatEvents.audience,
    })
    .from(chatEvents)
    .where(and(eq(chatEvents.chatId, chatId), gt(chatEvents.seq, afterSeq), sql`${chatEvents.seq} <= ${uptoSeq}`))
    .orderBy(asc(chatEvents.seq))
    .limit(limit);
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}

export class ChatHub {
  private readonly byUser = new Map<number, Set<ChatConnection>>();
  /** per chat: the last number passed on; all before it were passed on too */
  private readonly passed = new Map<number, number>();
  private running = false;
  private again = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    bus: RealtimeBus,
    private readonly onError: (error: unknown) => void,
  ) {
    this.unsubscribe = bus.subscribe(() => {
      void this.pump();
    });
  }

  get connections(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  async attach(connection: ChatConnection, cursors: Record<string, number>): Promise<void> {
    let set = this.byUser.get(connection.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(connection.userId, set);
    }
    set.add(connection);
    await connection.start(this.db, cursors);
  }

  detach(connection: ChatConnection): void {
    connection.closed = true;
    const set = this.byUser.get(connection.userId);
    set?.delete(connection);
    if (set && set.size === 0) this.byUser.delete(connection.userId);
  }

  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  async pump(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        await this.readRecent();
      } while (this.again);
    } catch (error) {
      this.onError(error);
    } finally {
      this.running = false;
    }
  }

  /**
   * Reads what is new since the last wake: first the numbers of the window's events (small rows),
   * then the payloads of the ones this hub has not passed on yet, so a wake costs what changed and
   * not the whole window.
   */
  private async readRecent(): Promise<void> {
    const heads = await this.db
      .select({ chatId: chatEvents.chatId, seq: chatEvents.seq })
      .from(chatEvents)
      .where(sql`${chatEvents.createdAt} > now() - make_interval(secs => ${WINDOW_SECONDS})`)
      .limit(20_000);
    const fresh = new Map<number, { after: number | undefined; upto: number }>();
    for (const h of heads) {
      const seq = Number(h.seq);
      const passed = this.passed.get(h.chatId);
      if (passed !== undefined && seq <= passed) continue;
      const range = fresh.get(h.chatId);
      if (!range) fresh.set(h.chatId, { after: passed, upto: seq });
      else if (seq > range.upto) range.upto = seq;
    }
    if (fresh.size > 0) {
      const ranges = [...fresh].map(([chatId, r]) =>
        r.after === undefined
          ? sql`(${chatEvents.chatId} = ${chatId} AND ${chatEvents.seq} <= ${r.upto} AND ${chatEvents.createdAt} > now() - make_interval(secs => ${WINDOW_SECONDS}))`
          : sql`(${chatEvents.chatId} = ${chatId} AND ${chatEvents.seq} > ${r.after} AND ${chatEvents.seq} <= ${r.upto})`,
      );
      const rows = await this.db
        .select({
          chatId: chatEvents.chatId,
          seq: chatEvents.seq,
          type: chatEvents.type,
          payload: chatEvents.payload,
          audience: chatEvents.audience,
        })
        .from(chatEvents)
        .where(sql.join(ranges, sql` OR `))
        .orderBy(asc(chatEvents.chatId), asc(chatEvents.seq));
      const byChat = new Map<number, EventRow[]>();
      for (const r of rows) {
        const row = { ...r, seq: Number(r.seq) };
        const list = byChat.get(row.chatId) ?? [];
        list.push(row);
        byChat.set(row.chatId, list);
      }
      for (const [chatId, list] of byChat) {
        let passed = this.passed.get(chatId);
        for (const row of list) {
          if (passed !== undefined && row.seq <= passed) continue;
          if (passed !== undefined && row.seq > passed + 1) {
            // a hole: events that fell out of the window before this hub read them
            for (const missing of await readChat(this.db, chatId, passed, row.seq - 1, REPLAY_MAX))
              this.dispatch(missing);
          }
          this.dispatch(row);
          passed = row.seq;
        }
        if (passed !== undefined) this.passed.set(chatId, passed);
      }
    }
    this.forgetQuietChats(new Set(heads.map((h) => h.chatId)));
  }

  private dispatch(row: EventRow): void {
    for (const userId of row.audience) {
      const set = this.byUser.get(userId);
      if (set) for (const c of set) c.offer(row);
    }
  }

  /** A chat with nothing in the window: keep its number only while the map is small. */
  private forgetQuietChats(active: Set<number>): void {
    if (this.passed.size < 10_000) return;
    for (const id of this.passed.keys()) if (!active.has(id)) this.passed.delete(id);
  }
}

/** Chats of a user that a client may name in its cursors (used by tests and the bench). */
export async function memberChatIds(db: Db, userId: number, chatIds: number[]): Promise<number[]> {
  if (!chatIds.length) return [];
  const rows = await db
    .select({ id: chatMembers.chatId })
    .from(chatMembers)
    .where(and(eq(chatMembers.userId, userId), inArray(chatMembers.chatId, chatIds)));
  return rows.map((r) => r.id);
}
