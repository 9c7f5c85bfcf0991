// The money figures of `npm run bench` (called by scripts/bench.mjs with its helpers;
// BENCH_ONLY=money runs only this part): a server on a database seeded by bench-money-seed.ts
// (100,000 ledger rows on the demo customer's credits, 50,000 payout requests), measures
//   hello       GET /bench/hello (the baseline of this server)
//   statement   GET /api/2/account/statement/get over a year (every row's running balance), page 1 of 25
//   filtered    the same with action_type=order_payment, page 40
// and streams the admin's /convert CSV of all 50,000 requests once, sampling the server's memory
// (VmRSS, every 10 ms): the peak above idle is the figure (target under +100 MB).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_LEDGER_ROWS || 100_000);
const CONVERT = Number(process.env.BENCH_CONVERT_ROWS || 50_000);
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export const MONEY_CALLS = {
  statement: () => `/api/2/account/statement/get?date_from=${day(-365)}&date_to=${day(0)}&cpage=1&limit=25`,
  filtered: () =>
    `/api/2/account/statement/get?date_from=${day(-365)}&date_to=${day(0)}&action_type=order_payment&cpage=40&limit=25`,
};

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
};

async function signInAdmin(base) {
  const body = new URLSearchParams({ username: 'admin@parlance.test', pwd: 'Parlance-demo1!' }).toString();
  const res = await fetch(`${base}/api/2/account/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='));
  if (!res.ok || !sid) throw new Error(`admin sign-in answered ${res.status}`);
  return sid;
}

/** Streams the CSV, sampling the server's memory; answers lines, MB, seconds and memory figures. */
async function csvMemory(base, pid) {
  const cookie = await signInAdmin(base);
  await new Promise((r) => setTimeout(r, 1000));
  const idleMb = rssMb(pid);
  let peakMb = idleMb;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 10);
  const started = Date.now();
  try {
    const res = await fetch(
      `${base}/api/2/admin/convert/requests/downloads/csv?from=2000-01-01&to=2100-01-01&perPage=all`,
      {
        headers: { cookie },
      },
    );
    if (!res.ok) throw new Error(`the CSV answered ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines += 1;
    }
    return {
      rows: lines - 1,
      mb: Math.round((bytes / 1024 / 1024) * 10) / 10,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      idleMb,
      peakMb,
      peakAboveIdleMb: peakMb - idleMb,
    };
  } finally {
    clearInterval(timer);
  }
}

/**
 * @param {'pglite' | 'postgres'} engine
 * @param {string} databaseUrl empty for PGlite
 * @param {{ measure: Function, signIn: Function, waitForHealth: Function, stop: Function, freePort: Function }} tools
 */
export async function benchMoney(engine, databaseUrl, tools) {
  console.log(`\n== ${engine}: statement over ${ROWS} ledger rows, /convert CSV of ${CONVERT} requests ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-bench-money-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  const row = { ledgerRows: ROWS, convertRows: CONVERT };
  let server = null;
  try {
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-money-seed.ts'], {
      cwd: SERVER_DIR,
      env,
      encoding: 'utf8',
      maxBuffer: 1024 * 1024,
    });
    const line = seed.stdout.trim().split('\n').pop() ?? '';
    if (seed.status !== 0 || !line.startsWith('{'))
      throw new Error(`seeding failed: ${(seed.stderr || seed.stdout).trim().split('\n').slice(-3).join(' ')}`);
    row.seed = JSON.parse(line);
    console.log(`  seeded in ${row.seed.seconds} s`);

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
        BENCH_ROUTES: 'true',
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
    for (const [key, pathOf] of Object.entries(MONEY_CALLS)) {
      const path = pathOf();
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
    row.csv = await csvMemory(base, server.pid);
    console.log(
      `  csv         ${row.csv.rows} rows, ${row.csv.mb} MB in ${row.csv.seconds} s; memory ${row.csv.idleMb} MB idle, peak ${row.csv.peakMb} MB (+${row.csv.peakAboveIdleMb} MB)`,
    );
  } catch (err) {
    console.log(`  money bench failed: ${err.message}`);
    row.error = err.message;
  } finally {
    if (server) await tools.stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return row;
}

/** Lines of the bench table for the money figures. */
export function moneyLines(byEngine) {
  const lines = ['', `statement over ${ROWS} ledger rows of one account (req/s, p99 ms, vs hello):`];
  for (const [engine, row] of Object.entries(byEngine ?? {})) {
    if (!row) continue;
    if (row.error) {
      lines.push(`  ${engine.padEnd(8)}  failed: ${row.error}`);
      continue;
    }
    for (const key of ['hello', ...Object.keys(MONEY_CALLS)]) {
      const r = row[key];
      if (!r) continue;
      const label = key === 'hello' ? 'GET /bench/hello (baseline)' : `${key}: ${MONEY_CALLS[key]().split('?')[0]}`;
      const ratio = key === 'hello' ? '1' : `${r.ratioToHello ?? '-'} (p99 x${r.p99VsHello ?? '-'})`;
      lines.push(
        `  ${engine.padEnd(8)}  ${label.padEnd(56)}  ${String(r.rps).padStart(8)}  ${String(r.p99Ms).padStart(6)}  ${ratio}${r.error ? '  (not all 2xx)' : ''}`,
      );
    }
    if (row.csv) {
      lines.push(
        `  ${engine.padEnd(8)}  /convert CSV: ${row.csv.rows} rows, ${row.csv.mb} MB in ${row.csv.seconds} s; server memory +${row.csv.peakAboveIdleMb} MB above idle (${row.csv.idleMb} -> ${row.csv.peakMb} MB; target under +100 MB)`,
      );
    }
  }
  return lines;
}
