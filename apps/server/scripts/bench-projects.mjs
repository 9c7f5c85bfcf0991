// The project-list figure of `npm run bench` (called by scripts/bench.mjs with its helpers): a
// server on a database where the demo customer has BENCH_PROJECTS (100,000) projects
// (bench-projects-seed.ts), signed in as that customer, measures
//   hello         GET /bench/hello (the baseline of this server)
//   list          GET /api/2/account/customer-projects?status=COMPLETED&sort=id&order=desc&page=3&perPage=25
//   listSorted    GET /api/2/account/customer-projects?status=IN_PROGRESS&sort=deadline&order=asc&page=2&perPage=25
// Each answer is checked once (rows and totalCount) before it is measured.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const PROJECTS = Number(process.env.BENCH_PROJECTS || 100_000);

export const PROJECT_LIST_CALLS = {
  list: '/api/2/account/customer-projects?status=COMPLETED&sort=id&order=desc&page=3&perPage=25',
  listSorted: '/api/2/account/customer-projects?status=IN_PROGRESS&sort=deadline&order=asc&page=2&perPage=25',
};

/**
 * @param {'pglite' | 'postgres'} engine
 * @param {string} databaseUrl empty for PGlite
 * @param {{ measure: Function, signIn: Function, waitForHealth: Function, stop: Function, freePort: Function }} tools
 */
export async function benchProjectList(engine, databaseUrl, tools) {
  console.log(`\n== ${engine}: customer project list with ${PROJECTS} projects ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-bench-projects-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, BENCH_PROJECTS: String(PROJECTS) };
  const row = { projects: PROJECTS };
  let server = null;
  try {
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-projects-seed.ts'], {
      cwd: SERVER_DIR,
      env,
      encoding: 'utf8',
      maxBuffer: 1024 * 1024,
    });
    const line = seed.stdout.trim().split('\n').pop() ?? '';
    if (seed.status !== 0 || !line.startsWith('{'))
      throw new Error(`seeding failed: ${(seed.stderr || seed.stdout).trim().split('\n').slice(-3).join(' ')}`);
    row.seed = JSON.parse(line);
    console.log(`  seeded ${row.seed.projects} projects in ${row.seed.seconds} s`);

    const port = await tools.freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
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
    await tools.waitForHealth(base, server, () => stderr);
    const cookie = await tools.signIn(base);
    row.hello = await tools.measure('hello', { url: `${base}/bench/hello` });
    for (const [key, path] of Object.entries(PROJECT_LIST_CALLS)) {
      const check = await fetch(`${base}${path}`, { headers: { cookie } });
      const body = await check.json().catch(() => null);
      if (!check.ok || !Array.isArray(body?.data) || body.data.length !== 25 || !(body.totalCount > 0)) {
        throw new Error(`${path} answered ${check.status} without a full page`);
      }
      row[key] = await tools.measure(key, { url: `${base}${path}`, headers: { cookie } });
      row[key].totalCount = body.totalCount;
      if (row[key].rps && row.hello.rps) {
        row[key].ratioToHello = Math.round((row[key].rps / row.hello.rps) * 1000) / 1000;
        row[key].p99VsHello = Math.round((row[key].p99Ms / Math.max(1, row.hello.p99Ms)) * 10) / 10;
      }
    }
  } catch (err) {
    console.log(`  project list bench failed: ${err.message}`);
    row.error = err.message;
  } finally {
    if (server) await tools.stop(server);
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
    for (const key of ['hello', ...Object.keys(PROJECT_LIST_CALLS)]) {
      const r = row[key];
      if (!r) continue;
      const label = key === 'hello' ? 'GET /bench/hello (baseline)' : PROJECT_LIST_CALLS[key];
      const ratio = key === 'hello' ? '1' : `${r.ratioToHello ?? '-'} (p99 x${r.p99VsHello ?? '-'})`;
      const mark = r.error ? '  (not all 2xx)' : '';
      lines.push(
        `  ${engine.padEnd(8)}  ${label.padEnd(92)}  ${String(r.rps).padStart(8)}  ${String(r.p99Ms).padStart(6)}  ${ratio}${mark}`,
      );
    }
  }
  return lines;
}
