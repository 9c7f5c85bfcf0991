// `npm run report:figures`: the robustness figures, from the suites themselves (not timed tests).
// 1. The fuzz suite (FUZZ_SEED / FUZZ_RUNS are passed through): requests sent, 5xx answers, undeclared
//    statuses, database changes by refused requests.
// 2. Money under faults (apps/server/src/platform/ledger/money-faults.test.ts) on PGlite and, when
//    PostgreSQL answers at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), on
//    PostgreSQL: MONEY_OPS operations (default 10,000), MONEY_SEED to replay; operations, retries,
//    faults, 5xx answers, restarts and invariant breaks per engine.
// 3. Two instances on one PostgreSQL (apps/server/src/platform/instances.test.ts): duplicate timed
//    moves and mails when both schedulers run at once.
// FIGURES_ONLY=fuzz,money,instances runs a part. Exits non-zero when any suite failed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT } from './start.mjs';

const vitest = join(ROOT, 'node_modules/.bin/vitest');
const only = (process.env.FIGURES_ONLY || 'fuzz,money,instances').split(',');
const pgUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
let failed = false;

function runVitest(args, env) {
  const run = spawnSync(vitest, ['run', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) failed = true;
  return { out: `${run.stdout}\n${run.stderr}`, status: run.status };
}

function figuresLine(out, marker) {
  const line = out.split('\n').find((l) => l.includes(marker));
  if (!line) return null;
  const match = line.match(/(\{.*\})/);
  return match ? JSON.parse(match[1]) : null;
}

async function postgresAnswers() {
  const c = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

if (only.includes('fuzz')) {
  const { out } = runVitest(['--config', 'vitest.fuzz.config.ts'], {});
  const line = out.split('\n').find((l) => l.includes('fuzz figures'));
  const match = line?.match(/seed (\d+)\): (\{.*\})/);
  const f = match ? JSON.parse(match[2]) : null;
  if (!f) {
    console.error(out.slice(-4000));
    failed = true;
  } else {
    console.log(`fuzz suite (seed ${match[1]}):`);
    console.log(`  requests sent            ${f.requests}`);
    console.log(`  5xx answers              ${f.fiveXx}`);
    console.log(`  undeclared statuses      ${f.undeclared}`);
    console.log(`  refused but DB changed   ${f.dbChanged}`);
  }
}

const onPg = await postgresAnswers();

if (only.includes('money')) {
  const ops = process.env.MONEY_OPS || '10000';
  const engines = [['pglite', { TEST_DATABASE_URL: '' }]];
  if (onPg) engines.push(['postgres', { TEST_DATABASE_URL: pgUrl }]);
  else console.log(`money under faults on PostgreSQL: skipped (nothing answers at ${pgUrl})`);
  for (const [engine, env] of engines) {
    const started = Date.now();
    const { out, status } = runVitest(['apps/server/src/platform/ledger/money-faults.test.ts'], {
      MONEY_OPS: ops,
      ...env,
    });
    const f = figuresLine(out, 'money figures');
    if (!f) {
      console.error(out.slice(-4000));
      console.log(`money under faults (${engine}): no figures (exit ${status})`);
      continue;
    }
    console.log(`money under faults (${engine}, seed ${f.seed}, ${Math.round((Date.now() - started) / 1000)} s):`);
    console.log(`  operations               ${f.operations} (accepted ${f.accepted}, refused ${f.refused})`);
    console.log(`  retries with the same key ${f.retriesSameKey}`);
    console.log(`  retries with a new key   ${f.retriesNewKey}`);
    console.log(`  faults injected          ${f.faults} (5xx answers met: ${f.answers5xx})`);
    console.log(`  server rebuilds          ${f.restarts}`);
    console.log(
      `  invariant breaks         ${f.invariantBreaks}${status === 0 ? '' : ' (the test failed: see above)'}`,
    );
  }
}

if (only.includes('instances')) {
  if (!onPg) {
    console.log(`two instances: skipped (PostgreSQL does not answer at ${pgUrl})`);
  } else {
    const { out, status } = runVitest(['apps/server/src/platform/instances.test.ts'], { TEST_DATABASE_URL: pgUrl });
    const f = figuresLine(out, 'instances figures');
    if (!f) {
      console.error(out.slice(-4000));
      console.log(`two instances: no figures (exit ${status})`);
    } else {
      console.log('two instances on one PostgreSQL, both schedulers at once:');
      console.log(`  timed moves              ${f.timedMoves} (duplicates ${f.duplicateTimedMoves})`);
      console.log(`  mails                    ${f.mails} (duplicates ${f.duplicateMails})`);
      console.log(`  test                     ${status === 0 ? 'passed' : 'FAILED'}`);
    }
  }
}
process.exit(failed ? 1 : 0);
