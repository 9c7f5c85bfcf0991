import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The live connection manager against a fake WebSocket: the first hello asks for no replay, a
// reconnect asks for what came after the last id, repeated events are handled once, the socket
// closes when nobody listens.

class FakeSocket {
  static all: FakeSocket[] = [];
  readonly sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.({ code: 1000 });
  }
  open() {
    this.onopen?.();
  }
  receive(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop(code = 1006) {
    this.closed = true;
    this.onclose?.({ code });
  }
}

async function loadManager() {
  vi.resetModules();
  return import('./realtime');
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { location: { protocol: 'https:', host: 'app.example' } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('realtime connection', () => {
  it('opens one socket for all listeners and asks for no replay on the first connect', async () => {
    const rt = await loadManager();
    const a = vi.fn();
    const b = vi.fn();
    rt.subscribeRealtime(a);
    rt.subscribeRealtime(b);
    expect(FakeSocket.all).toHaveLength(1);
    const ws = FakeSocket.all[0];
    expect(ws.url).toBe('wss://app.example/api/2/realtime');
    ws.open();
    expect(JSON.parse(ws.sent[0])).toEqual({ lastEventId: -1 });
    expect(rt.isRealtimeConnected()).toBe(true);
    ws.receive({ id: 7, type: 'project.opened', payload: { projectId: 3 } });
    expect(a).toHaveBeenCalledWith({ id: 7, type: 'project.opened', payload: { projectId: 3 } });
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('reconnects after a drop, asks for what came after the last id and handles a repeat once', async () => {
    const rt = await loadManager();
    const listener = vi.fn();
    rt.subscribeRealtime(listener);
    const first = FakeSocket.all[0];
    first.open();
    first.receive({ id: 10, type: 'project.opened', payload: {} });
    first.receive({ id: 12, type: 'project.updated', payload: {} });
    first.drop();
    expect(rt.isRealtimeConnected()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    const second = FakeSocket.all[1];
    second.open();
    expect(JSON.parse(second.sent[0])).toEqual({ lastEventId: 12 });
    second.receive({ id: 12, type: 'project.updated', payload: {} });
    // committed late with a smaller id: still new
    second.receive({ id: 11, type: 'project.opened', payload: {} });
    expect(listener.mock.calls.map(([e]) => e.id)).toEqual([10, 12, 11]);
  });

  it('backs off between failed attempts and stops when signed out', async () => {
    const rt = await loadManager();
    rt.subscribeRealtime(() => {});
    FakeSocket.all[0].drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].drop();
    vi.advanceTimersByTime(900);
    // the second delay is between 1 and 2 seconds
    vi.advanceTimersByTime(1100);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2].drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('comes back within a second of a going-away close (1001), however often the server restarts', async () => {
    const rt = await loadManager();
    rt.subscribeRealtime(() => {});
    // failed attempts first: the backoff has grown to 4-8 s
    for (let i = 0; i < 3; i++) {
      FakeSocket.all[i].drop();
      vi.advanceTimersByTime(8000);
    }
    expect(FakeSocket.all).toHaveLength(4);
    FakeSocket.all[3].open();
    FakeSocket.all[3].receive({ id: 7, type: 'project.updated', payload: {} });
    FakeSocket.all[3].drop(1001);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(5);
    FakeSocket.all[4].drop(1001);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(6);
    FakeSocket.all[5].open();
    expect(JSON.parse(FakeSocket.all[5].sent[0])).toEqual({ lastEventId: 7 });
  });

  it('closes the socket a moment after the last listener leaves, not during a page change', async () => {
    const rt = await loadManager();
    const stop = rt.subscribeRealtime(() => {});
    const ws = FakeSocket.all[0];
    ws.open();
    stop();
    vi.advanceTimersByTime(500);
    const stopNext = rt.subscribeRealtime(() => {});
    vi.advanceTimersByTime(5000);
    expect(ws.closed).toBe(false);
    expect(FakeSocket.all).toHaveLength(1);
    stopNext();
    vi.advanceTimersByTime(2000);
    expect(ws.closed).toBe(true);
    expect(rt.isRealtimeConnected()).toBe(false);
  });
});
