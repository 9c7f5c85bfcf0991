import { readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

// PGlite takes no lock of its own: a second process opens a data directory that a running server is
// writing to without a word, reads pages half-written and, when it closes, writes over the server's
// files. One process at a time is therefore enforced here, by a lock file beside the database that
// names its owner and that the owner touches every few seconds. A lock is stale — and taken over —
// when its owner stopped touching it (a crash, kill -9, a container that is gone: containers come
// back with another host name, or with the same pid 1), or when its process is gone from this host.

export const LOCK_FILE = 'pglite.lock';
/** how often the owner touches its lock, and how old a touch may be before the lock is stale */
const BEAT_MS = 10_000;
export const STALE_MS = 3 * BEAT_MS;

/** the locks this process holds, by path: a second open in the same process is refused too */
const held = new Set<string>();

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/** The PGlite database under a data directory is open in another process (or another open here). */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    const where = owner.host === hostname() ? `process ${owner.pid}` : `process ${owner.pid} on ${owner.host}`;
    super(
      `The database under ${dataDir} is in use by ${where} (since ${owner.since}). ` +
        'An embedded PGlite database is opened by one process at a time: stop the Parlance server using it ' +
        'and try again (for backups while the server runs, use PostgreSQL). ' +
        `If no Parlance process uses it any more, delete ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Takes the data directory's lock; answers the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  const mine: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const text = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, text, { flag: 'wx' });
      held.add(path);
      return keepAlive(path, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    if (owner && inUse(path, owner)) throw new DataDirInUseError(dataDir, owner);
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const owner = readOwner(path);
  throw new DataDirInUseError(dataDir, owner ?? { pid: 0, host: 'unknown', since: 'unknown' });
}

/** Touches the lock while it is held; answers the release. */
function keepAlive(path: string, text: string): () => void {
  const beat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {
      // removed by hand: nothing to keep alive
    }
  }, BEAT_MS);
  beat.unref();
  return () => {
    clearInterval(beat);
    held.delete(path);
    try {
      // only our own lock: a stale-lock takeover may have replaced it
      if (readFileSync(path, 'utf8') === text) unlinkSync(path);
    } catch {
      // already gone
    }
  };
}

function readOwner(path: string): (LockOwner & { touchedMs: number }) | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return {
      pid: parsed.pid,
      host: parsed.host,
      since: String(parsed.since ?? 'unknown'),
      touchedMs: statSync(path).mtimeMs,
    };
  } catch {
    // unreadable or half-written: treated as stale
    return null;
  }
}

function inUse(path: string, owner: LockOwner & { touchedMs: number }): boolean {
  if (held.has(path)) return true;
  // our own pid and host, but not held by this process: an earlier life of this container
  if (owner.pid === process.pid && owner.host === hostname()) return false;
  if (Date.now() - owner.touchedMs > STALE_MS) return false;
  // another machine's process (a shared volume) cannot be checked from here: its touches must do
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
