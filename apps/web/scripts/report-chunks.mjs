// After `vite build`: writes .gz and .br beside each asset (served pre-compressed), and prints
// each chunk's gzipped size plus the JavaScript that the first load of /auth needs.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const assets = join(dist, 'assets');
const sizes = new Map();
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const body = readFileSync(join(assets, name));
  const gz = gzipSync(body, { level: 9 });
  writeFileSync(join(assets, `${name}.gz`), gz);
  writeFileSync(join(assets, `${name}.br`), brotliCompressSync(body));
  sizes.set(name, gz.length);
}
for (const f of ['index.html', 'favicon.svg']) {
  const p = join(dist, f);
  if (statSync(p, { throwIfNoEntry: false })) writeFileSync(`${p}.gz`, gzipSync(readFileSync(p), { level: 9 }));
}
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log('\nchunk sizes (gzip):');
for (const [name, size] of [...sizes].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${name}`);

// The first load of /auth: the entry script, its static imports, and the lazily loaded page chunk.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const seen = new Set();
const visit = (name) => {
  if (seen.has(name) || !sizes.has(name)) return;
  seen.add(name);
  const code = readFileSync(join(assets, name), 'utf8');
  for (const m of code.matchAll(/from\s*"\.\/([^"]+\.js)"|import\s*"\.\/([^"]+\.js)"/g)) visit(m[1] ?? m[2]);
};
entry.forEach(visit);
const authPage = [...sizes.keys()].find((n) => /^AuthPage-.*\.js$/.test(n));
if (authPage) visit(authPage);
const total = [...seen].reduce((s, n) => s + sizes.get(n), 0);
const budget = 170 * 1024;
console.log(`\nfirst load of /auth: ${kb(total)} of gzipped JavaScript (budget ${kb(budget)}) in ${seen.size} files`);
if (total > budget) {
  console.error('over the /auth JavaScript budget');
  process.exitCode = 1;
}
