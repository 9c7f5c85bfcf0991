import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../test/local-s3';
import { type LocalDiskStorage, localDiskStorage } from './storage';
import { migrateToBucket } from './storage-migrate';
import { KEY_PREFIX, S3Storage } from './storage-s3';

// `npm run storage:migrate`: a local store copied into a bucket, file ids kept, each copy checked
// by its SHA-256; a second run skips what is there; a copy with other bytes is reported.

let s3: LocalS3;
let bucket: S3Storage;
let dataDir: string;
let local: LocalDiskStorage;
const ids: string[] = [];
const contents = ['first file', 'second file, a little longer', 'third'];

beforeAll(async () => {
  s3 = await startLocalS3();
  bucket = new S3Storage(s3.settings);
  dataDir = await mkdtemp(join(tmpdir(), 'parlance-migrate-'));
  local = localDiskStorage(dataDir);
  for (const content of contents) {
    ids.push((await local.put(Readable.from([Buffer.from(content)]), { maxBytes: 1000 })).id);
  }
  // a partial upload a crash left behind, and a stray file: neither is a stored file
  await mkdir(join(local.root, '.tmp'), { recursive: true });
  await writeFile(join(local.root, '.tmp', 'abc.part'), 'partial');
  await writeFile(join(local.root, 'notes.txt'), 'stray');
});

afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const put = (id: string, body: string) =>
  bucket.client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: `${KEY_PREFIX}${id}`, Body: body }));

describe('migrateToBucket', () => {
  it('copies every stored file under its own id, checked by its sha-256, and ignores the rest', async () => {
    const report = await migrateToBucket(local.root, bucket);
    expect(report).toMatchObject({ files: 3, copied: 3, alreadyThere: 0, mismatched: [] });
    expect(report.ignored.map((p) => p.slice(local.root.length + 1)).sort()).toEqual(['.tmp/abc.part', 'notes.txt']);
    for (const [i, id] of ids.entries()) {
      expect(await text(await bucket.get(id))).toBe(contents[i]);
      expect((await bucket.head(id))?.sha256).toBe(createHash('sha256').update(contents[i]).digest('hex'));
    }
  });

  it('a second run copies only what is missing, and checks objects it did not write by their bytes', async () => {
    await bucket.client.send(new DeleteObjectCommand({ Bucket: s3.settings.bucket, Key: `${KEY_PREFIX}${ids[0]}` }));
    // the same bytes, put there by something else (no sha256 metadata)
    await put(ids[1], contents[1]);
    expect(await migrateToBucket(local.root, bucket)).toMatchObject({ copied: 1, alreadyThere: 2, mismatched: [] });
    expect(await migrateToBucket(local.root, bucket)).toMatchObject({ copied: 0, alreadyThere: 3, mismatched: [] });
  });

  it('reports an object with other bytes under the same id, and leaves it alone', async () => {
    await put(ids[2], 'THIRD');
    const report = await migrateToBucket(local.root, bucket);
    expect(report).toMatchObject({ copied: 0, alreadyThere: 2, mismatched: [ids[2]] });
    expect(await text(await bucket.get(ids[2]))).toBe('THIRD');
  });

  it('npm run storage:migrate counts, and exits 1 on a mismatch and 2 without a bucket', async () => {
    const script = resolve(import.meta.dirname, '../../scripts/storage-migrate.ts');
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
        cwd: resolve(import.meta.dirname, '../..'),
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
      }).then(
        (done) => ({ code: 0, out: done.stdout + done.stderr }),
        (failed: { code: number; stdout: string; stderr: string }) => ({
          code: failed.code,
          out: failed.stdout + failed.stderr,
        }),
      );
    const s3Env = {
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: s3.settings.endpoint as string,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    };
    const mismatch = await run(s3Env);
    expect(mismatch.out).toContain('3 files: 0 copied, 2 already in the bucket, 1 differ.');
    expect(mismatch.out).toContain(`${ids[2]}: the copy in the bucket has other bytes`);
    expect(mismatch.code).toBe(1);
    await bucket.delete(ids[2]);
    const fixed = await run(s3Env);
    expect(fixed.out).toContain('3 files: 1 copied, 2 already in the bucket, 0 differ.');
    expect(fixed.code).toBe(0);
    const unset = await run({});
    expect(unset.out).toContain('Set S3_BUCKET');
    expect(unset.code).toBe(2);
  }, 60_000);
});
