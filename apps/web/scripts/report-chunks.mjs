// After `vite build`: writes .gz and .br beside each asset (served pre-compressed), and prints
// each chunk's gzipped size plus the JavaScript that the first load of each page needs: the entry
// and its static imports, the page's chunk and its static imports, and for signed-in pages the
// lazily loaded parts of the signed-in shell. Fails when /auth is over the budget; the other pages
// are reported against the same budget (issue 11: they are not within it yet, see docs/decisions.md).
// `--dist DIR` reads another build's output.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? process.argv[distArg + 1] : join(import.meta.dirname, '..', 'dist');
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

// The first load of a page: the entry script, its static imports, and the lazily loaded page chunk
// with its own static imports; signed-in pages also load the signed-in shell's lazy parts.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const closure = (names) => {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name) || !sizes.has(name)) return;
    seen.add(name);
    const code = readFileSync(join(assets, name), 'utf8');
    for (const m of code.matchAll(/from\s*"\.\/([^"]+\.js)"|import\s*"\.\/([^"]+\.js)"/g)) visit(m[1] ?? m[2]);
  };
  names.forEach(visit);
  return seen;
};
const chunk = (base) => [...sizes.keys()].find((n) => n.startsWith(`${base}-`) && n.endsWith('.js'));
const SIGNED_IN_SHELL = ['Sidebar', 'SignedInActions', 'NavMenu'].map(chunk).filter(Boolean);
const PUBLIC_PAGES = new Set(['AuthPage', 'ResetPasswordPage']);
const budget = 170 * 1024;
const pages = [...sizes.keys()]
  .filter((n) => /^[A-Z]\w*Page-[\w-]+\.js$/.test(n))
  .map((n) => n.replace(/-[\w-]+\.js$/, ''))
  .sort();
const firstLoads = pages.map((page) => {
  const files = closure([...entry, chunk(page), ...(PUBLIC_PAGES.has(page) ? [] : SIGNED_IN_SHELL)]);
  return { page, files: files.size, total: [...files].reduce((s, n) => s + sizes.get(n), 0) };
});
console.log(`\nfirst load per page (gzipped JavaScript, budget ${kb(budget)}):`);
for (const f of firstLoads) {
  console.log(`  ${kb(f.total).padStart(9)}  ${f.page} (${f.files} files)${f.total > budget ? '  OVER BUDGET' : ''}`);
}
const auth = firstLoads.find((f) => f.page === 'AuthPage');
if (auth)
  console.log(
    `\nfirst load of /auth: ${kb(auth.total)} of gzipped JavaScript (budget ${kb(budget)}) in ${auth.files} files`,
  );
const over = firstLoads.filter((f) => f.total > budget);
if (over.length) console.log(`pages over the ${kb(budget)} budget: ${over.length} of ${firstLoads.length}`);
if (!auth || auth.total > budget) {
  console.error('over the /auth JavaScript budget');
  process.exitCode = 1;
}
