// `npm run bench` (BENCH_ONLY=public-api): the customer API. Starts a server on the engine
// with the demo data (scripts/bench-tools.mjs, as every bench part), makes the demo customer an API
// key, and measures with autocannon, beside the bare hello route of the same server:
//   api quote    POST /api/v1/quotes through the key path (authenticate, rate limit, price)
//   api project  GET /api/v1/projects/{id} of a demo project through the key path
// Then webhook delivery: a local receiver (http, 204), BENCH_WEBHOOK_EVENTS (10,000) project messages
// posted through the API by 10 clients (each one a webhook outbox row in its transaction), and the
// time until the receiver has seen all of them. Every event is counted by the message id in its
// payload: none lost (every posted message arrived) and none doubled (no message twice, no delivery
// id twice, also during a quiet wait after the last one).
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { measure, round, signIn, startServer } from '../../../scripts/bench-tools.mjs';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS || 10_000);
const POSTERS = 10;
/** after the last expected delivery, how long the receiver keeps listening for doubles */
const QUIET_MS = 5_000;

/**
 * @param {'pglite' | 'postgres'} engine
 * @param {string} databaseUrl empty for PGlite
 */
export async function benchPublicApi(engine, databaseUrl) {
  console.log(`\n== customer API (${engine}) ==`);
  const started = await startServer({
    databaseUrl,
    env: { API_RATE_LIMIT: '1000000000', WEBHOOK_ALLOW_PRIVATE: 'true' },
  });
  const { base } = started;
  const row = { loadBefore: loadOf() };
  try {
    const cookie = await signIn(base);
    const session = await (await fetch(`${base}/registry/get?data=Session`, { headers: { cookie } })).json();
    const web = { cookie, 'x-csrf-token': session.results.CSRFToken };
    const keyRes = await fetch(`${base}/userService/updateApiKeysForm`, {
      method: 'POST',
      headers: { ...web, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'keygen=1',
    });
    const key = (await keyRes.json()).token_api;
    if (!key) throw new Error(`no API key (${keyRes.status})`);
    const auth = { authorization: `Bearer ${key}` };
    const list = await (await fetch(`${base}/api/v1/projects?per_page=1`, { headers: auth })).json();
    const projectId = list.data?.[0]?.id;
    if (!projectId) throw new Error(`the demo customer has no project: ${JSON.stringify(list).slice(0, 200)}`);

    row.hello = await measure('hello', { url: `${base}/bench/hello` });
    row.apiQuote = await measure('api quote', {
      url: `${base}/api/v1/quotes`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        source_language: 'american-english',
        target_languages: ['french', 'german'],
        expertise: 'general',
        word_count: 2500,
      }),
    });
    row.apiProject = await measure('api project', { url: `${base}/api/v1/projects/${projectId}`, headers: auth });
    for (const k of ['apiQuote', 'apiProject']) {
      if (row[k]?.rps && row.hello?.rps) row[k].ratioToHello = round(row[k].rps / row.hello.rps, 3);
    }
    row.loadAfterCalls = loadOf();
    row.webhooks = await benchWebhooks(base, web, auth, projectId);
    row.loadAfterWebhooks = loadOf();
  } finally {
    await started.close();
  }
  return row;
}

