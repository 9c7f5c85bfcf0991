// A/B of the customer list: seeds the 100,000-project database once per engine, then
// alternates servers started from two checkouts (BENCH_A, BENCH_B: repository roots) on the same data,
// each measured with hello, the two list calls, and the bare floor, so that both sides meet the same
// load of a shared machine. Not part of `npm run bench`; run by hand:
//   BENCH_A=/path/to/before BENCH_B=/path/to/after node scripts/bench-ab.mjs [rounds]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PROJECT_LIST_CALLS } from '../apps/server/scripts/bench-projects.mjs';
import { benchFloor, measure, runSeed, signIn, startServer } from './bench-tools.mjs';

const ROUNDS = Number(process.argv[2] || 2);
const SIDES = { A: process.env.BENCH_A, B: process.env.BENCH_B };
const ENGINES = (process.env.BENCH_ENGINES || 'postgres,pglite').split(',');
const PG_ADMIN_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const results = [];
for (const engine of ENGINES) {
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-ab-'));
  let databaseUrl = '';
  const dbName = `parlance_ab_${Date.now().toString(36)}`;
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  try {
    const seed = runSeed('scripts/bench-projects-seed.ts', { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    console.log(`== ${engine}: seeded ${seed.projects} in ${seed.seconds} s`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [side, root] of Object.entries(SIDES)) {
        const load = loadavg()[0];
        // the checkout's own server, on the shared data (its directory stays for the next side)
        const { base, stop: stopServer } = await startServer({ root, dataDir, databaseUrl });
        const cookie = await signIn(base);
        const row = { engine, side, round, load: Math.round(load * 100) / 100 };
        console.log(`-- ${engine} ${side} round ${round} (load ${row.load})`);
        row.hello = await measure('hello', { url: `${base}/bench/hello` });
        for (const [key, path] of Object.entries(PROJECT_LIST_CALLS)) {
          row[key] = await measure(key, { url: `${base}${path}`, headers: { cookie } });
        }
        await stopServer();
        const floor = await benchFloor(dataDir, databaseUrl, cookie);
        row.floorUser = floor.user;
        row.floorHello = floor.hello;
        results.push(row);
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
}
console.log(
  '\nengine    side round load   hello  list(rps p99 /hello /floorUser)  listSorted(...)  floorUser floorHello',
);
for (const r of results) {
  const f = (x) => `${x.rps} ${x.p99Ms}ms ${(x.rps / r.hello.rps).toFixed(3)} ${(x.rps / r.floorUser.rps).toFixed(3)}`;
  console.log(
    `${r.engine.padEnd(9)} ${r.side}    ${r.round}   ${String(r.load).padEnd(6)} ${r.hello.rps}  ${f(r.list)}  ${f(r.listSorted)}  ${r.floorUser.rps} ${r.floorHello.rps}`,
  );
}
console.log(JSON.stringify(results));
