import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_HEADER, ORDER_TEXTS } from '@parlance/shared';
import type { S3Storage } from '../../platform/storage-s3';
import { signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { type LocalS3, startLocalS3 } from '../../test/local-s3';

// The upload limit over a real socket with the files in a bucket: the refusal comes while the body
// streams, after parts went up to S3, and neither an object nor a multipart upload is left.

const MiB = 1024 * 1024;
let s3: LocalS3;
let t: TestApp;
let customer: TestSession;
let base: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ wizardMaxUploadBytes: 12 * MiB, s3: s3.settings });
  customer = await signUp(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // a refused upload can leave its connection half-read; drop it so that close() does not wait for it
  t?.app.server.closeAllConnections();
  await t?.close();
  await s3?.close();
});

async function post(path: string, body: FormData | string, type?: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    body,
    headers: { cookie: customer.cookie, [CSRF_HEADER]: customer.csrf, ...(type ? { 'content-type': type } : {}) },
  });
}

async function objects(): Promise<string[]> {
  const storage = t.app.deps.storage as S3Storage;
  const page = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
  return (page.Contents ?? []).map((o) => o.Key ?? '');
}

it('refuses a file over the limit mid-upload and leaves nothing in the bucket; a file under it is counted', async () => {
  const created = await post('/api/2/po', '{}', 'application/json');
  const pid = ((await created.json()) as { results: { pid: string } }).results.pid;

  const big = new FormData();
  big.append('pid', pid);
  big.append('file', new Blob(['word '.repeat(6 * MiB)], { type: 'text/plain' }), 'big.txt');
  const refused = await post('/ajax/filepicker/fileUploaded', big);
  expect(refused.status).toBe(413);
  expect(await refused.json()).toMatchObject({ message: ORDER_TEXTS.fileTooBig });
  // parts had gone up: a multipart upload was begun, and aborted
  expect(s3.requests.filter((r) => r.includes('x-id=UploadPart')).length).toBeGreaterThan(0);
  expect(await s3.openUploads()).toEqual([]);
  expect(await objects()).toEqual([]);

  const small = new FormData();
  small.append('pid', pid);
  small.append('file', new Blob(['word '.repeat(1000)], { type: 'text/plain' }), 'small.txt');
  const counted = await post('/ajax/filepicker/fileUploaded', small);
  expect(counted.status).toBe(200);
  expect(await counted.json()).toMatchObject({ wordCount: 1000 });
  expect(await objects()).toHaveLength(1);
});
