// The pieces every part of `npm run bench` shares (scripts/bench.mjs and the parts under
// apps/server/scripts/ import them): start a Parlance server as a child process on a free port,
// wait for its health call, sign in as the demo customer, measure a call with autocannon, stop.
// Settings: BENCH_DURATION (s, 5), BENCH_CONNECTIONS (10), BENCH_PROFILE=1 (V8 CPU profiles of the
// servers under bench-results/profiles).
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from './start.mjs';

export const DURATION = Number(process.env.BENCH_DURATION || 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
export const DEMO = { email: 'customer@parlance.test', password: 'Parlance-demo1!' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const LOGIN_BODY = new URLSearchParams({ username: DEMO.email, pwd: DEMO.password }).toString();
const PROFILE_DIR = join(ROOT, 'bench-results/profiles');

/**
 * Starts `src/main.ts` on a free port with a fresh data directory and the demo data, and waits for
 * its health call. `env` adds to or overrides the bench's settings (no captcha, no mail server, no
 * sign-in limit, silent log, the /bench/hello route). Answers the server's address and `close()`,
 * which stops it and removes its data directory.
 * @param {{ databaseUrl?: string, env?: Record<string, string>, dataDir?: string }} [options]
 */
export async function startServer({ databaseUrl = '', env = {}, dataDir, root = ROOT } = {}) {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'parlance-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: '',
      DEMO_DATA: 'true',
      CAPTCHA: 'false',
      AUTH_RATE_LIMIT: '1000000000',
      LOG_LEVEL: 'silent',
      BENCH_ROUTES: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr.on('data', (d) => {
    stderr += d;
  });
  const close = async () => {
    await stop(server);
    if (!dataDir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, server, () => stderr);
    await waitForIdle(server.pid);
  } catch (err) {
    await close();
    throw err;
  }
  /** stops the server and keeps its data directory (the caller removes it) */
  const stopOnly = () => stop(server);
  return { base, server, dataDir: dir, stderr: () => stderr, close, stop: stopOnly };
}

/** One autocannon run after a short warm-up; a run whose answers are not all 2xx is marked. */
export async function measure(name, opts) {
  await autocannon({ ...opts, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION });
  const out = {
    rps: round(r.requests.average, 1),
    p50Ms: r.latency.p50,
    // autocannon's percentiles nearest p95
    p90Ms: r.latency.p90,
    p97_5Ms: r.latency.p97_5,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  const bad = out.non2xx || out.errors ? `  (${out.non2xx} non-2xx, ${out.errors} errors)` : '';
  console.log(`  ${name.padEnd(11)} ${String(out.rps).padStart(9)} req/s   p99 ${out.p99Ms} ms${bad}`);
  if (out.non2xx || out.errors) out.error = 'some answers were not 2xx; the figures are not comparable';
  return out;
}

/** Signs in as the demo customer; answers the Cookie header of the session, checked with the User call. */
export async function signIn(base) {
  const res = await fetch(`${base}/api/2/account/auth/login`, { method: 'POST', headers: FORM, body: LOGIN_BODY });
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='));
  if (!res.ok || !sid) throw new Error(`POST /api/2/account/auth/login answered ${res.status} without a session`);
  const user = await fetch(`${base}/registry/get?data=User`, { headers: { cookie: sid } });
  const body = await user.json().catch(() => null);
  if (!user.ok || !body?.results) throw new Error(`GET /registry/get?data=User answered ${user.status} without a user`);
  return sid;
}

export async function waitForHealth(base, server, stderr) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (code ${server.exitCode}):\n${stderr()}`);
    try {
      const res = await fetch(`${base}/api/2/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer at ${base} within 2 minutes:\n${stderr()}`);
}

/**
 * Waits until the process has used under 5% of a core for a second (at most 60 s): the server
 * answers its health call before the demo data's background work (word counts of its files, the
 * first scheduler run, JIT warm-up) is over, and a figure taken during it measures that work too.
 */
export async function waitForIdle(pid, { maxMs = 60_000 } = {}) {
  const ticks = () => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (1/100 s)
    } catch {
      return null; // not Linux, or the process is gone: nothing to wait for
    }
  };
  const deadline = Date.now() + maxMs;
  let before = ticks();
  while (before !== null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = ticks();
    if (now === null || now - before < 5) return;
    before = now;
  }
}

export function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function round(n, digits) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/**
 * Runs a seed script of apps/server (with tsx) on the given data directory or database, and answers
 * the JSON object it prints last (its counts and seconds). Throws with the script's last lines when
 * it fails.
 * @param {string} script path under apps/server, e.g. 'scripts/bench-projects-seed.ts'
 * @param {Record<string, string>} env DATA_DIR / DATABASE_URL and the seed's own settings
 */
export function runSeed(script, env) {
  const seed = spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: join(ROOT, 'apps/server'),
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 4 * 1024 * 1024,
  });
  const line = seed.stdout.trim().split('\n').pop() ?? '';
  if (seed.status !== 0 || !line.startsWith('{'))
    throw new Error(`seeding failed: ${(seed.stderr || seed.stdout).trim().split('\n').slice(-3).join(' ')}`);
  return JSON.parse(line);
}

/** Adds each measured call's ratio to the hello route of the same server (req/s and p99). */
export function withRatios(row, keys) {
  for (const key of keys) {
    const r = row[key];
    if (!r?.rps || !row.hello?.rps) continue;
    r.ratioToHello = Math.round((r.rps / row.hello.rps) * 1000) / 1000;
    r.p99VsHello = Math.round((r.p99Ms / Math.max(1, row.hello.p99Ms)) * 10) / 10;
  }
}

/** A bare Fastify server on the same database doing the same session lookup (apps/server/scripts/bench-floor.mjs). */
export async function benchFloor(dataDir, databaseUrl, cookie) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const floor = spawn(process.execPath, ['scripts/bench-floor.mjs'], {
    cwd: join(ROOT, 'apps/server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  floor.stderr.on('data', (d) => {
    stderr += d;
  });
  try {
    await waitForHealth(base, floor, () => stderr);
    const out = { hello: await measure('floor hello', { url: `${base}/hello` }) };
    if (cookie) out.user = await measure('floor user', { url: `${base}/user`, headers: { cookie } });
    return out;
  } finally {
    await stop(floor);
  }
}

/** The machine's 1-minute load average, rounded (the machine is shared: report it beside every figure). */
export function loadAverage() {
  return Math.round(loadavg()[0] * 100) / 100;
}

/**
 * POSTs a file on disk as the `file` part of a multipart form, streamed (never whole in memory), with
 * `fields` as text parts before it. Answers { status, body }.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {string} file path of the file to send
 * @param {{ filename: string, contentType?: string, fields?: Record<string, string> }} options
 */
export function postFileStreamed(url, headers, file, { filename, contentType = 'text/plain', fields = {} }) {
  const size = statSync(file).size;
  const boundary = `bench${Date.now()}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}
