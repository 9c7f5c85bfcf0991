#!/usr/bin/env node
// `npm run lint:cycles`: fails when any import circle exists in the server, the web app or the
// shared package. Type-only imports count too: a circle of types is still a circle to read.
// It uses the TypeScript compiler's own import scanner and module resolution, so paths resolve
// exactly as `tsc` resolves them.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const PROJECTS = ['apps/server', 'apps/web', 'packages/shared'];

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const graph = new Map();
for (const project of PROJECTS) {
  const configPath = join(ROOT, project, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, join(ROOT, project));
  for (const file of sourceFiles(join(ROOT, project, 'src'))) {
    const info = ts.preProcessFile(ts.sys.readFile(file), true, true);
    const edges = [];
    for (const ref of info.importedFiles) {
      const hit = ts.resolveModuleName(ref.fileName, file, options, ts.sys).resolvedModule;
      if (!hit || hit.isExternalLibraryImport || hit.resolvedFileName.includes('node_modules')) continue;
      if (hit.resolvedFileName.endsWith('.d.ts')) continue;
      edges.push(resolve(hit.resolvedFileName));
    }
    graph.set(resolve(file), edges);
  }
}

// Tarjan's strongly connected components: every component with more than one file (or a file that
// imports itself) is a circle.
let index = 0;
const stack = [];
const meta = new Map();
const circles = [];
function visit(v) {
  meta.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!meta.has(w)) {
      visit(w);
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
    } else if (meta.get(w).onStack) {
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
  }
  if (meta.get(v).low === meta.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component);
  }
}
for (const v of graph.keys()) if (!meta.has(v)) visit(v);

if (circles.length === 0) {
  console.log(`No import circles in ${graph.size} files.`);
} else {
  for (const component of circles) {
    console.error(`Import circle of ${component.length} files:`);
    for (const file of component.sort()) console.error(`  ${relative(ROOT, file)}`);
  }
  console.error('Split the shared part into a module both sides import (docs/architecture.md).');
  process.exit(1);
}
