import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir, STALE_MS } from './data-dir-lock';

// One process at a time on an embedded database: a live owner is respected, a dead one's lock is
// taken over, and an owner on another machine (a shared volume, another container) is respected
// while it keeps touching its lock.
const root = mkdtempSync(join(tmpdir(), 'parlance-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function dir(name: string): string {
  const path = join(root, name);
  mkdirSync(path, { recursive: true });
  return path;
}

describe('the data directory lock', () => {
  it('is refused while held, and free again once given back', () => {
    const d = dir('held');
    const release = lockDataDir(d);
    expect(JSON.parse(readFileSync(join(d, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => lockDataDir(d)).toThrow(DataDirInUseError);
    release();
    expect(existsSync(join(d, LOCK_FILE))).toBe(false);
    lockDataDir(d)();
  });

  it('is taken over from a process that is gone', () => {
    const d = dir('stale');
    const gone = spawnSync('true').pid as number;
    writeFileSync(join(d, LOCK_FILE), JSON.stringify({ pid: gone, host: hostname(), since: '2026-01-01T00:00:00Z' }));
    const release = lockDataDir(d);
    expect(JSON.parse(readFileSync(join(d, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('is respected when another machine holds it, until it stops touching it', () => {
    const d = dir('elsewhere');
    const path = join(d, LOCK_FILE);
    writeFileSync(path, JSON.stringify({ pid: 1, host: 'app-2.internal', since: '2026-11-29T03:00:00Z' }));
    expect(() => lockDataDir(d)).toThrow(
      `The database under ${d} is in use by process 1 on app-2.internal (since 2026-11-29T03:00:00Z).`,
    );
    const lastTouch = new Date(Date.now() - STALE_MS - 1000);
    utimesSync(path, lastTouch, lastTouch);
    const release = lockDataDir(d);
    expect(JSON.parse(readFileSync(path, 'utf8')).host).toBe(hostname());
    release();
  });

  it('is taken over from an earlier life of this process id (a restarted container)', () => {
    const d = dir('restarted');
    writeFileSync(join(d, LOCK_FILE), JSON.stringify({ pid: process.pid, host: hostname(), since: 'earlier' }));
    lockDataDir(d)();
  });
});
