// After `vite build`: writes .gz and .br beside each asset (served pre-compressed), and prints
// each chunk's gzipped size plus the JavaScript that the first load of each page needs: the entry
// and its static imports, the page's chunk and its static imports, and for signed-in pages the
// lazily loaded parts of the signed-in shell that every signed-in page shows. Fails when /auth is
// over 170 kB or any other page over 225 kB (ADR 0040), or over its
// recorded ceiling in bundle-budget.json (its size when recorded plus 2 kB), or has none; and when
// Preact is found in the build (the app runs on React; a library pulling Preact in is a mistake).
// `--dist DIR` reads another build's output; `--record` rewrites bundle-budget.json with every
// page's size now plus 2 kB (a deliberate step: say why in the commit).
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
  if (!statSync(p, { throwIfNoEntry: false })) continue;
  writeFileSync(`${p}.gz`, gzipSync(readFileSync(p), { level: 9 }));
  writeFileSync(`${p}.br`, brotliCompressSync(readFileSync(p)));
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
const baseOf = (name) => name.replace(/-[\w-]+\.js$/, '');
const dynamicImports = (name) =>
  [...readFileSync(join(assets, name), 'utf8').matchAll(/import\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g)].map(
    (m) => m[1],
  );
// What every signed-in page shows at once: the docked sidebar and the header's actions. The phone
// drawer (SidebarDrawer) and the header menus (NavMenu, MobileNavMenu) load when opened.
const SIGNED_IN_SHELL = ['Sidebar', 'SignedInActions'].map(chunk).filter(Boolean);
const PUBLIC_PAGES = new Set(['AuthPage', 'ResetPasswordPage']);
const AUTH_BUDGET = 170 * 1024;
const WITHIN = 225 * 1024;

// The pages: the chunks the router (in the entry) imports lazily, named …Page or …Route; a route
// chunk that itself picks a page by role (MyProjectsRoute) stands for the pages it imports.
const entryFiles = closure(entry);
const pageLoads = new Map(); // page name -> the chunks that start its first load
for (const file of entryFiles) {
  for (const target of dynamicImports(file)) {
    const base = baseOf(target);
    if (!/^[A-Z]\w*(Page|Route)$/.test(base) || pageLoads.has(base)) continue;
    const children = base.endsWith('Route')
      ? dynamicImports(target).filter((t) => /Page$/.test(baseOf(t)) && !entryFiles.has(t))
      : [];
    const routedPages = children.filter((t) => !dynamicImports(file).includes(t));
    if (routedPages.length > 0) {
      for (const t of routedPages) pageLoads.set(baseOf(t), [target, t]);
    } else pageLoads.set(base, [target]);
  }
}
const firstLoads = [...pageLoads]
  .sort((a, b) => a[0].localeCompare(b[0]))
  .map(([page, starts]) => {
    const files = closure([...entry, ...starts, ...(PUBLIC_PAGES.has(page) ? [] : SIGNED_IN_SHELL)]);
    return { page, files: files.size, total: [...files].reduce((s, n) => s + sizes.get(n), 0) };
  });

const budgetFile = join(import.meta.dirname, '..', 'bundle-budget.json');
if (process.argv.includes('--record')) {
  const ceilings = Object.fromEntries(
    firstLoads.filter((f) => f.page !== 'AuthPage').map((f) => [f.page, Math.ceil(f.total / 1024 + 2)]),
  );
  const recorded = {
    $comment:
      'Ceiling of each page’s first load, in kB of gzipped JavaScript (apps/web/scripts/report-chunks.mjs; /auth is held to 170 there). Recorded as the size plus 2 kB by `node scripts/report-chunks.mjs --record` after a build; lower a ceiling when a page shrinks, raise one only with a reason in the commit.',
    ceilings,
  };
  writeFileSync(budgetFile, `${JSON.stringify(recorded, null, 2)}\n`);
  console.log(`\nrecorded ${Object.keys(ceilings).length} ceilings in ${budgetFile}`);
}
const ceilings = JSON.parse(readFileSync(budgetFile, 'utf8')).ceilings;

const problems = [];
// Preact's own marks: its package path and the option hooks only Preact's source names.
const preactMark = /node_modules\/preact\/|preact\/compat|__PREACT_DEVTOOLS__/;
for (const name of sizes.keys()) {
  if (name.endsWith('.js') && preactMark.test(readFileSync(join(assets, name), 'utf8')))
    problems.push(`${name} contains Preact; the app runs on React (ADR 0040)`);
}
console.log(
  '\nfirst load per page (gzipped JavaScript; /auth at most 170 kB, every page at most 225 kB and at most its ceiling):',
);
for (const f of firstLoads) {
  const ceiling = f.page === 'AuthPage' ? AUTH_BUDGET : ceilings[f.page] !== undefined ? ceilings[f.page] * 1024 : null;
  let verdict = f.total <= WITHIN ? 'within 225 kB' : `ceiling ${ceiling === null ? 'none' : kb(ceiling)}`;
  if (ceiling === null) {
    verdict += '  NO CEILING';
    problems.push(`${f.page} has no ceiling in bundle-budget.json`);
  } else if (f.total > WITHIN) {
    verdict += '  OVER 225 kB';
    problems.push(`${f.page} is ${kb(f.total)}, over the 225 kB every page's first load is held to`);
  } else if (f.total > ceiling) {
    verdict += '  OVER';
    problems.push(`${f.page} is ${kb(f.total)}, over its ceiling of ${kb(ceiling)}`);
  }
  console.log(`  ${kb(f.total).padStart(9)}  ${f.page} (${f.files} files)  ${verdict}`);
}
for (const page of Object.keys(ceilings)) {
  if (!pageLoads.has(page)) console.log(`  (bundle-budget.json names ${page}, which the build no longer has)`);
}
const auth = firstLoads.find((f) => f.page === 'AuthPage');
if (!auth) problems.push('no AuthPage chunk');
else
  console.log(
    `\nfirst load of /auth: ${kb(auth.total)} of gzipped JavaScript (budget ${kb(AUTH_BUDGET)}) in ${auth.files} files`,
  );
const within = firstLoads.filter((f) => f.total <= WITHIN).length;
console.log(`pages within 225 kB: ${within} of ${firstLoads.length}`);
if (problems.length) {
  for (const p of problems) console.error(`over the JavaScript budget: ${p}`);
  process.exitCode = 1;
}
