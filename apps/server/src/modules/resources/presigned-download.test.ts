import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseOrderFiles, purchaseOrders } from '../../db/schema';
import { KEY_PREFIX } from '../../platform/storage-s3';
import { createTestApp, type TestApp } from '../../test/harness';
import { type LocalS3, startLocalS3 } from '../../test/local-s3';
import { insertProject, newPerson, type Person } from '../project-lists/list-test-helpers';

// Project files with S3_PRESIGNED_DOWNLOADS: an attachment answers a redirect to a short-lived link
// into the bucket, made only after the asker's rights were checked; what opens inline is streamed.

let s3: LocalS3;
let t: TestApp;
let alice: Person;
let bob: Person;
let text: number;
let pdf: number;

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ s3: { ...s3.settings, presignedDownloads: true } });
  alice = await newPerson(t.app, 'client', 'Alice Able');
  bob = await newPerson(t.app, 'client', 'Bob Baker');
  const [order] = await t.database.db
    .insert(purchaseOrders)
    .values({
      key: randomBytes(16).toString('hex'),
      customerId: alice.id,
      status: 'paid',
      targetLanguages: ['spanish'],
    })
    .returning({ id: purchaseOrders.id });
  const file = async (fileName: string, content: string, mime: string) => {
    const stored = await t.app.deps.storage.put(Readable.from([Buffer.from(content)]), { maxBytes: 1_000_000 });
    const [row] = await t.database.db
      .insert(purchaseOrderFiles)
      .values({
        purchaseOrderId: order.id,
        storageId: stored.id,
        fileName,
        mime,
        sizeBytes: stored.size,
        sha256: stored.sha256,
        context: 'source',
      })
      .returning({ id: purchaseOrderFiles.id });
    return row.id;
  };
  text = await file('manual (v2).txt', 'source words here', 'text/plain');
  pdf = await file('scan.pdf', '%PDF-1.4 fake', 'application/pdf');
  await insertProject(t.database.db, {
    customerId: alice.id,
    status: 'IN_PROGRESS',
    purchaseOrderId: order.id,
    fileIds: [text, pdf],
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function signedFile(p: Person, id: string) {
  const link = await p.api.get(`/api/2/resources/${id}`);
  expect(link.statusCode, link.body).toBe(200);
  return p.api.get(link.json().download_url as string);
}

describe('project files from a bucket with presigned downloads', () => {
  it('an attachment redirects to a five-minute link into the bucket that serves it under its name', async () => {
    const answer = await signedFile(alice, `s${text}`);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const location = new URL(String(answer.headers.location));
    expect(location.origin + location.pathname).toMatch(
      new RegExp(`^${s3.settings.endpoint}/${s3.settings.bucket}/${KEY_PREFIX}[0-9a-f]{32}$`),
    );
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('source words here');
    expect(file.headers.get('content-type')).toBe('text/plain');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="manual (v2).txt"; filename*=UTF-8''manual%20%28v2%29.txt`,
    );
  });

  it('a PDF the viewer frames is streamed by us, inline', async () => {
    const answer = await signedFile(alice, `s${pdf}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('%PDF-1.4 fake');
    expect(answer.headers['content-disposition']).toMatch(/^inline; filename="scan.pdf"/);
    expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  });

  it('nobody gets a link without the rights: an outsider is refused before anything is signed', async () => {
    expect((await bob.api.get(`/api/2/resources/s${text}`)).statusCode).toBe(404);
    const link = await alice.api.get(`/api/2/resources/s${text}`);
    const asked = s3.requests.length;
    const theirs = await bob.api.get(link.json().download_url as string);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.headers.location).toBeUndefined();
    // the bucket was not even asked
    expect(s3.requests.length).toBe(asked);
  });
});