async function benchWebhooks(base, web, auth, projectId) {
  /** message id -> times its event arrived; delivery id -> times it arrived */
  const byMessage = new Map();
  const byDelivery = new Map();
  let unreadable = 0;
  let lastAt = 0;
  const receiver = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const delivery = String(req.headers['parlance-delivery']);
      byDelivery.set(delivery, (byDelivery.get(delivery) ?? 0) + 1);
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const messageId = event?.type === 'project.message' ? event.data?.messageId : undefined;
        if (typeof messageId === 'number') byMessage.set(messageId, (byMessage.get(messageId) ?? 0) + 1);
      } catch {
        unreadable++;
      }
      lastAt = Date.now();
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${receiver.address().port}/hooks`;
    const set = await fetch(`${base}/api/2/account/webhook`, {
      method: 'PUT',
      headers: { ...web, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    if (!set.ok) throw new Error(`PUT /api/2/account/webhook answered ${set.status}: ${await set.text()}`);
    console.log(`  webhooks: posting ${EVENTS} project messages through the API (${POSTERS} clients)`);
    const posted = new Set();
    const started = Date.now();
    let next = 0;
    let failed = 0;
    const post = async () => {
      while (next < EVENTS) {
        const n = next++;
        const res = await fetch(`${base}/api/v1/projects/${projectId}/messages`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ body: `Benchmark message ${n}` }),
        });
        const answer = await res.json().catch(() => null);
        if (res.ok && typeof answer?.id === 'number') posted.add(answer.id);
        else failed++;
      }
    };
    await Promise.all(Array.from({ length: POSTERS }, post));
    const postedAt = Date.now();
    const arrived = () => [...posted].filter((id) => byMessage.has(id)).length;
    // the pump sends soon after each commit; wait for the rest (at most 10 minutes)
    const deadline = Date.now() + 10 * 60_000;
    while (arrived() < posted.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const allAt = lastAt || Date.now();
    // keep listening a little: a double would arrive now
    await new Promise((r) => setTimeout(r, QUIET_MS));
    const received = arrived();
    const out = {
      events: posted.size,
      postErrors: failed,
      postSeconds: round((postedAt - started) / 1000, 1),
      deliveredSeconds: round((allAt - started) / 1000, 1),
      afterLastEventSeconds: round(Math.max(0, allAt - postedAt) / 1000, 1),
      deliveriesPerSecond: round(received / Math.max(0.001, (allAt - started) / 1000), 1),
      received,
      lost: posted.size - received,
      doubled: [...byMessage.values()].filter((n) => n > 1).length,
      doubledDeliveryIds: [...byDelivery.values()].filter((n) => n > 1).length,
      unexpected: [...byMessage.keys()].filter((id) => !posted.has(id)).length,
      unreadable,
    };
    console.log(
      `  webhooks   ${out.received}/${out.events} events delivered in ${out.deliveredSeconds} s from the first post (posting took ${out.postSeconds} s; ${out.afterLastEventSeconds} s after the last), lost ${out.lost}, doubled ${out.doubled}${out.postErrors ? `, ${out.postErrors} posts failed` : ''}`,
    );
    return out;
  } finally {
    receiver.close();
  }
}

/** The machine's load averages (1, 5, 15 minutes), as `uptime` prints them. */
function loadOf() {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
}

/** The summary lines of `npm run bench`. */
export function publicApiLines(byEngine) {
  const lines = ['', 'customer API (key path) beside hello:'];
  for (const [engine, row] of Object.entries(byEngine)) {
    if (!row) continue;
    if (row.loadBefore) {
      lines.push(
        `${engine.padEnd(8)}  load average: ${row.loadBefore} before, ${row.loadAfterCalls ?? '-'} after the calls, ${row.loadAfterWebhooks ?? '-'} after the webhooks`,
      );
    }
    for (const [key, label] of [
      ['hello', 'GET /bench/hello'],
      ['apiQuote', 'POST /api/v1/quotes'],
      ['apiProject', 'GET /api/v1/projects/{id}'],
    ]) {
      const r = row[key];
      if (!r?.rps) continue;
      const ratio = r.ratioToHello === undefined ? '' : `  (${r.ratioToHello} of hello)`;
      lines.push(
        `${engine.padEnd(8)}  ${label.padEnd(28)}  ${String(r.rps).padStart(8)} req/s  p99 ${r.p99Ms} ms${ratio}`,
      );
    }
    const w = row.webhooks;
    if (w) {
      lines.push(
        `${engine.padEnd(8)}  webhooks: ${w.received}/${w.events} events delivered ${w.deliveredSeconds} s after the first post (posting took ${w.postSeconds} s; last delivery ${w.afterLastEventSeconds} s after the last post; ${w.deliveriesPerSecond}/s), lost ${w.lost}, doubled ${w.doubled} (delivery ids twice: ${w.doubledDeliveryIds})${w.postErrors ? `, ${w.postErrors} posts failed` : ''}`,
      );
    }
  }
  return lines;
}
