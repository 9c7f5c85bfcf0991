// `npm run report:figures`: the figures of issue 8, from the suites themselves (not a timed test).
// Runs the fuzz suite (FUZZ_SEED / FUZZ_RUNS are passed through) and prints requests sent, 5xx answers,
// undeclared statuses and database changes by refused requests. The money-under-faults run and the
// two-instance run are not built yet (see docs/decisions.md, "Issue 8").
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './start.mjs';

const vitest = join(ROOT, 'node_modules/.bin/vitest');
const run = spawnSync(vitest, ['run', '--config', 'vitest.fuzz.config.ts'], {
  cwd: ROOT,
  encoding: 'utf8',
  env: process.env,
});
const out = `${run.stdout}\n${run.stderr}`;
const line = out.split('\n').find((l) => l.includes('fuzz figures'));
if (!line) {
  console.error(out);
  process.exit(1);
}
const match = line.match(/seed (\d+)\): (\{.*\})/);
const figures = match ? JSON.parse(match[2]) : {};
console.log(`fuzz suite (seed ${match?.[1]}):`);
console.log(`  requests sent            ${figures.requests}`);
console.log(`  5xx answers              ${figures.fiveXx}`);
console.log(`  undeclared statuses      ${figures.undeclared}`);
console.log(`  refused but DB changed   ${figures.dbChanged}`);
console.log('money under faults:        not built yet');
console.log('two instances:             not built yet');
process.exit(run.status ?? 1);
