// The language-manager dashboard figure of `npm run bench` (called by scripts/bench.mjs with its
// helpers): a server on a database with BENCH_LM_PROJECTS (1,000,000) projects (bench-lm-seed.ts),
// signed in as the demo language manager with the bearer token the web app sends, measures
//   hello       GET /bench/hello (the baseline of this server)
//   dashboard   the main screen's 8 data calls (7 tiles and available translators) sent together,
//               as the page sends them: the latency of the slowest of the 8, per screen load
//   tiles       the same 8 calls one by one (autocannon cycling through them): per call
//   table       GET /api/2/project/list?workflow_status=2&sort=word_count&order=desc&page=2
// all with the default date range of the screen (the last 6 months). Each answer is checked once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure, runSeed, startServer, withRatios } from '../../../scripts/bench-tools.mjs';

const PROJECTS = Number(process.env.BENCH_LM_PROJECTS || 1_000_000);
const LM = { username: 'lm@parlance.test', pwd: 'Parlance-demo1!' };
const TILE_CALLS = ['in-progress', 'waiting', 'low-quality', 'low-qa', 'low-ll', 'delayed', 'expired'];

function range() {
  const to = Math.floor(Date.now() / 1000);
  return `date_from=${to - 182 * 86400}&date_to=${to}`;
}

export function dashboardPaths() {
  const r = range();
  return [
    ...TILE_CALLS.map((t) => `/api/2/dashboard/projects/${t}?${r}`),
    `/api/2/dashboard/users/available-translators?${r}`,
  ];
}
export const tablePath = () => `/api/2/project/list?workflow_status=2&sort=word_count&order=desc&page=2&${range()}`;

/**
 * @param {'pglite' | 'postgres'} engine
 * @param {string} databaseUrl empty for PGlite
 * @param {unknown} _tools kept for the callers; the pieces come from scripts/bench-tools.mjs
 */
export async function benchLmDashboard(engine, databaseUrl, _tools, opts = {}) {
  console.log(`\n== ${engine}: language-manager dashboard with ${PROJECTS} projects ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-bench-lm-'));
  const seedEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, BENCH_LM_PROJECTS: String(PROJECTS) };
  const row = { projects: PROJECTS };
  let started = null;
  try {
    row.seed = runSeed('scripts/bench-lm-seed.ts', seedEnv);
    console.log(`  seeded ${row.seed.projects} projects in ${row.seed.seconds} s`);

    started = await startServer({ databaseUrl, dataDir, env: seedEnv });
    const { base } = started;
    const headers = { authorization: `Bearer ${await bearerOf(base)}` };
    for (const path of [...dashboardPaths(), tablePath()]) {
      const res = await fetch(`${base}${path}`, { headers });
      const body = await res.json().catch(() => null);
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
    }
    const table = await (await fetch(`${base}${tablePath()}`, { headers })).json();
    if (table.data?.length !== 30) throw new Error(`the table page has ${table.data?.length} rows, not 30`);
    row.tableTotal = table.totalCount;

    row.hello = await measure('hello', { url: `${base}/bench/hello` });
    row.dashboard = await screenLoads(base, headers, opts.durationSeconds ?? Number(process.env.BENCH_DURATION || 5));
    console.log(
      `  dashboard (8 calls together)  ${row.dashboard.loadsPerSecond} loads/s   p99 ${row.dashboard.p99Ms} ms`,
    );
    row.tiles = await measure('tiles', {
      url: base,
      headers,
      requests: dashboardPaths().map((path) => ({ method: 'GET', path })),
    });
    row.table = await measure('table', { url: `${base}${tablePath()}`, headers });
    withRatios(row, ['tiles', 'table']);
    row.dashboard.p99VsHello = Math.round((row.dashboard.p99Ms / Math.max(1, row.hello.p99Ms)) * 10) / 10;
  } catch (err) {
    console.log(`  language-manager dashboard bench failed: ${err.message}`);
    row.error = err.message;
  } finally {
    if (started) await started.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return row;
}

/** Signs in as the demo language manager and answers the bearer token of GET /api/2/auth/token. */
async function bearerOf(base) {
  const login = await fetch(`${base}/api/2/account/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(LM).toString(),
  });
  const sid = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='));
  if (!login.ok || !sid) throw new Error(`the language manager could not sign in (${login.status})`);
  const token = await fetch(`${base}/api/2/auth/token`, { headers: { cookie: sid } });
  const body = await token.json();
  if (!token.ok) throw new Error(`GET /api/2/auth/token answered ${token.status}`);
  return body.results.jwt.access_token;
}

/**
 * Whole screen loads: 10 simulated screens, each sending the 8 calls at once and starting again
 * when the last answer is in; the latency of a load is that of its slowest call.
 */
async function screenLoads(base, headers, seconds) {
  const paths = dashboardPaths();
  const latencies = [];
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  const screen = async () => {
    while (Date.now() < until) {
      const started = performance.now();
      const answers = await Promise.all(
        paths.map((p) => fetch(`${base}${p}`, { headers }).then((r) => r.arrayBuffer().then(() => r.ok))),
      );
      if (answers.some((ok) => !ok)) failed += 1;
      latencies.push(performance.now() - started);
    }
  };
  // warm-up, then the measured run
  await Promise.all(paths.map((p) => fetch(`${base}${p}`, { headers }).then((r) => r.arrayBuffer())));
  await Promise.all(Array.from({ length: 10 }, screen));
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  return {
    loads: latencies.length,
    loadsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    failed,
    ...(failed ? { error: 'some answers were not 2xx; the figures are not comparable' } : {}),
  };
}

/** Lines of the bench table for the dashboard figures. */
export function lmDashboardLines(byEngine) {
  const lines = ['', `language-manager dashboard, ${PROJECTS} projects (req/s, p99 ms, vs hello):`];
  for (const [engine, row] of Object.entries(byEngine ?? {})) {
    if (!row) continue;
    if (row.error) {
      lines.push(`  ${engine.padEnd(8)}  failed: ${row.error}`);
      continue;
    }
    const put = (label, rps, p99, ratio) =>
      lines.push(
        `  ${engine.padEnd(8)}  ${label.padEnd(64)}  ${String(rps).padStart(8)}  ${String(p99).padStart(6)}  ${ratio}`,
      );
    put('GET /bench/hello (baseline)', row.hello.rps, row.hello.p99Ms, '1');
    put(
      'dashboard screen: the 8 tile calls together (loads/s)',
      row.dashboard.loadsPerSecond,
      row.dashboard.p99Ms,
      `p99 x${row.dashboard.p99VsHello}`,
    );
    put(
      'the 8 tile calls one by one',
      row.tiles.rps,
      row.tiles.p99Ms,
      `${row.tiles.ratioToHello} (p99 x${row.tiles.p99VsHello})`,
    );
    put(
      `one project-table page (${row.tableTotal} waiting)`,
      row.table.rps,
      row.table.p99Ms,
      `${row.table.ratioToHello} (p99 x${row.table.p99VsHello})`,
    );
  }
  return lines;
}
