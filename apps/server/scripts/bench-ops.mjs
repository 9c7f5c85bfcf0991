// The operations figures of `npm run bench` (BENCH_ONLY=ops; PostgreSQL only: they need several
// instances on one database):
//   fan-out  the team chat's live run of bench-chat.mjs with its BENCH_CHAT_CLIENTS (1,000) clients
//            split over two server processes on one PostgreSQL, sends spread over both, so most
//            messages cross instances (LISTEN/NOTIFY): send-to-receipt p50, p95, p99 and the
//            exactly-once counts (archive of BENCH_OPS_ARCHIVE, 1,000, messages: history is not measured),
//            then the same run with every client on one of the two, beside it on the same machine
//   rolling  a rolling restart of two instances under the signed-in User call (bench-rolling.ts):
//            requests answered and failed (the goal: zero), latencies beside a baseline, each
//            instance's stop and start time
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAverage, runSeed, startServer } from '../../../scripts/bench-tools.mjs';
import { liveRun } from './bench-chat.mjs';

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS || 1000);
const ARCHIVE = Number(process.env.BENCH_OPS_ARCHIVE || 1000);

/** The chat's live run over two instances on the database of `databaseUrl` (empty, dropped by the caller). */
export async function benchFanOut(databaseUrl) {
  console.log(`\n== postgres: chat fan-out, ${CLIENTS} live clients over two instances ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parlance-bench-fanout-'));
  const out = join(dataDir, 'bench-chat.json');
  const seedEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    BENCH_CHAT_OUT: out,
    BENCH_CHAT_CLIENTS: String(CLIENTS),
    BENCH_CHAT_MESSAGES: String(ARCHIVE),
  };
  const row = { clients: CLIENTS, instances: 2 };
  const servers = [];
  try {
    row.seed = runSeed('scripts/bench-chat-seed.ts', seedEnv);
    const setup = JSON.parse(readFileSync(out, 'utf8'));
    for (let i = 0; i < 2; i++) servers.push(await startServer({ databaseUrl, env: { BENCH_CHAT_OUT: out } }));
    row.loadBefore = loadAverage();
    row.live = await liveRun(
      servers.map((s) => s.base),
      setup.clients,
    );
    row.loadBetween = loadAverage();
    // the same clients on one instance: the cost of crossing instances, on this machine today
    row.single = await liveRun([servers[0].base], setup.clients);
    row.loadAfter = loadAverage();
    for (const [label, l] of [
      ['2 instances', row.live],
      ['1 instance ', row.single],
    ]) {
      console.log(
        `  live over ${label}: ${l.sent} messages, receipts p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms, p99 ${l.p99Ms} ms; expected ${l.expected}, received ${l.received} (${l.replayed} replayed), missing ${l.missing}, duplicates ${l.duplicates}, out of order ${l.outOfOrder}`,
      );
    }
    console.log(`  load average ${row.loadBefore}, ${row.loadBetween}, ${row.loadAfter}`);
  } catch (err) {
    console.log(`  fan-out bench failed: ${err.message}`);
    row.error = err.message;
  } finally {
    for (const s of servers) await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return row;
}

/** The rolling restart under load (bench-rolling.ts) on the database of `databaseUrl`. */
export async function benchRolling(databaseUrl) {
  console.log('\n== postgres: rolling restart of two instances under the User call ==');
  try {
    const row = runSeed('scripts/bench-rolling.ts', { DATABASE_URL: databaseUrl });
    const r = row.rolling;
    console.log(
      `  baseline ${row.baseline.rps} req/s, p99 ${row.baseline.p99Ms} ms; during the restarts ${r.rps} req/s, p99 ${r.p99Ms} ms, max ${r.maxMs} ms`,
    );
    console.log(
      `  answered ${r.answered}, failed ${r.failed}; stops ${r.restarts.map((x) => `${x.stopMs} ms (exit ${x.exitCode})`).join(', ')}; starts ${r.restarts.map((x) => `${x.startMs} ms`).join(', ')}`,
    );
    return row;
  } catch (err) {
    console.log(`  rolling-restart bench failed: ${err.message}`);
    return { error: err.message };
  }
}

/** Lines of the bench table. */
export function opsLines(ops) {
  if (!ops) return [];
  const lines = ['', 'operations (PostgreSQL, two instances):'];
  const f = ops.fanOut;
  if (f?.error) lines.push(`  chat fan-out failed: ${f.error}`);
  else if (f?.live) {
    const l = f.live;
    lines.push(
      `  chat fan-out, ${f.clients} clients over 2 instances: send-to-receipt p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms, p99 ${l.p99Ms} ms; missing ${l.missing}, duplicates ${l.duplicates}`,
    );
    if (f.single)
      lines.push(
        `  the same on 1 instance:                   send-to-receipt p50 ${f.single.p50Ms} ms, p95 ${f.single.p95Ms} ms, p99 ${f.single.p99Ms} ms (load ${f.loadBefore} -> ${f.loadAfter})`,
      );
  }
  const r = ops.rolling;
  if (r?.error) lines.push(`  rolling restart failed: ${r.error}`);
  else if (r?.rolling) {
    lines.push(
      `  rolling restart under the User call (${r.connections} callers): ${r.rolling.answered} answered, ${r.rolling.failed} failed; p99 ${r.rolling.p99Ms} ms (baseline ${r.baseline.p99Ms} ms)`,
    );
  }
  return lines;
}
