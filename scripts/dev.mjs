// `npm run dev`: the server under `tsx watch` on port 3000 and Vite with hot reload on 5173
// (proxying the API paths to 3000, see apps/web/vite.config.ts). Ctrl-C stops both; when one of
// them exits, the other is stopped too.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { ROOT } from './start.mjs';

const API_PORT = '3000'; // the Vite proxy's target
if (process.env.PORT && process.env.PORT !== API_PORT) {
  console.warn(`[dev] PORT=${process.env.PORT} ignored: the Vite proxy expects the API on ${API_PORT}.`);
}
const base = process.env.INIT_CWD ?? process.cwd();
const serverEnv = {
  ...process.env,
  PORT: API_PORT,
  DATA_DIR: resolve(base, process.env.DATA_DIR || join(ROOT, 'data')),
  PUBLIC_URL: process.env.PUBLIC_URL || 'http://localhost:5173',
};

const bin = (name) => join(ROOT, 'node_modules/.bin', name);
const children = [
  start('server', bin('tsx'), ['watch', '--clear-screen=false', 'src/main.ts'], join(ROOT, 'apps/server'), serverEnv),
  start('web', bin('vite'), ['--port', '5173', '--strictPort'], join(ROOT, 'apps/web'), process.env),
];

/**
 * Each child runs in its own process group, so that Ctrl-C reaches it once (from here) and the
 * whole group (tsx watch and its server process) can be stopped. stdin is not shared: a
 * background group reading the terminal would be stopped by the kernel.
 */
function start(name, command, args, cwd, env) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  child.on('error', (err) => {
    console.error(`[dev] could not start ${name}: ${err.message}`);
    child.exited = true;
    stop('SIGTERM', 1);
  });
  child.on('exit', (code, signal) => {
    child.exited = true;
    if (!stopping) {
      console.error(`[dev] ${name} exited (${signal ?? `code ${code}`}); stopping the other one.`);
      stop('SIGTERM', code || 1);
    }
    if (children.every((c) => c.exited)) process.exit(exitCode);
  });
  return child;
}

let stopping = false;
let exitCode = 0;
function stop(signal, code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) signalGroup(child, signal);
  // A child that ignores the signal does not keep the terminal.
  setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
    process.exit(exitCode);
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal, 0));

function signalGroup(child, signal) {
  if (child.exited || !child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
