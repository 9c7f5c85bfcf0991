import { spawn } from 'node:child_process';
import { BackupError } from './manifest';

// pg_dump and pg_restore, PostgreSQL's own client tools: a custom-format dump is one consistent
// snapshot of the database (pg_dump reads it in one repeatable-read transaction) while the servers
// keep serving. The tools come with the PostgreSQL client package, not with Parlance.

export interface PgToolPaths {
  pgDump: string;
  pgRestore: string;
}

export const DEFAULT_PG_TOOLS: PgToolPaths = { pgDump: 'pg_dump', pgRestore: 'pg_restore' };

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

function run(bin: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') {
        reject(
          new BackupError(
            `${bin} was not found (it is not on PATH). Install the PostgreSQL client tools of your server's ` +
              'major version (Debian/Ubuntu: apt install postgresql-client-<major>), or name the program with ' +
              `--${bin.includes('restore') ? 'pg-restore' : 'pg-dump'} <path>.`,
          ),
        );
        return;
      }
      reject(err);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The tool's major version, from `--version` ("pg_dump (PostgreSQL) 16.4 ..."). */
export async function toolMajor(bin: string): Promise<{ major: number; line: string }> {
  const result = await run(bin, ['--version']);
  const line = result.stdout.trim();
  const match = /\)\s+(\d+)/.exec(line) ?? /(\d+)\.\d+/.exec(line);
  if (result.code !== 0 || !match)
    throw new BackupError(`${bin} --version did not answer as pg_dump does: ${line || result.stderr.trim()}`);
  return { major: Number(match[1]), line };
}

/**
 * The URL without its password, and the password in PGPASSWORD: a password on the command line
 * would be readable by every user of the machine (ps).
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { dbname: u.toString(), env };
}

const lastLines = (text: string) => text.trim().split('\n').slice(-5).join('\n');

/** Dumps the database to `file` (custom format); refuses an older pg_dump than the server. */
export async function pgDump(
  url: string,
  file: string,
  opts: {
    bin: string;
    serverMajor: number /** an exported snapshot to dump (pg_export_snapshot) */;
    snapshot?: string;
  },
): Promise<string> {
  const tool = await toolMajor(opts.bin);
  if (tool.major < opts.serverMajor) {
    throw new BackupError(
      `${opts.bin} is version ${tool.major} but the PostgreSQL server is version ${opts.serverMajor}: pg_dump cannot ` +
        `dump a newer server. Install postgresql-client-${opts.serverMajor} (or newer) and try again, or name it with --pg-dump <path>.`,
    );
  }
  const { dbname, env } = connection(url);
  const args = ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`];
  if (opts.snapshot) args.push(`--snapshot=${opts.snapshot}`);
  const result = await run(opts.bin, args, env);
  if (result.code !== 0) throw new BackupError(`pg_dump failed:\n${lastLines(result.stderr)}`);
  return tool.line;
}

/** Restores a custom-format dump into an (empty) database, all or nothing. */
export async function pgRestore(url: string, file: string, opts: { bin: string }): Promise<void> {
  await toolMajor(opts.bin);
  const { dbname, env } = connection(url);
  const result = await run(
    opts.bin,
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
  if (result.code !== 0) {
    const hint = /unsupported version/i.test(result.stderr)
      ? ' (the dump was made by a newer pg_dump: install the client tools of that version)'
      : '';
    throw new BackupError(`pg_restore failed${hint}; nothing was restored:\n${lastLines(result.stderr)}`);
  }
}
