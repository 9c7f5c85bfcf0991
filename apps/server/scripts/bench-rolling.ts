// The rolling-restart figures of `npm run bench` (BENCH_ONLY=ops; run by bench-ops.mjs with tsx):
// two server processes on the PostgreSQL of DATABASE_URL (an empty database: the first one migrates
// it and adds the demo data) behind the balancer of src/test/instances.ts, which probes readiness
// every 100 ms and retries refused connections. BENCH_CONNECTIONS (10) callers send the demo
// customer's signed-in `GET /registry/get?data=User` without pause: first BENCH_DURATION (5) seconds
// with both up (the baseline), then while A and then B get SIGTERM (SHUTDOWN_DELAY_MS=1000) and are
// started again. Prints one JSON line: answered, failed, latencies, each stop's and start's time.
import { Balancer, freePort, type Instance, startInstance, steadyLoad } from '../src/test/instances';

const DURATION_S = Number(process.env.BENCH_DURATION || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is not set');
const env = { SHUTDOWN_DELAY_MS: '1000', SHUTDOWN_TIMEOUT_MS: '25000', DEMO_DATA: 'true' };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ports = [await freePort(), await freePort()];
const running: Instance[] = [];
try {
  // one after the other: the first one migrates and seeds
  for (const port of ports) running.push(await startInstance({ port, databaseUrl, env }));
  const login = await fetch(`http://127.0.0.1:${ports[0]}/api/2/account/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'customer@parlance.test', pwd: 'Parlance-demo1!' }).toString(),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error(`sign-in answered ${login.status} without a session`);
  const balancer = new Balancer(ports);
  balancer.start();
  const call = { method: 'GET', path: '/registry/get?data=User', headers: { cookie } };

  const steady = steadyLoad(balancer, call, CONNECTIONS);
  const baselineBegun = performance.now();
  await wait(DURATION_S * 1000);
  const baseline = await steady.stop();
  const baselineSeconds = (performance.now() - baselineBegun) / 1000;

  const during = steadyLoad(balancer, call, CONNECTIONS);
  const rollBegun = performance.now();
  const restarts: { stopMs: number; exitCode: number | null; startMs: number }[] = [];
  for (let i = 0; i < ports.length; i++) {
    await wait(1000);
    const stopped = await running[i].terminate();
    const startBegun = performance.now();
    running[i] = await startInstance({ port: ports[i], databaseUrl, env });
    restarts.push({
      stopMs: stopped.ms,
      exitCode: stopped.code,
      startMs: Math.round(performance.now() - startBegun),
    });
  }
  await wait(1000);
  const rolled = await during.stop();
  const rollSeconds = (performance.now() - rollBegun) / 1000;
  balancer.stop();
  console.log(
    JSON.stringify({
      connections: CONNECTIONS,
      baseline: {
        seconds: Math.round(baselineSeconds * 10) / 10,
        rps: Math.round(baseline.answered / baselineSeconds),
        p50Ms: baseline.p50Ms,
        p99Ms: baseline.p99Ms,
        failed: baseline.failures.length,
      },
      rolling: {
        seconds: Math.round(rollSeconds * 10) / 10,
        answered: rolled.answered,
        rps: Math.round(rolled.answered / rollSeconds),
        failed: rolled.failures.length,
        firstFailures: rolled.failures.slice(0, 3),
        p50Ms: rolled.p50Ms,
        p99Ms: rolled.p99Ms,
        maxMs: rolled.maxMs,
        retriedRefused: balancer.retriedRefused,
        restarts,
      },
    }),
  );
} finally {
  for (const i of running) i.kill();
}
