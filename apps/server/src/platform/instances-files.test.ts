import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import type pg from 'pg';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { purchaseOrderFiles } from '../db/schema';
import {
  detailOf,
  newCustomer,
  newTranslator,
  type Person,
  paidProject,
  TRANSLATION_FILE,
  takeAndDeliver,
} from '../modules/projects/projects-test-helpers';
import { insertProject } from '../modules/project-lists/list-test-helpers';
import { multipart } from '../modules/wizard/wizard-test-helpers';
import { authed } from '../test/auth-helpers';
import { freshDatabase, TestClock } from '../test/harness';
import { type LocalS3, startLocalS3 } from '../test/local-s3';
import { KEY_PREFIX, type S3Storage } from './storage-s3';

// Two server instances on one PostgreSQL and one bucket, each with a data directory of its own (so
// nothing can pass through a shared disk): a file stored through one is served by the other. A
// serves downloads through itself, B redirects attachments to presigned links (S3_PRESIGNED_DOWNLOADS).
// PGlite is one process by construction: there is no second instance to test there.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(onPostgres)('two server instances sharing a bucket', () => {
  it.skip('skipped on PGlite: it is embedded in one process; run with TEST_DATABASE_URL (npm run test:api:pg)', () => {});
});

describe.skipIf(!onPostgres)('two server instances on one PostgreSQL and one bucket', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let second: Database;
  let s3: LocalS3;
  let a: App;
  let b: App;
  const dirs: string[] = [];
  const clock = new TestClock();
  const on = (app: App, p: Person): Person => ({ ...p, api: authed(app, p.session) });
  // sign-up is rate-limited: each new account in a new minute
  const customerOn = (app: App) => {
    clock.advance(61_000);
    return newCustomer(app);
  };

  beforeAll(async () => {
    fresh = await freshDatabase();
    const url = (fresh.database.pool as pg.Pool).options.connectionString as string;
    second = await openDatabase({ url, dataDir: null });
    s3 = await startLocalS3();
    const dir = () => {
      const d = mkdtempSync(join(tmpdir(), 'parlance-instances-s3-'));
      dirs.push(d);
      return d;
    };
    a = await buildApp({ config: testConfig({ dataDir: dir(), s3: s3.settings }), database: fresh.database, clock });
    b = await buildApp({
      config: testConfig({ dataDir: dir(), s3: { ...s3.settings, presignedDownloads: true } }),
      database: second,
      clock,
    });
    await a.ready();
    await b.ready();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await fresh?.drop();
    await s3?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  async function keysInBucket(): Promise<string[]> {
    const storage = a.deps.storage as S3Storage;
    const page = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
    return (page.Contents ?? []).map((o) => o.Key ?? '');
  }

  /** GET /api/2/resources/{id} and its signed file, on this instance: the file's answer, redirects followed */
  async function resourceFile(p: Person, resourceId: string) {
    const link = await p.api.get(`/api/2/resources/${resourceId}`);
    expect(link.statusCode, link.body).toBe(200);
    const file = await p.api.get(link.json().download_url as string);
    if (file.statusCode !== 302) {
      return {
        redirected: false,
        status: file.statusCode,
        body: file.body,
        disposition: file.headers['content-disposition'],
      };
    }
    // the presigned link: a plain GET, as the browser makes it, straight to the bucket
    const location = String(file.headers.location);
    expect(location.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/${KEY_PREFIX}`)).toBe(true);
    const fetched = await fetch(location);
    return {
      redirected: true,
      status: fetched.status,
      body: await fetched.text(),
      disposition: fetched.headers.get('content-disposition') ?? undefined,
    };
  }

  it('an order source uploaded through A is downloaded through B (redirected to the bucket) and A', async () => {
    const customer = await customerOn(a);
    const draft = await customer.api.postJson('/api/2/po', {
      type: 'translation',
      source_language: 'american-english',
    });
    const pid = draft.json().results.pid as string;
    const text = 'Source words of the manual, uploaded through instance A.';
    const uploaded = await customer.api.inject({
      method: 'POST',
      url: '/ajax/filepicker/fileUploaded',
      ...multipart({ pid }, [{ filename: 'manual é.txt', content: text }]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = uploaded.json().files[0].id as number;
    const [row] = await a.deps.db.select().from(purchaseOrderFiles);
    expect(row.id).toBe(fileId);
    const project = await insertProject(a.deps.db, {
      customerId: customer.id,
      status: 'IN_PROGRESS',
      purchaseOrderId: row.purchaseOrderId,
      fileIds: [fileId],
    });
    expect(detailOf(await on(b, customer).api.get(`/api/2/projects/${project}`)).files.map((f) => f.id)).toContain(
      `s${fileId}`,
    );
    const viaB = await resourceFile(on(b, customer), `s${fileId}`);
    expect(viaB).toMatchObject({ redirected: true, status: 200, body: text });
    expect(viaB.disposition).toBe(`attachment; filename="manual _.txt"; filename*=UTF-8''manual%20%C3%A9.txt`);
    const viaA = await resourceFile(customer, `s${fileId}`);
    expect(viaA).toMatchObject({ redirected: false, status: 200, body: text, disposition: viaB.disposition });
  });

  it('a delivery made through A is downloaded through B, one by one and in the zip', async () => {
    const customer = await customerOn(a);
    clock.advance(61_000);
    const translator = await newTranslator(a);
    const id = await paidProject(a, customer, { words: 100 });
    const delivered = await takeAndDeliver(translator, id);
    const translation = delivered.files.find((f) => f.context === 'translation');
    expect(translation?.name).toBe(TRANSLATION_FILE.filename);
    const asB = on(b, customer);
    expect(await resourceFile(asB, translation?.id as string)).toMatchObject({
      redirected: true,
      status: 200,
      body: TRANSLATION_FILE.content,
    });
    // the zip is made on B from the bucket's bytes
    await b.deps.db.execute(`UPDATE projects SET status = 'COMPLETED' WHERE id = ${id}`);
    const zip = await asB.api.get(`/api/2/projects/download?ids=${id}&option=translated`);
    expect(zip.statusCode, zip.body).toBe(200);
    const entries = await JSZip.loadAsync(zip.rawPayload);
    const names = Object.keys(entries.files).filter((n) => !entries.files[n].dir);
    expect(names).toHaveLength(1);
    expect(await entries.files[names[0]].async('string')).toBe(TRANSLATION_FILE.content);
  });

  it('a chat file uploaded through A is downloaded through B, streamed under its name', async () => {
    const customer = await customerOn(a);
    const token = (await customer.api.get('/api/2/auth/token')).json().results.jwt.access_token as string;
    const boundary = 'XBOUNDARY';
    const up = await a.inject({
      method: 'POST',
      url: '/file-storage/api/files',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="brief.txt"\r\nContent-Type: text/plain\r\n\r\nhello from A\r\n--${boundary}--\r\n`,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode, up.body).toBe(201);
    const dl = await b.inject({
      method: 'GET',
      url: `/file-storage/api/files/${up.json().id}/download`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('hello from A');
    expect(dl.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''brief.txt`);
  });

  it('an invoice of a payment made through A is served by B (it is drawn from the database, not stored)', async () => {
    const customer = await customerOn(a);
    await paidProject(a, customer, { words: 100 });
    const list = await on(b, customer).api.get('/api/2/account/invoices');
    const [invoice] = list.json().data as { id: number }[];
    const pdf = await on(b, customer).api.get(`/api/2/account/invoice/${invoice.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a file removed through B is gone from the bucket for A too', async () => {
    const customer = await customerOn(a);
    const draft = await customer.api.postJson('/api/2/po', {
      type: 'translation',
      source_language: 'american-english',
    });
    const pid = draft.json().results.pid as string;
    const uploaded = await customer.api.inject({
      method: 'POST',
      url: '/ajax/filepicker/fileUploaded',
      ...multipart({ pid }, [{ filename: 'draft.txt', content: 'words to remove' }]),
    });
    const fileId = uploaded.json().files[0].id as number;
    const [row] = (await a.deps.db.select().from(purchaseOrderFiles)).filter((f) => f.id === fileId);
    expect(await a.deps.storage.stat(row.storageId)).toMatchObject({ size: 15 });
    expect(await keysInBucket()).toContain(`${KEY_PREFIX}${row.storageId}`);
    const removed = await on(b, customer).api.inject({ method: 'DELETE', url: `/api/2/po/${pid}/files/${fileId}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await a.deps.storage.stat(row.storageId)).toBeNull();
    expect(await keysInBucket()).not.toContain(`${KEY_PREFIX}${row.storageId}`);
  });

  it('an upload cut off on A is swept by B, and both are ready on the bucket', async () => {
    const storage = a.deps.storage as S3Storage;
    await storage.client.send(
      new CreateMultipartUploadCommand({
        Bucket: s3.settings.bucket,
        Key: `${KEY_PREFIX}0123456789abcdef0123456789abcdef`,
      }),
    );
    expect(await s3.openUploads()).toHaveLength(1);
    expect(await b.deps.storage.sweepTemp(60 * 60 * 1000, Date.now() + 2 * 60 * 60 * 1000)).toBe(1);
    expect(await s3.openUploads()).toEqual([]);
    for (const app of [a, b]) {
      const ready = await app.inject({ method: 'GET', url: '/api/2/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
    }
  });
});
