import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError } from './manifest';
import { pgDump, toolMajor } from './pg-tools';

// What an operator reads when pg_dump is missing or too old for the server: stand-in programs that
// answer --version as pg_dump does, so the checks run without a PostgreSQL of those versions.
const dir = mkdtempSync(join(tmpdir(), 'parlance-pg-tools-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeTool(name: string, versionLine: string): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "${versionLine}"; exit 0; fi\necho "should not run" >&2\nexit 3\n`,
  );
  chmodSync(path, 0o755);
  return path;
}

describe('pg_dump', () => {
  it('reads the major version of the client tools', async () => {
    const tool = fakeTool('pg_dump16', 'pg_dump (PostgreSQL) 16.4 (Debian 16.4-1.pgdg120+1)');
    expect(await toolMajor(tool)).toEqual({ major: 16, line: 'pg_dump (PostgreSQL) 16.4 (Debian 16.4-1.pgdg120+1)' });
  });

  it('refuses a pg_dump older than the server, saying what to install, before dumping', async () => {
    const old = fakeTool('pg_dump14', 'pg_dump (PostgreSQL) 14.11');
    const dump = pgDump('postgres://u:p@127.0.0.1:1/db', join(dir, 'out'), { bin: old, serverMajor: 16 });
    await expect(dump).rejects.toThrow(BackupError);
    await expect(dump).rejects.toThrow(
      `${old} is version 14 but the PostgreSQL server is version 16: pg_dump cannot dump a newer server. Install postgresql-client-16 (or newer)`,
    );
  });

  it('says how to get pg_dump when it is not on PATH', async () => {
    const dump = pgDump('postgres://127.0.0.1/db', join(dir, 'out'), { bin: 'pg_dump-not-installed', serverMajor: 16 });
    await expect(dump).rejects.toThrow(
      /pg_dump-not-installed was not found \(it is not on PATH\)\. Install the PostgreSQL client tools of your server's major version/,
    );
  });

  it('passes a failure on in plain words', async () => {
    const failing = join(dir, 'pg_dump_fails');
    writeFileSync(
      failing,
      '#!/bin/sh\nif [ "$1" = "--version" ]; then echo "pg_dump (PostgreSQL) 16.4"; exit 0; fi\necho "pg_dump: error: connection to server failed: password authentication failed" >&2\nexit 1\n',
    );
    chmodSync(failing, 0o755);
    await expect(
      pgDump('postgres://u:secret@127.0.0.1/db', join(dir, 'out'), { bin: failing, serverMajor: 16 }),
    ).rejects.toThrow('pg_dump failed:\npg_dump: error: connection to server failed: password authentication failed');
  });
});
