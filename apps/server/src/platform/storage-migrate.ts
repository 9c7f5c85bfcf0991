import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { isFileId } from './storage';
import type { S3Storage } from './storage-s3';

// The copy of a local file store (DATA_DIR/files) into a bucket, for `npm run storage:migrate`.
// Every file keeps its id (the database names files by it) and is checked by its SHA-256 once in
// the bucket. Running it again is safe: a file already in the bucket with the same hash is skipped;
// one there with other bytes is reported and left alone (ids are random: it is not ours to replace).

export interface MigrationReport {
  /** files in the local store */
  files: number;
  copied: number;
  /** in the bucket already, with the same SHA-256 */
  alreadyThere: number;
  /** ids whose copy in the bucket has other bytes than the local file */
  mismatched: string[];
  /** files in the local folder that are not stored files (temporary parts, strays) */
  ignored: string[];
}

async function sha256Of(stream: Readable | AsyncIterable<Uint8Array>): Promise<{ hash: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Uint8Array);
    size += (chunk as Uint8Array).length;
  }
  return { hash: hash.digest('hex'), size };
}

/** The stored files of a local store: files/<first two characters>/<id>; everything else is ignored. */
async function localFiles(root: string): Promise<{ files: { id: string; path: string }[]; ignored: string[] }> {
  const files: { id: string; path: string }[] = [];
  const ignored: string[] = [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const shard = entry.parentPath === join(root, entry.name.slice(0, 2));
    if (isFileId(entry.name) && shard) files.push({ id: entry.name, path });
    else ignored.push(path);
  }
  files.sort((a, b) => a.id.localeCompare(b.id));
  return { files, ignored };
}

export async function migrateToBucket(
  root: string,
  bucket: S3Storage,
  progress: (line: string) => void = () => {},
): Promise<MigrationReport> {
  const { files, ignored } = await localFiles(root);
  const report: MigrationReport = { files: files.length, copied: 0, alreadyThere: 0, mismatched: [], ignored };
  for (const [index, file] of files.entries()) {
    const local = await sha256Of(createReadStream(file.path));
    const there = await bucket.head(file.id);
    if (there) {
      // the hash this tool stored and checked when it copied the file; otherwise read the object
      const same =
        there.size === local.size &&
        (there.sha256 === local.hash || (await sha256Of(await bucket.get(file.id))).hash === local.hash);
      if (same) report.alreadyThere++;
      else report.mismatched.push(file.id);
    } else {
      const { size } = await stat(file.path);
      await bucket.putAs(file.id, createReadStream(file.path), size, local.hash);
      const copy = await sha256Of(await bucket.get(file.id));
      if (copy.hash === local.hash && copy.size === local.size) report.copied++;
      else report.mismatched.push(file.id);
    }
    if ((index + 1) % 100 === 0) progress(`${index + 1} of ${files.length} files checked`);
  }
  return report;
}
