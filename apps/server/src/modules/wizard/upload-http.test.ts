import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_HEADER, ORDER_TEXTS } from '@parlance/shared';
import { signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { storedFiles } from './wizard-test-helpers';

// The upload limit over a real socket (not app.inject): the refusal comes while the body streams.

let t: TestApp;
let customer: TestSession;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ wizardMaxUploadBytes: 64 * 1024 });
  customer = await signUp(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // a refused upload can leave its connection half-read; drop it so that close() does not wait for it
  t?.app.server.closeAllConnections();
  await t?.close();
});

async function post(path: string, body: FormData | string, type?: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    body,
    headers: { cookie: customer.cookie, [CSRF_HEADER]: customer.csrf, ...(type ? { 'content-type': type } : {}) },
  });
}

it('refuses a file over the limit with the spec text and keeps nothing; a file under it is counted', async () => {
  const created = await post('/api/2/po', '{}', 'application/json');
  const pid = ((await created.json()) as { results: { pid: string } }).results.pid;

  const big = new FormData();
  big.append('pid', pid);
  big.append('file', new Blob(['word '.repeat(100_000)], { type: 'text/plain' }), 'big.txt');
  const refused = await post('/ajax/filepicker/fileUploaded', big);
  expect(refused.status).toBe(413);
  expect(await refused.json()).toMatchObject({ message: ORDER_TEXTS.fileTooBig });
  expect(storedFiles(t.app)).toEqual([]);

  const small = new FormData();
  small.append('pid', pid);
  small.append('file', new Blob(['word '.repeat(1000)], { type: 'text/plain' }), 'small.txt');
  const counted = await post('/ajax/filepicker/fileUploaded', small);
  expect(counted.status).toBe(200);
  expect(await counted.json()).toMatchObject({ wordCount: 1000 });
  expect(storedFiles(t.app)).toHaveLength(1);
});
