// `npm test`: every check of the project in order, stopping at the first that fails, with the time
// each part took (CI prints the same table, so a part that grows is seen at once).
//   node scripts/test.mjs            all parts
//   node scripts/test.mjs unit e2e   only the parts named
import { spawnSync } from 'node:child_process';

const PARTS = [
  ['lint', 'npm run -s lint'],
  ['typecheck', 'npm run -s typecheck'],
  ['openapi', 'npm run -s lint:openapi'],
  ['unit', 'npm run -s test:unit'],
  ['fuzz', 'npm run -s test:fuzz'],
  ['build', 'npm run -s build'],
  ['e2e', 'npm run -s test:e2e'],
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !PARTS.some(([part]) => part === name));
if (unknown.length) {
  console.error(`unknown part ${unknown.join(', ')}; the parts are ${PARTS.map(([p]) => p).join(', ')}`);
  process.exit(2);
}
const times = [];
let failed = null;
for (const [name, command] of PARTS) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n── ${name}: ${command}`);
  const start = performance.now();
  const { status, signal } = spawnSync(command, { stdio: 'inherit', shell: true });
  times.push([name, (performance.now() - start) / 1000]);
  if (status !== 0) {
    failed = `${name} failed (${signal ?? `exit ${status}`})`;
    break;
  }
}
const total = times.reduce((sum, [, s]) => sum + s, 0);
console.log('\n── time per part');
for (const [name, seconds] of times) console.log(`${name.padEnd(10)} ${seconds.toFixed(1).padStart(7)} s`);
console.log(`${'total'.padEnd(10)} ${total.toFixed(1).padStart(7)} s`);
if (failed) {
  console.error(`\n${failed}`);
  process.exit(1);
}
