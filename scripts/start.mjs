// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server (apps/server/src/main.ts through tsx) in this very process, so that signals reach it
// directly and the environment is the caller's. `node scripts/start.mjs --build` (npm run build)
// only builds the web app, whether or not it is up to date.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WEB = join(ROOT, 'apps/web');
const DIST = join(WEB, 'dist');
const BUILT = join(DIST, 'index.html');
const CACHE = join(ROOT, 'node_modules/.cache/parlance');
const SOURCES = [
  join(WEB, 'src'),
  join(WEB, 'public'),
  join(WEB, 'index.html'),
  join(WEB, 'vite.config.ts'),
  join(WEB, 'route-preloads.ts'),
  join(ROOT, 'packages/shared/src'),
];

/** The newest modification time (ms) of a file or of any file under a folder; 0 when absent. */
function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only as a newer folder
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why the web app needs building, or null when apps/web/dist is up to date. */
export function webBuildReason() {
  const built = statSync(BUILT, { throwIfNoEntry: false });
  if (!built) return 'apps/web/dist is missing';
  const newest = Math.max(...SOURCES.map(newestMtime));
  return newest > built.mtimeMs ? 'the web sources changed since the last build' : null;
}

/**
 * Builds the web app when needed: `vite build` into a staging folder that then replaces
 * apps/web/dist in one rename (a server already serving dist never sees it half empty), then the
 * chunk report (apps/web/scripts/report-chunks.mjs: sizes, pre-compressed copies). A lock keeps
 * two starts on one checkout from building at once. An over-budget report does not stop the
 * server; a failed vite build does.
 */
export function ensureWebBuild({ quiet = false, force = false } = {}) {
  if (!force && !webBuildReason()) return { built: false, reportOk: true };
  const release = lockBuild();
  try {
    const reason = force ? 'npm run build' : webBuildReason(); // another start may have built it while we waited
    if (!reason) return { built: false, reportOk: true };
    if (!quiet) console.log(`Building the web app (${reason})...`);
    const started = new Date();
    const staging = join(CACHE, `web-dist-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    const vite = run(join(ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', staging, '--emptyOutDir'], quiet);
    if (vite.status !== 0 || !existsSync(join(staging, 'index.html'))) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(`The web app did not build (exit code ${vite.status})${details(vite, quiet)}`);
    }
    const old = join(CACHE, `web-dist-old-${process.pid}`);
    if (existsSync(DIST)) renameSync(DIST, old);
    renameSync(staging, DIST);
    rmSync(old, { recursive: true, force: true });
    utimesSync(BUILT, started, started); // a source saved during the build makes it stale again
    const report = run(process.execPath, ['scripts/report-chunks.mjs'], quiet);
    if (report.status !== 0 && !force) {
      console.warn(`The web build's chunk report failed (exit code ${report.status})${details(report, quiet)}`);
    }
    return { built: true, reportOk: report.status === 0 };
  } finally {
    release();
  }
}

function run(command, args, quiet) {
  const result = spawnSync(command, args, {
    cwd: WEB,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return result;
}

function details(result, quiet) {
  if (!quiet) return '; see the output above.';
  const text = result.stderr.trim() || result.stdout.trim();
  return `:\n${text.split('\n').slice(0, 15).join('\n')}`;
}

/** A lock folder holding the builder's pid; the lock of a process that is gone is taken over. */
function lockBuild() {
  mkdirSync(CACHE, { recursive: true });
  const lock = join(CACHE, 'web-build.lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      if (!lockHolderAlive(lock) || Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
}

function lockHolderAlive(lock) {
  let pid;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // just created, the pid not written yet: alive unless the lock is old
    return Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 10_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

async function main() {
  // `--build`: build now even when up to date, and fail when the chunk report does (npm run build)
  const buildOnly = process.argv.includes('--build');
  try {
    // `npm start` builds quietly (one line; the full output only on failure or with npm run build)
    const reason = buildOnly ? null : webBuildReason();
    const started = Date.now();
    if (reason) console.log(`Building the web app (${reason})...`);
    const { reportOk } = ensureWebBuild({ force: buildOnly, quiet: !buildOnly });
    if (buildOnly) process.exit(reportOk ? 0 : 1);
    if (reason) console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
  // The server resolves DATA_DIR against the working directory: anchor the default at the repo
  // root (./data), and a relative value at the directory npm was started from.
  const base = process.env.INIT_CWD ?? process.cwd();
  process.env.DATA_DIR = resolve(base, process.env.DATA_DIR || join(ROOT, 'data'));
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: join(ROOT, 'apps/server/tsconfig.json') });
  await import(pathToFileURL(join(ROOT, 'apps/server/src/main.ts')).href);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
