#!/usr/bin/env node
// Part of `npm run lint`: fails when source text cites a work-log number (the word issue or session
// followed by a number, or helper followed by a name ending in digits). Such tags point at nothing a reader of the repository has; a comment says why
// in its own words, and the ADRs under docs/adr/ hold the decisions.
// Database migrations are history and are left as they were written.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const DIRS = ['apps', 'packages', 'e2e', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'migrations', 'test-results', 'playwright-report', 'coverage']);
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const TAG = /(issue|session) [0-9]+|helper [a-z]+[0-9]+/i;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(name)) yield path;
  }
}

let found = 0;
for (const dir of DIRS) {
  for (const file of sourceFiles(join(ROOT, dir))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!TAG.test(line)) return;
      found++;
      console.log(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
    });
  }
}
if (found > 0) {
  console.log(`\n${found} line(s) cite a work-log number; say why in words instead.`);
  process.exit(1);
}
