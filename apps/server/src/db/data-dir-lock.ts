import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

// PGlite takes no lock of its own: a second process opens a data directory that a running server is
// writing to without a word, reads pages half-written and, when it closes, writes over the server's
// files. One process at a time is therefore enforced here, by a lock file beside the database that
// names its owner. A lock whose process is gone (a crash, kill -9) is taken over.

export const LOCK_FILE = 'pglite.lock';

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
      return () => releaseLock(path, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    if (owner && isAlive(owner)) throw new DataDirInUseError(dataDir, owner);
    // the owner is gone: its lock is stale
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const owner = readOwner(path);
  throw new DataDirInUseError(dataDir, owner ?? { pid: 0, host: 'unknown', since: 'unknown' });
}

function releaseLock(path: string, text: string): void {
  try {
    // only our own lock: a stale-lock takeover may have replaced it
    if (readFileSync(path, 'utf8') === text) unlinkSync(path);
  } catch {
    // already gone
  }
}

function readOwner(path: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return { pid: parsed.pid, host: parsed.host, since: String(parsed.since ?? 'unknown') };
  } catch {
    // unreadable or half-written: treated as stale
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  // another machine's process cannot be checked from here (a shared volume): assume it runs
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
