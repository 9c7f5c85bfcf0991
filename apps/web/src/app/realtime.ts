import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { RealtimeEvent } from '@parlance/shared';
import { CLOSE_GOING_AWAY, reconnectDelayMs } from './reconnect';

// The live connection (ADR 0050).
// One WebSocket per tab, shared by every component that listens: it opens with the first listener
// and closes shortly after the last one leaves. After each (re)connect the client sends the id of
// the last event it saw, so the server replays what was missed while the connection was down; the
// very first connect of a tab sends -1 ("nothing yet: only new events"), since the screen loads its
// data over HTTP at the same moment. The server also sends { type: 'realtime.sync' } with its
// cursor after the replay; it moves lastEventId like any event. Screens refetch on every
// (re)connect, which covers an event committed late with a smaller id than the last one sent. The shell imports it only from the lazy sidebar (the live unread count); a guest never loads it.

/** typed by the shared event map (packages/shared/src/realtime-events.ts), as the server records them */
export type { RealtimeEvent };

type EventListener = (event: RealtimeEvent) => void;

/** Sent on the first connect of a tab: no replay, only events from now on. */
export const NO_REPLAY = -1;
/** a page change unmounts one listener and mounts the next: keep the socket over that gap */
const CLOSE_GRACE_MS = 2000;

const listeners = new Set<EventListener>();
const stateListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let connected = false;
let lastEventId: number = NO_REPLAY;
/** ids handled lately: a replay after a reconnect may repeat some (an event committed late can have a smaller id) */
const seen = new Set<number>();
const SEEN_MAX = 500;
/** 4401 signed out, 4403 refused: trying again would fail the same way */
const FINAL_CLOSE_CODES = [4401, 4403];
let attempts = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let closeTimer: ReturnType<typeof setTimeout> | null = null;

function setConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const l of stateListeners) l();
}

function realtimeUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/api/2/realtime`;
}

function parseEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as { id?: unknown; type?: unknown; payload?: unknown };
    if (typeof value.id !== 'number' || typeof value.type !== 'string') return null;
    // the server sends what the shared event map says; a payload that is not an object becomes {}
    const payload = value.payload && typeof value.payload === 'object' ? value.payload : {};
    return { id: value.id, type: value.type, payload } as RealtimeEvent;
  } catch {
    return null;
  }
}

function connect(): void {
  if (socket || typeof WebSocket === 'undefined') return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(realtimeUrl());
  } catch {
    scheduleReconnect();
    return;
  }
  socket = ws;
  ws.onopen = () => {
    attempts = 0;
    ws.send(JSON.stringify({ lastEventId }));
    setConnected(true);
  };
  ws.onmessage = (message) => {
    const event = parseEvent(message.data);
    // a replay can overlap what was already seen: every event is handled once
    if (!event || seen.has(event.id)) return;
    seen.add(event.id);
    if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value as number);
    lastEventId = Math.max(lastEventId, event.id);
    for (const l of listeners) l(event);
  };
  ws.onclose = (e) => {
    if (socket !== ws) return;
    socket = null;
    setConnected(false);
    if (listeners.size > 0 && !FINAL_CLOSE_CODES.includes(e.code)) scheduleReconnect(e.code);
  };
  ws.onerror = () => ws.close();
}

function scheduleReconnect(code: number | null = null): void {
  if (reconnectTimer) return;
  // a stopping server (1001) is left at once; other drops back off, with jitter
  const delay = reconnectDelayMs(code, attempts);
  if (code !== CLOSE_GOING_AWAY) attempts += 1;
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    if (listeners.size > 0) connect();
  }, delay);
}

function disconnect(): void {
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  attempts = 0;
  const ws = socket;
  socket = null;
  setConnected(false);
  ws?.close();
}

/** Listens to the live events (outside React); answers the function that stops listening. */
export function subscribeRealtime(listener: EventListener): () => void {
  listeners.add(listener);
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = null;
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    closeTimer = setTimeout(() => {
      closeTimer = null;
      if (listeners.size === 0) disconnect();
    }, CLOSE_GRACE_MS);
  };
}

/** Follows the connected state (outside React). */
export function subscribeConnected(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

export function isRealtimeConnected(): boolean {
  return connected;
}

/**
 * Listens to the signed-in user's live events while the component is mounted. It does not render
 * the component again when the connection comes up or drops: a list page would otherwise draw all
 * its rows again, blocking the page, for a state it does not show (useRealtimeConnected does).
 */
export function useRealtime(onEvent: EventListener): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => subscribeRealtime((event) => latest.current(event)), []);
}

/** Whether the live connection is up (screens poll as a fallback while it is not). */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(subscribeConnected, isRealtimeConnected, () => false);
}
