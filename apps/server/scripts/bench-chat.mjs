// The team-chat figures of `npm run bench` (BENCH_ONLY=chat; called by scripts/bench.mjs with its
// helpers). A server on a database seeded by bench-chat-seed.ts, then, in this one process:
//   live     BENCH_CHAT_CLIENTS (1,000) WebSocket clients on /chat/api/live, each a member of one team
//            group of 10; BENCH_CHAT_RATE (10) messages a second sent by random members over HTTP
//            (POST /chat/api/direct-messages) for BENCH_CHAT_SECONDS (30); send-to-receipt p50, p95,
//            p99 over every live receipt (the sender's start of the POST to each member's socket).
//            30% of the clients drop (socket terminated) at a random moment and reconnect 0.2-2 s later
//            with their last sequence number; at the end every client must hold every message of its
//            group exactly once, in order: the counts say so (expected, received, missing, duplicates,
//            out of order).
//   history  GET /chat/api/chats/{id}/messages?page=N over 10 chats of 10,000 messages (1,000,000 in
//            the database), pages 1 to the last, p99 (autocannon, like the other figures)
//   search   GET /chat/api/search/{phrase} (global: files, chats, messages of the reader's chats) and
//            GET /chat/api/chat/{id}/search/{phrase}, common words and rare numbers measured apart, p99
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { measure, runSeed, startServer } from '../../../scripts/bench-tools.mjs';

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS || 1000);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES || 1_000_000);
const RATE = Number(process.env.BENCH_CHAT_RATE || 10);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS || 30);
const DROP_SHARE = 0.3;

/**
 * @param {'pglite' | 'postgres'} engine
 * @param {string} databaseUrl empty for PGlite
 * @param {unknown} _tools kept for the callers; the pieces come from scripts/bench-tools.mjs
 */
