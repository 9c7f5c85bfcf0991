import type { QueryClient } from '@tanstack/react-query';
import { CHAT_TEXTS } from '@parlance/shared';
import { CLOSE_GOING_AWAY, reconnectDelayMs } from '../../app/reconnect';
import { chatKeys, chatToken, type HistoryPage, type HistoryParam, type Message, refreshChat } from './api';

// The chat's live channel (/chat/api/live?token=): one socket per tab while the chat page is open.
// The client keeps the last sequence number it saw per chat and sends them after every (re)connect;
// the server replays exactly what was missed, in order. Events update the open history in place
// and refresh the list and the badge.

interface WireEvent {
  type: string;
  chatId: number;
  seq: number;
  payload: Record<string, unknown>;
}

type InfiniteHistory = { pages: HistoryPage[]; pageParams: HistoryParam[] };

export class ChatLive {
  private socket: WebSocket | null = null;
  private readonly cursors = new Map<number, number>();
  private stopped = false;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly client: QueryClient,
    private readonly onError: (message: string) => void,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    let token: string | null = null;
    try {
      token = await chatToken(this.client);
    } catch {
      token = null;
    }
    if (this.stopped) return;
    if (!token) {
      this.onError(CHAT_TEXTS.tokenNotAvailable);
      return;
    }
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${window.location.host}/chat/api/live?token=${encodeURIComponent(token)}`);
    this.socket = ws;
    ws.onopen = () => {
      this.attempts = 0;
      ws.send(JSON.stringify({ cursors: Object.fromEntries(this.cursors) }));
    };
    ws.onmessage = (m) => this.handle(JSON.parse(String(m.data)) as WireEvent);
    ws.onclose = (e) => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (!this.stopped) this.retry(e.code);
    };
    ws.onerror = () => ws.close();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const ws = this.socket;
    this.socket = null;
    ws?.close();
  }

  private retry(code: number | null): void {
    // a stopping server (1001) is left at once, to another instance; the cursors resume the chats
    const delay = reconnectDelayMs(code, this.attempts);
    if (code !== CLOSE_GOING_AWAY) this.attempts += 1;
    this.timer = setTimeout(() => {
      void this.start();
    }, delay);
  }

  private handle(event: WireEvent): void {
    if (event.type === 'sync') {
      const cursors = (event.payload.cursors ?? {}) as Record<string, number>;
      for (const [k, v] of Object.entries(cursors)) if (!this.cursors.has(Number(k))) this.cursors.set(Number(k), v);
      // after a reconnect the lists may have changed: refresh them once
      refreshChat(this.client);
      return;
    }
    const last = this.cursors.get(event.chatId) ?? 0;
    if (event.seq <= last) return;
    this.cursors.set(event.chatId, event.seq);
    if (event.type === 'message.created' && event.payload.message) {
      this.appendMessage(event.payload.message as Message);
      refreshChat(this.client);
      void this.client.invalidateQueries({ queryKey: chatKeys.pinned(event.chatId) });
      return;
    }
    if (event.type.startsWith('member.')) {
      void this.client.invalidateQueries({ queryKey: chatKeys.members(event.chatId) });
    }
    if (event.type === 'attachment.deleted')
      void this.client.invalidateQueries({ queryKey: chatKeys.files(event.chatId) });
    refreshChat(this.client, event.chatId);
  }

  private appendMessage(message: Message): void {
    this.client.setQueryData<InfiniteHistory>(chatKeys.messages(message.chatId), (old) => {
      if (!old || old.pages.length === 0) return old;
      if (old.pages.some((p) => p.data.some((m) => m.id === message.id))) return old;
      const [first, ...rest] = old.pages;
      return { ...old, pages: [{ ...first, data: [...first.data, message] }, ...rest] };
    });
  }
}
