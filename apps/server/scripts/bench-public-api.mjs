// `npm run bench` (BENCH_ONLY=public-api): the customer API (issue 17). Starts a server on the engine
// with the demo data, makes the demo customer an API key, and measures with autocannon, beside the
// bare hello route of the same server:
//   api quote    POST /api/v1/quotes through the key path (authenticate, rate limit, price)
//   api project  GET /api/v1/projects/{id} of a demo project through the key path
// Then webhook delivery: a local receiver (http, 2xx), 10,000 project messages posted through the
// API (each one a webhook outbox row in its transaction), and the time until the receiver has seen
// all of them: none lost (every delivery id arrived) and none doubled (no id twice).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../..');
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS || 10_000);
const DEMO = { email: 'customer@parlance.test', password: 'Parlance-demo1!' };

export async function benchPublicApi(engine, databaseUrl, tools) {
  const { measure, signIn, waitForHealth, stop, freePort } = tools;
  console.log(`\n== customer API (${engine}) ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-bench-api-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(ROOT, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: '',
      DEMO_DATA: 'true',
      CAPTCHA: 'false',
      AUTH_RATE_LIMIT: '1000000000',
      API_RATE_LIMIT: '1000000000',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'silent',
      BENCH_HELLO: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr.on('data', (d) => {
    stderr += d;
  });
  const row = {};
  try {
    await waitForHealth(base, server, () => stderr);
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
      if (row[k]?.rps && row.hello?.rps) row[k].ratioToHello = Math.round((row[k].rps / row.hello.rps) * 1000) / 1000;
    }
    row.webhooks = await benchWebhooks(base, web, auth, projectId);
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return row;
}

async function benchWebhooks(base, web, auth, projectId) {
  const seen = new Map();
  let lastAt = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['parlance-delivery']);
      seen.set(id, (seen.get(id) ?? 0) + 1);
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
    console.log(`  webhooks: posting ${EVENTS} project messages through the API`);
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
        if (!res.ok) failed++;
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 10 }, post));
    const posted = Date.now();
    const expected = EVENTS - failed;
    // the deliveries go out on the scheduler's tick; nudge it as the profile's resend would not
    const deadline = Date.now() + 10 * 60_000;
    while (seen.size < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const doubled = [...seen.values()].filter((n) => n > 1).length;
    const out = {
      events: expected,
      postSeconds: Math.round((posted - started) / 100) / 10,
      deliveredSeconds: Math.round(((lastAt || Date.now()) - started) / 100) / 10,
      afterLastEventSeconds: Math.round(((lastAt || Date.now()) - posted) / 100) / 10,
      received: seen.size,
      lost: expected - seen.size,
      doubled,
      postErrors: failed,
    };
    console.log(
      `  webhooks   ${out.received}/${out.events} delivered in ${out.deliveredSeconds} s from the first event (${out.afterLastEventSeconds} s after the last), lost ${out.lost}, doubled ${out.doubled}`,
    );
    return out;
  } finally {
    receiver.close();
  }
}

/** The summary lines of `npm run bench`. */
export function publicApiLines(byEngine) {
  const lines = ['', 'customer API (key path) beside hello:'];
  for (const [engine, row] of Object.entries(byEngine)) {
    if (!row) continue;
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
        `${engine.padEnd(8)}  webhooks: ${w.received}/${w.events} delivered ${w.deliveredSeconds} s after the first event (${w.afterLastEventSeconds} s after the last), lost ${w.lost}, doubled ${w.doubled}`,
      );
    }
  }
  return lines;
}
