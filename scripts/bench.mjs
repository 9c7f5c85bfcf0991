// `npm run bench`: the figures of the foundation issue. For each database engine (embedded PGlite,
// and PostgreSQL when one answers) it starts the server as a child process on a free port with a
// fresh data directory and demo data, signs in as the demo customer, and measures with autocannon
// (10 connections, 5 s each, after a 1 s warm-up):
//   hello  GET /bench/hello, a bare route of the same server (BENCH_HELLO=1): the baseline
//   user   GET /registry/get?data=User, signed in
//   login  POST /api/2/account/auth/login, form-encoded demo credentials (argon2id on every call)
// Then the gzipped JavaScript of the first load of /auth, as the web build reports it.
// Prints a table and writes bench-results/latest.json. Settings: BENCH_DURATION (s),
// BENCH_CONNECTIONS, BENCH_PG_URL (an administrator URL; default postgres://postgres@127.0.0.1:5432/postgres).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureWebBuild, ROOT } from './start.mjs';

const DURATION = Number(process.env.BENCH_DURATION || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const PG_ADMIN_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DEMO = { email: 'customer@parlance.test', password: 'Parlance-demo1!' };
const LOGIN_BODY = new URLSearchParams({ username: DEMO.email, pwd: DEMO.password }).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  engines: {},
  web: null,
};

results.engines.pglite = await benchEngine('pglite');
if (await postgresAnswers()) {
  const name = `parlance_bench_${Date.now().toString(36)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    results.engines.postgres = await benchEngine('postgres', url.toString());
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
} else {
  console.log(`\nPostgreSQL does not answer at ${redact(PG_ADMIN_URL)}: PGlite only.`);
}
results.web = authFirstLoad();

printTable();
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwritten to bench-results/latest.json');

/** Starts a server on the engine, measures the three calls, stops it. */
async function benchEngine(engine, databaseUrl = '') {
  console.log(`\n== ${engine} ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-bench-'));
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
    row.hello = await measure('hello', { url: `${base}/bench/hello` });
    let cookie = null;
    try {
      cookie = await signIn(base);
    } catch (err) {
      console.log(`  sign-in failed: ${err.message}`);
      row.user = { error: err.message };
    }
    if (cookie) row.user = await measure('user', { url: `${base}/registry/get?data=User`, headers: { cookie } });
    row.login = await measure('login', {
      url: `${base}/api/2/account/auth/login`,
      method: 'POST',
      headers: FORM,
      body: LOGIN_BODY,
    });
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const key of ['user', 'login']) {
    if (row[key]?.rps && row.hello?.rps) row[key].ratioToHello = round(row[key].rps / row.hello.rps, 3);
  }
  return row;
}

/** One autocannon run after a short warm-up; a run whose answers are not all 2xx is marked. */
async function measure(name, opts) {
  await autocannon({ ...opts, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION });
  const out = {
    rps: round(r.requests.average, 1),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  const bad = out.non2xx || out.errors ? `  (${out.non2xx} non-2xx, ${out.errors} errors)` : '';
  console.log(`  ${name.padEnd(6)} ${String(out.rps).padStart(9)} req/s   p99 ${out.p99Ms} ms${bad}`);
  if (out.non2xx || out.errors) out.error = 'some answers were not 2xx; the figures are not comparable';
  return out;
}

/** Signs in as the demo customer; answers the Cookie header of the session, checked with the User call. */
async function signIn(base) {
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

async function waitForHealth(base, server, stderr) {
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

function stop(child) {
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

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function postgresAnswers() {
  try {
    await adminQuery('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Builds the web app when stale, then reads the first-load figure from its chunk report. */
function authFirstLoad() {
  console.log('\n== web ==');
  try {
    ensureWebBuild({ quiet: true });
  } catch (err) {
    console.log(`  ${err.message}`);
    return { error: err.message };
  }
  const report = spawnSync(process.execPath, ['apps/web/scripts/report-chunks.mjs'], { cwd: ROOT, encoding: 'utf8' });
  const m = report.stdout.match(/first load of \/auth: ([\d.]+) kB .*?\(budget ([\d.]+) kB\) in (\d+) files/);
  if (!m) return { error: `no figure in the chunk report:\n${report.stdout}${report.stderr}` };
  const web = { authFirstLoadGzipKb: Number(m[1]), budgetKb: Number(m[2]), files: Number(m[3]) };
  web.withinBudget = web.authFirstLoadGzipKb <= web.budgetKb;
  console.log(`  first load of /auth: ${m[1]} kB gzipped JavaScript in ${m[3]} files (budget ${m[2]} kB)`);
  return web;
}

function printTable() {
  const lines = [
    '',
    `Parlance benchmark: ${CONNECTIONS} connections, ${DURATION} s per call, ${results.cpus}, Node ${process.version}`,
    '',
    `${'engine'.padEnd(8)}  ${'call'.padEnd(40)}  ${'req/s'.padStart(8)}  ${'p99 ms'.padStart(7)}  ${'vs hello'.padStart(8)}`,
    `${'-'.repeat(8)}  ${'-'.repeat(40)}  ${'-'.repeat(8)}  ${'-'.repeat(7)}  ${'-'.repeat(8)}`,
  ];
  const calls = [
    ['hello', 'GET /bench/hello (baseline)'],
    ['user', 'GET /registry/get?data=User (signed in)'],
    ['login', 'POST /api/2/account/auth/login'],
  ];
  for (const [engine, row] of Object.entries(results.engines)) {
    for (const [key, label] of calls) {
      const r = row[key];
      if (!r) continue;
      if (r.rps === undefined) {
        lines.push(`${engine.padEnd(8)}  ${label.padEnd(40)}  ${'failed'.padStart(8)}  ${r.error}`);
        continue;
      }
      const ratio = key === 'hello' ? '1' : r.ratioToHello === undefined ? '-' : `${r.ratioToHello}`;
      const mark = r.error ? '  (not all 2xx)' : '';
      lines.push(
        `${engine.padEnd(8)}  ${label.padEnd(40)}  ${String(r.rps).padStart(8)}  ${String(r.p99Ms).padStart(7)}  ${ratio.padStart(8)}${mark}`,
      );
    }
  }
  const web = results.web;
  lines.push('');
  if (web?.authFirstLoadGzipKb !== undefined) {
    const verdict = web.withinBudget ? 'within' : 'OVER';
    lines.push(`/auth first load: ${web.authFirstLoadGzipKb} kB gzipped JS (${verdict} the ${web.budgetKb} kB budget)`);
  } else {
    lines.push(`/auth first load: unavailable (${web?.error?.split('\n')[0].replace(/:$/, '')}; see above)`);
  }
  console.log(lines.join('\n'));
}

function round(n, digits) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function redact(url) {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
