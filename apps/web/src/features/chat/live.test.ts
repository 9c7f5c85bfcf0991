import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The chat's live channel across a server restart (ADR 0104): closed with 1001, it is back within
// a second, sends its per-chat numbers, and what the server replays lands in the open history once.

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  chatToken: async () => 'token-1',
}));

class FakeSocket {
  static all: FakeSocket[] = [];
  readonly sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.onclose?.({ code: 1000 });
  }
  receive(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

const message = (id: number) => ({ id, chatId: 5, text: `m${id}` });
const created = (seq: number, id: number) => ({
  type: 'message.created',
  chatId: 5,
  seq,
  payload: { message: message(id) },
});

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { location: { protocol: 'https:', host: 'app.example' } });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('chat live channel', () => {
  it('comes back within a second of a 1001 close and catches up without a gap or a repeat', async () => {
    const { ChatLive } = await import('./live');
    const { chatKeys } = await import('./keys');
    const client = new QueryClient();
    client.setQueryData(chatKeys.messages(5), { pages: [{ data: [message(100)] }], pageParams: [1] });
    const live = new ChatLive(client, () => {});
    await live.start();
    const first = FakeSocket.all[0];
    expect(first.url).toBe('wss://app.example/chat/api/live?token=token-1');
    first.onopen?.();
    expect(JSON.parse(first.sent[0])).toEqual({ cursors: {} });
    first.receive({ type: 'sync', chatId: 0, seq: 0, payload: { cursors: { 5: 10 } } });
    first.receive(created(11, 101));

    // the jitter at its least: a going-away close is retried at once, any other drop after 0.5 s
    vi.spyOn(Math, 'random').mockReturnValue(0);
    first.onclose?.({ code: 1001 });
    await vi.advanceTimersByTimeAsync(100);
    const second = FakeSocket.all[1];
    expect(second).toBeDefined();
    second.onopen?.();
    expect(JSON.parse(second.sent[0])).toEqual({ cursors: { 5: 11 } });
    // what was sent while it was away, and an overlap the client already holds
    second.receive(created(11, 101));
    second.receive(created(12, 102));
    second.receive({ type: 'sync', chatId: 0, seq: 0, payload: { cursors: { 5: 12 } } });

    const history = client.getQueryData<{ pages: { data: { id: number }[] }[] }>(chatKeys.messages(5));
    expect(history?.pages[0].data.map((m) => m.id)).toEqual([100, 101, 102]);
    live.stop();
  });
});