export async function benchChat(engine, databaseUrl, _tools) {
  console.log(`\n== ${engine}: team chat, ${CLIENTS} live clients, ${MESSAGES} archived messages ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-bench-chat-'));
  const out = join(dataDir, 'bench-chat.json');
  const seedEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    BENCH_CHAT_OUT: out,
    BENCH_CHAT_CLIENTS: String(CLIENTS),
    BENCH_CHAT_MESSAGES: String(MESSAGES),
  };
  const row = { clients: CLIENTS, archived: MESSAGES, rate: RATE, seconds: SECONDS };
  let started = null;
  try {
    row.seed = runSeed('scripts/bench-chat-seed.ts', seedEnv);
    console.log(`  seeded ${row.seed.clients} clients and ${row.seed.messages} messages in ${row.seed.seconds} s`);
    const setup = JSON.parse(readFileSync(out, 'utf8'));

    started = await startServer({ databaseUrl, dataDir, env: seedEnv });
    const { base } = started;

    row.live = await liveRun([base], setup.clients);
    const l = row.live;
    console.log(
      `  live: ${l.sent} messages, receipts p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms, p99 ${l.p99Ms} ms; ${l.dropped} clients dropped and came back`,
    );
    console.log(
      `  delivery: expected ${l.expected}, received ${l.received} (${l.replayed} replayed after a reconnect), missing ${l.missing}, duplicates ${l.duplicates}, out of order ${l.outOfOrder}`,
    );

    const headers = { authorization: `Bearer ${setup.reader.token}` };
    const lastPage = Math.ceil(setup.archivePerChat / 30);
    const historyPaths = setup.reader.chats.flatMap((id) =>
      [1, 2, 10, Math.ceil(lastPage / 2), lastPage].map((page) => `/chat/api/chats/${id}/messages?page=${page}`),
    );
    // the figures are for common and for rare words alike: each kind measured on its own
    const globalOf = (phrases) => phrases.map((p) => `/chat/api/search/${encodeURIComponent(p)}`);
    const inChatOf = (phrase) => setup.reader.chats.map((id) => `/chat/api/chat/${id}/search/${phrase}`);
    const searches = {
      searchCommon: globalOf(['glossary', 'deadline review']),
      searchRare: globalOf(['4242', '123456']),
      inChatCommon: inChatOf('contract'),
      inChatRare: inChatOf('4242'),
    };
    await check(base, headers, [...historyPaths, ...Object.values(searches).flat()]);
    // the machine's 1-minute load while the reads are measured (a shared machine moves the figures)
    row.loadBefore = Math.round(loadavg()[0] * 100) / 100;
    row.hello = await measure('hello', { url: `${base}/bench/hello` });
    const cycle = (paths) => ({ url: base, headers, requests: paths.map((path) => ({ method: 'GET', path })) });
    row.history = await measure('history', cycle(historyPaths));
    row.searchCommon = await measure('search, common', cycle(searches.searchCommon));
    row.searchRare = await measure('search, rare', cycle(searches.searchRare));
    row.inChatCommon = await measure('in chat, common', cycle(searches.inChatCommon));
    row.inChatRare = await measure('in chat, rare', cycle(searches.inChatRare));
    row.loadAfter = Math.round(loadavg()[0] * 100) / 100;
  } catch (err) {
    console.log(`  chat bench failed: ${err.message}`);
    row.error = err.message;
  } finally {
    if (started) await started.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return row;
}

/** Every measured path answers 200 once before it is measured. */
async function check(base, headers, paths) {
  for (const path of paths) {
    const res = await fetch(`${base}${path}`, { headers });
    const body = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
  }
}

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The live run: connect everyone, send at RATE for SECONDS while 30% drop and come back, then count.
 * With several servers (`bases`, on one PostgreSQL) the clients and the sends are spread over them in
 * turn, so most messages cross from one instance to another (the two-instance part of bench-ops.mjs).
 */
export async function liveRun(bases, clientList) {
  const url = (c) => `ws://127.0.0.1:${c.port}/chat/api/live?token=${c.token}`;
  /** per client: the socket, its last sequence number, the bench messages it got (in arrival order) */
  const clients = clientList.map((c, i) => ({
    ...c,
    port: new URL(bases[i % bases.length]).port,
    ws: null,
    cursor: null,
    lastMessageId: 0,
    synced: false,
    got: [],
    replaying: false,
  }));
  const sentAt = new Map();
  const latencies = [];
  let replayed = 0;
  let outOfOrder = 0;
  let resets = 0;

  const connect = (c) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url(c));
      c.ws = ws;
      c.synced = false;
      ws.on('open', () => ws.send(JSON.stringify({ cursors: c.cursor === null ? {} : { [c.chatId]: c.cursor } })));
      ws.on('error', (err) => {
        if (!c.synced) reject(err);
      });
      ws.on('message', (data) => {
        const event = JSON.parse(String(data));
        if (event.type === 'sync') {
          if (c.cursor === null) c.cursor = Number(event.payload.cursors?.[c.chatId] ?? 0);
          c.synced = true;
          c.replaying = false;
          resolve();
          return;
        }
        if (event.type === 'chat.reset') resets += 1;
        if (event.chatId !== c.chatId) return;
        // in order, once: each event's number is above the last one this client holds
        if (c.cursor !== null && event.seq <= c.cursor) outOfOrder += 1;
        c.cursor = Math.max(c.cursor ?? 0, event.seq);
        const text = event.type === 'message.created' ? event.payload.message?.text : undefined;
        const n = typeof text === 'string' && text.startsWith('bench:') ? Number(text.slice(6).split(' ')[0]) : null;
        if (n === null) return;
        const messageId = Number(event.payload.message.id);
        if (messageId <= c.lastMessageId) outOfOrder += 1;
        c.lastMessageId = messageId;
        c.got.push(n);
        if (!c.synced) {
          replayed += 1;
          return;
        }
        const started = sentAt.get(n);
        if (started !== undefined) latencies.push(performance.now() - started);
      });
    });

  // everyone connects (50 at a time) and is in step before the first message
  for (let i = 0; i < clients.length; i += 50) await Promise.all(clients.slice(i, i + 50).map(connect));

  const byChat = new Map();
  for (const c of clients) byChat.set(c.chatId, [...(byChat.get(c.chatId) ?? []), c]);
  const chats = [...byChat.keys()];
  const sentTo = new Map(); // n -> chatId, for the sends that were stored
  const sends = [];
  let failedSends = 0;
  let n = 0;
  const sendOne = async () => {
    const id = ++n;
    const chatId = chats[Math.floor(Math.random() * chats.length)];
    const members = byChat.get(chatId);
    const from = members[Math.floor(Math.random() * members.length)];
    sentAt.set(id, performance.now());
    try {
      const res = await fetch(`${bases[id % bases.length]}/chat/api/direct-messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `bench:${id} status update for the group`, chat: { id: chatId } }),
      });
      await res.arrayBuffer();
      if (res.status === 201) sentTo.set(id, chatId);
      else failedSends += 1;
    } catch {
      failedSends += 1;
    }
  };

  // 30% of the clients drop once, somewhere in the middle 70% of the run, and come back
  const dropping = [...clients].sort(() => Math.random() - 0.5).slice(0, Math.round(clients.length * DROP_SHARE));
  const reconnects = dropping.map(async (c) => {
    await wait((0.1 + Math.random() * 0.7) * SECONDS * 1000);
    c.ws.terminate();
    c.synced = false;
    c.replaying = true;
    await wait(200 + Math.random() * 1800);
    for (let attempt = 0; ; attempt++) {
      try {
        await connect(c);
        return;
      } catch (err) {
        if (attempt >= 5) throw err;
        await wait(500);
      }
    }
  });

  const startedAt = performance.now();
  const interval = 1000 / RATE;
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = startedAt + i * interval;
    const now = performance.now();
    if (due > now) await wait(due - now);
    sends.push(sendOne());
  }
  await Promise.all(sends);
  await Promise.all(reconnects);

  // everyone holds every message of its group once, or the deadline passes
  const expectedOf = (c) => [...sentTo].filter(([, chat]) => chat === c.chatId).map(([id]) => id);
  const deadline = performance.now() + 15_000;
  while (performance.now() < deadline && clients.some((c) => new Set(c.got).size < expectedOf(c).length))
    await wait(200);

  let expected = 0;
  let received = 0;
  let missing = 0;
  let duplicates = 0;
  for (const c of clients) {
    const want = expectedOf(c);
    expected += want.length;
    received += c.got.length;
    const have = new Set(c.got);
    duplicates += c.got.length - have.size;
    missing += want.filter((id) => !have.has(id)).length;
  }
  for (const c of clients) c.ws?.terminate();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 10) / 10;
  return {
    sent: sentTo.size,
    failedSends,
    dropped: dropping.length,
    liveReceipts: latencies.length,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    maxMs: at(1),
    expected,
    received,
    replayed,
    missing,
    duplicates,
    outOfOrder,
    resets,
  };
}

/** Lines of the bench table for the chat figures. */
export function chatLines(byEngine) {
  const lines = ['', `team chat: ${CLIENTS} WebSocket clients in groups of 10, ${RATE} messages/s for ${SECONDS} s:`];
  for (const [engine, row] of Object.entries(byEngine ?? {})) {
    if (!row) continue;
    if (row.error) {
      lines.push(`  ${engine.padEnd(8)}  failed: ${row.error}`);
      continue;
    }
    const l = row.live;
    lines.push(
      `  ${engine.padEnd(8)}  send-to-receipt p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms, p99 ${l.p99Ms} ms (${l.liveReceipts} live receipts of ${l.sent} messages; goal p95 < 50 ms on PostgreSQL)`,
      `  ${engine.padEnd(8)}  ${l.dropped} clients dropped and reconnected: expected ${l.expected}, received ${l.received} (${l.replayed} replayed), missing ${l.missing}, duplicates ${l.duplicates}, out of order ${l.outOfOrder}`,
    );
    const put = (label, r) =>
      lines.push(
        `  ${engine.padEnd(8)}  ${label.padEnd(64)}  ${String(r.rps).padStart(8)} req/s  p50 ${r.p50Ms} ms, p90 ${r.p90Ms} ms, p97.5 ${r.p97_5Ms} ms, p99 ${r.p99Ms} ms`,
      );
    lines.push(
      `  ${engine.padEnd(8)}  load average (1 min) ${row.loadBefore} before the reads, ${row.loadAfter} after`,
    );
    put('GET /bench/hello (baseline)', row.hello);
    put(`history page (pages 1 to last of 10 chats; ${row.seed.messages} messages)`, row.history);
    put('global search, common words (files, chats, messages of 10 chats)', row.searchCommon);
    put('global search, rare numbers', row.searchRare);
    put('in-chat search, a common word (a chat of 10,000 messages)', row.inChatCommon);
    put('in-chat search, a rare number', row.inChatRare);
  }
  return lines;
}
