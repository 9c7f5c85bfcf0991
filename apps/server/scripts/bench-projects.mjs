// The project-list figure of `npm run bench` (called by scripts/bench.mjs with its helpers): a
// server on a database where the demo customer has BENCH_PROJECTS (100,000) projects
// (bench-projects-seed.ts), signed in as that customer, measures
//   hello         GET /bench/hello (the baseline of this server)
//   list          GET /api/2/account/customer-projects?status=COMPLETED&sort=id&order=desc&page=3&perPage=25
//   listSorted    GET /api/2/account/customer-projects?status=IN_PROGRESS&sort=deadline&order=asc&page=2&perPage=25
// Each answer is checked once (rows and totalCount) before it is measured. Then, on the same
// database once the server has stopped, the bare floor server (bench-floor.mjs: hello and the same
// session lookup), so that the list's figures read as ratios to hello and to the floor of one run on
// a shared machine; the 1-minute load average is recorded before and after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  benchFloor,
  loadAverage,
  measure,
  runSeed,
  signIn,
  startServer,
  withRatios,
} from '../../../scripts/bench-tools.mjs';

const PROJECTS = Number(process.env.BENCH_PROJECTS || 100_000);

export const PROJECT_LIST_CALLS = {
  list: '/api/2/account/customer-projects?status=COMPLETED&sort=id&order=desc&page=3&perPage=25',
  listSorted: '/api/2/account/customer-projects?status=IN_PROGRESS&sort=deadline&order=asc&page=2&perPage=25',
};

/**
 * @param {'pglite' | 'postgres'} engine
 * @param {string} databaseUrl empty for PGlite
 * @param {unknown} _tools kept for the callers; the pieces come from scripts/bench-tools.mjs
 */
export async function benchProjectList(engine, databaseUrl, _tools) {
  console.log(`\n== ${engine}: customer project list with ${PROJECTS} projects ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-bench-projects-'));
  const seedEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, BENCH_PROJECTS: String(PROJECTS) };
  const row = { projects: PROJECTS };
  let started = null;
  try {
    row.seed = runSeed('scripts/bench-projects-seed.ts', seedEnv);
    console.log(`  seeded ${row.seed.projects} projects in ${row.seed.seconds} s`);

    started = await startServer({ databaseUrl, dataDir, env: seedEnv });
    const { base } = started;
    const cookie = await signIn(base);
    row.loadBefore = loadAverage();
    row.hello = await measure('hello', { url: `${base}/bench/hello` });
    for (const [key, path] of Object.entries(PROJECT_LIST_CALLS)) {
      const check = await fetch(`${base}${path}`, { headers: { cookie } });
      const body = await check.json().catch(() => null);
      if (!check.ok || !Array.isArray(body?.data) || body.data.length !== 25 || !(body.totalCount > 0)) {
        throw new Error(`${path} answered ${check.status} without a full page`);
      }
      row[key] = await measure(key, { url: `${base}${path}`, headers: { cookie } });
      row[key].totalCount = body.totalCount;
    }
    await started.stop();
    started = null;
    const floor = await benchFloor(dataDir, databaseUrl, cookie);
    row.floorHello = floor.hello;
    row.floorUser = floor.user;
    row.loadAfter = loadAverage();
    withRatios(row, Object.keys(PROJECT_LIST_CALLS));
    for (const key of Object.keys(PROJECT_LIST_CALLS)) {
      if (row[key]?.rps && row.floorUser?.rps)
        row[key].ratioToFloorUser = Math.round((row[key].rps / row.floorUser.rps) * 1000) / 1000;
    }
  } catch (err) {
    console.log(`  project list bench failed: ${err.message}`);
    row.error = err.message;
  } finally {
    if (started) await started.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return row;
}

/** Lines of the bench table for the project-list figures. */
export function projectListLines(byEngine) {
  const lines = ['', `customer project list, ${PROJECTS} projects of one customer (req/s, p99 ms, vs hello):`];
  for (const [engine, row] of Object.entries(byEngine ?? {})) {
    if (!row) continue;
    if (row.error) {
      lines.push(`  ${engine.padEnd(8)}  failed: ${row.error}`);
      continue;
    }
    lines.push(`  ${engine.padEnd(8)}  load average ${row.loadBefore ?? '-'} before, ${row.loadAfter ?? '-'} after`);
    const labels = {
      hello: 'GET /bench/hello (baseline)',
      floorHello: 'floor: bare Fastify hello',
      floorUser: 'floor: bare Fastify session lookup',
      ...PROJECT_LIST_CALLS,
    };
    for (const key of ['hello', 'floorHello', 'floorUser', ...Object.keys(PROJECT_LIST_CALLS)]) {
      const r = row[key];
      if (!r) continue;
      const label = labels[key];
      const ratio =
        key in PROJECT_LIST_CALLS
          ? `${r.ratioToHello ?? '-'} (p99 x${r.p99VsHello ?? '-'}), ${r.ratioToFloorUser ?? '-'} of floor user`
          : key === 'hello'
            ? '1'
            : '';
      const mark = r.error ? '  (not all 2xx)' : '';
      lines.push(
        `  ${engine.padEnd(8)}  ${label.padEnd(92)}  ${String(r.rps).padStart(8)}  ${String(r.p99Ms).padStart(6)}  ${ratio}${mark}`,
      );
    }
  }
  return lines;
}
