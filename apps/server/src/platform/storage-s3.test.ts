import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import {
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ORDER_TEXTS } from '@parlance/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../test/local-s3';
import { AppError } from './errors';
import { FileTooLargeError } from './storage';
import { KEY_PREFIX, S3Storage } from './storage-s3';

// The S3 store against a local S3-compatible server (s3rver), through the same SDK calls as a real
// bucket: path-style addressing, Signature V4, multipart uploads, presigned GETs.

let s3: LocalS3;
let storage: S3Storage;
const MiB = 1024 * 1024;

beforeAll(async () => {
  s3 = await startLocalS3();
  storage = new S3Storage(s3.settings);
});

afterAll(async () => {
  await s3?.close();
});

beforeEach(() => {
  s3.requests.length = 0;
});

/** Every key in the bucket. */
async function keysInBucket(): Promise<string[]> {
  const page = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
  return (page.Contents ?? []).map((o) => o.Key ?? '').sort();
}

/** A stream of `count` chunks of `size` bytes that records how many chunks were pulled. */
function countedChunks(count: number, size: number, failAt?: number) {
  const pulled = { chunks: 0 };
  async function* generate() {
    for (let i = 0; i < count; i++) {
      if (i === failAt) throw new Error('the connection was lost');
      pulled.chunks++;
      yield Buffer.alloc(size, i % 256);
    }
  }
  return { stream: generate(), pulled };
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

describe('S3Storage', () => {
  it('stores a small file under files/<random id> and reads it back with its size, date and sha-256', async () => {
    const content = 'Hello, bucket! '.repeat(1000);
    const before = Date.now();
    const stored = await storage.put(Readable.from([Buffer.from(content)]), { maxBytes: MiB });
    expect(stored.id).toMatch(/^[0-9a-f]{32}$/);
    expect(stored.size).toBe(Buffer.byteLength(content));
    expect(stored.sha256).toBe(sha256(content));
    expect(await text(await storage.get(stored.id))).toBe(content);
    const info = await storage.stat(stored.id);
    expect(info).toMatchObject({ id: stored.id, size: stored.size });
    // S3 dates have whole seconds
    expect(info?.createdAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(await keysInBucket()).toContain(`${KEY_PREFIX}${stored.id}`);
  });

  it('streams a file larger than a part as a multipart upload, and keeps every byte', async () => {
    const { stream, pulled } = countedChunks(13, MiB);
    const stored = await storage.put(stream, { maxBytes: 20 * MiB });
    expect(pulled.chunks).toBe(13);
    expect(stored.size).toBe(13 * MiB);
    const back = await buffer(await storage.get(stored.id));
    expect(back.length).toBe(13 * MiB);
    expect(sha256(back)).toBe(stored.sha256);
    expect(s3.requests.filter((r) => r.includes('x-id=UploadPart'))).toHaveLength(3);
    expect(await s3.openUploads()).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const stored = await storage.put(Readable.from([Buffer.alloc(1000, 1)]), { maxBytes: 1000 });
    expect(stored.size).toBe(1000);
  });

  it('refuses a file over the limit mid-stream, with the spec message, and leaves no object nor upload behind', async () => {
    const keys = await keysInBucket();
    const { stream, pulled } = countedChunks(100, MiB);
    const error = await storage.put(stream, { maxBytes: 12 * MiB }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect((error as AppError).statusCode).toBe(413);
    expect((error as AppError).message).toBe(ORDER_TEXTS.fileTooBig);
    // stopped at the first chunk past the limit, not after reading all 100 MiB
    expect(pulled.chunks).toBe(13);
    // parts had gone up already: the multipart upload was begun, then aborted
    expect(s3.requests.some((r) => r.includes('?uploads'))).toBe(true);
    expect(await s3.openUploads()).toEqual([]);
    expect(await keysInBucket()).toEqual(keys);
  });

  it('a source that breaks off leaves no object nor upload behind, and the error is the source’s', async () => {
    const keys = await keysInBucket();
    const small = countedChunks(3, 1000, 2);
    await expect(storage.put(small.stream, { maxBytes: MiB })).rejects.toThrow('the connection was lost');
    const large = countedChunks(20, MiB, 12);
    await expect(storage.put(large.stream, { maxBytes: 50 * MiB })).rejects.toThrow('the connection was lost');
    expect(await s3.openUploads()).toEqual([]);
    expect(await keysInBucket()).toEqual(keys);
  });

  it('a bucket that refuses the upload fails the put instead of leaving it waiting', async () => {
    const elsewhere = new S3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    const { stream } = countedChunks(20, MiB);
    // S3's own error, not a stream's "premature close"
    await expect(elsewhere.put(stream, { maxBytes: 50 * MiB })).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(elsewhere.put(Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('answers 404, null and false for files that are not there, and deletes the object', async () => {
    for (const id of ['0123456789abcdef0123456789abcdef', '../../etc/passwd', 'not-an-id']) {
      const error = await storage.get(id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(404);
      expect(await storage.stat(id)).toBeNull();
      expect(await storage.delete(id)).toBe(false);
    }
    const stored = await storage.put(Readable.from([Buffer.from('bye')]), { maxBytes: 10 });
    expect(await storage.delete(stored.id)).toBe(true);
    expect(await storage.stat(stored.id)).toBeNull();
    expect(await keysInBucket()).not.toContain(`${KEY_PREFIX}${stored.id}`);
    expect(await storage.delete(stored.id)).toBe(false);
  });

  it('the sweep aborts our multipart uploads older than the age, and nothing else', async () => {
    const bucket = s3.settings.bucket;
    const begin = async (key: string) => {
      const started = await storage.client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
      await storage.client.send(
        new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: started.UploadId, PartNumber: 1, Body: 'part' }),
      );
    };
    // an upload cut off by a crash, and one of another application sharing the bucket
    await begin(`${KEY_PREFIX}0123456789abcdef0123456789abcdef`);
    await begin('other-app/backup.tar');
    await storage.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'other-app/kept.txt', Body: 'kept' }));
    const hour = 60 * 60 * 1000;
    expect(await storage.sweepTemp(hour)).toBe(0);
    expect(await s3.openUploads()).toHaveLength(2);
    expect(await storage.sweepTemp(hour, Date.now() + 2 * hour)).toBe(1);
    expect((await s3.openUploads()).map((u) => u.key)).toEqual(['other-app/backup.tar']);
    expect(await keysInBucket()).toContain('other-app/kept.txt');
    expect(await storage.sweepTemp(hour, Date.now() + 2 * hour)).toBe(0);
  });

  it('the readiness probe asks for the bucket: fine when it is there, an error when not or unreachable', async () => {
    await expect(storage.probe()).resolves.toBeUndefined();
    expect(s3.requests).toEqual([`HEAD /${s3.settings.bucket}/`]);
    await expect(new S3Storage({ ...s3.settings, bucket: 'no-such-bucket' }).probe()).rejects.toThrow(
      'bucket no-such-bucket: there is no such bucket',
    );
    await expect(new S3Storage({ ...s3.settings, secretAccessKey: 'wrong' }).probe()).rejects.toThrow(
      `bucket ${s3.settings.bucket}: the access key may not use it (403)`,
    );
    await expect(new S3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:1' }).probe()).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });

  it('a presigned download link serves the bytes under our name and type, and only for a while', async () => {
    // routes see links only where S3_PRESIGNED_DOWNLOADS asks for them
    expect(storage.downloadLink).toBeUndefined();
    expect(new S3Storage({ ...s3.settings, presignedDownloads: true }).downloadLink).toBeTypeOf('function');
    const stored = await storage.put(Readable.from([Buffer.from('%PDF-1.4 minutes')]), { maxBytes: MiB });
    const link = await storage.presign(stored.id, {
      contentDisposition: `attachment; filename*=UTF-8''Minutes%20%C3%A9t%C3%A9.pdf`,
      contentType: 'application/pdf',
    });
    expect(link.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/${KEY_PREFIX}${stored.id}?`)).toBe(true);
    expect(new URL(link).searchParams.get('X-Amz-Expires')).toBe('300');
    const answer = await fetch(link);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''Minutes%20%C3%A9t%C3%A9.pdf`);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(await answer.text()).toBe('%PDF-1.4 minutes');
    // the signature covers the name: a link with another name is refused
    const forged = new URL(link);
    forged.searchParams.set('response-content-disposition', 'inline; filename="page.html"');
    expect((await fetch(forged)).status).toBe(403);
    // signed with another secret, or expired
    const wrongKey = await getSignedUrl(
      new S3Storage({ ...s3.settings, secretAccessKey: 'wrong' }).client,
      new GetObjectCommand({ Bucket: s3.settings.bucket, Key: `${KEY_PREFIX}${stored.id}` }),
    );
    expect((await fetch(wrongKey)).status).toBe(403);
    const expired = new URL(link);
    expired.searchParams.set('X-Amz-Date', '20200101T000000Z');
    expect((await fetch(expired)).status).toBe(403);
    const missing = await storage
      .presign('0123456789abcdef0123456789abcdef', { contentDisposition: 'attachment', contentType: 'text/plain' })
      .catch((e: unknown) => e);
    expect((missing as AppError).statusCode).toBe(404);
  });
});
