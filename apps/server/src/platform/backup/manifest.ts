import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_FOLDER } from '../../db/client';

// What a backup holds (ADR 0105): manifest.json, written last, names the database dump and every
// stored file with its size and SHA-256; restore checks all of them before it writes anything.

export const MANIFEST_FILE = 'manifest.json';
export const FILES_DIR = 'files';
export const MANIFEST_FORMAT = 'parlance-backup';
export const MANIFEST_VERSION = 1;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'must be a hex SHA-256');
const fileId = z.string().regex(/^[0-9a-f]{32}$/, 'must be a stored file id');

const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /** migrations the dumped database had applied, and the newest of them */
  migrations: z.object({ count: z.number().int().min(0), last: z.number().nullable() }),
  database: z.object({
    file: z.enum(['database.tar.gz', 'database.pgdump']),
    size: z.number().int().min(0),
    sha256: sha256Hex,
    /** pg_dump's version line, for PostgreSQL */
    tool: z.string().optional(),
  }),
  storage: z.object({
    /** local-disk: the bytes are under files/; object-store: listed only (the bucket keeps them) */
    kind: z.enum(['local-disk', 'object-store']),
    /** the bucket, for object-store */
    bucket: z.string().optional(),
  }),
  files: z.array(z.object({ id: fileId, size: z.number().int().min(0), sha256: sha256Hex.nullable() })),
  /** files the database refers to that were not found when the backup was made */
  missingFiles: z.array(fileId),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest['files'][number];

/** A backup cannot be used: what is wrong with it, in words an operator can act on. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export function readManifest(backupDir: string): Manifest {
  const path = join(backupDir, MANIFEST_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new BackupError(
      `${path} is missing: this is not a complete Parlance backup (the manifest is written last, so a backup cut off midway has none).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${path} is not valid JSON: the manifest is damaged.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'manifest'}: ${i.message}`);
    throw new BackupError(
      `${path} is not a Parlance backup manifest of version ${MANIFEST_VERSION} (${issues.join('; ')}).`,
    );
  }
  return parsed.data;
}

/** Where a stored file lives under a files directory: sharded by the id's first two characters. */
export function filePath(root: string, id: string): string {
  return join(root, id.slice(0, 2), id);
}

export async function sha256OfFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** How many migrations this build carries (meta/_journal.json). */
export function journalMigrationCount(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}
