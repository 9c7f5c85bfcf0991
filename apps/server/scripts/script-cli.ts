// What the maintenance commands (`npm run backup`, `restore`, `ledger:verify`, `storage:migrate`)
// share: the configuration as `npm start` reads it, the file storage it names, and plain-words
// failures.
import { join, resolve } from 'node:path';
import { type Config, ConfigError, loadConfig } from '../src/config';
import { DataDirInUseError } from '../src/db/data-dir-lock';
import type { BackupStorage } from '../src/platform/backup/backup';
import { BackupError } from '../src/platform/backup/manifest';

export const ROOT = resolve(import.meta.dirname, '../../..');

/** The directory npm was started in: relative paths on the command line are taken from there. */
export const BASE = process.env.INIT_CWD ?? process.cwd();

/** Same DATA_DIR rule as `npm start`: the repo's ./data by default, a relative value from BASE. */
export function loadScriptConfig(): Config {
  process.env.DATA_DIR = resolve(BASE, process.env.DATA_DIR || join(ROOT, 'data'));
  return loadConfig();
}

/** The configuration, or null after printing why it is wrong (the caller exits 2: it could not run). */
export function scriptConfigOrNull(): Config | null {
  try {
    return loadScriptConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return null;
  }
}

/**
 * The file storage the server would use. A bucket (S3_*) makes the backup list the objects instead of
 * copying bytes: the bucket's own versioning or replication keeps those.
 */
export function backupStorageOf(config: Config): BackupStorage {
  if (config.s3) return { kind: 'object-store', bucket: config.s3.bucket };
  return { kind: 'local-disk', root: join(config.dataDir, 'files') };
}

/** Reads `--name value` options and positional arguments; unknown options are refused. */
export function parseArgs(
  argv: string[],
  known: string[],
): { options: Map<string, string>; positional: string[]; help: boolean } {
  const options = new Map<string, string>();
  const positional: string[] = [];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      if (!known.includes(name)) throw new UsageError(`Unknown option --${name}.`);
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value.`);
      options.set(name, value);
      continue;
    }
    positional.push(arg);
  }
  return { options, positional, help };
}

export class UsageError extends Error {}

/** An unexpected error in one line: its message and its cause's (drizzle wraps the driver's error). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause.message : '';
  const first = err.message.split('\n')[0];
  return cause && !first.includes(cause) ? `${first} (${cause})` : first || cause || err.name;
}

/** Runs a script's main: exit 0 on success, 1 with one plain sentence on a failure, 2 on usage. */
export function runScript(main: () => Promise<number>, usage: string, what: string): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof UsageError) {
        console.error(`${err.message}\n\n${usage}`);
        process.exit(2);
      }
      if (err instanceof BackupError || err instanceof ConfigError || err instanceof DataDirInUseError) {
        console.error(err.message);
        process.exit(1);
      }
      console.error(`The ${what} failed: ${describe(err)}`);
      process.exit(1);
    },
  );
}
