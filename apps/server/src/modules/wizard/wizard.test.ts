import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FileUploadedAnswer,
  type PurchaseOrder,
  type UpdateTextAnswer,
  ORDER_TEXTS,
  PLAN_FIT_TEXTS,
} from '@parlance/shared';
import { languages, purchaseOrders } from '../../db/schema';
import { makeDocx } from '../../platform/documents/test-fixtures';
import { authed, form, loginRequest, signUp, signUpForm, type TestSession } from '../../test/auth-helpers';
import { CapturingMailer, createTestApp, type TestApp } from '../../test/harness';
import { priceOrder } from '../pricing/price-order';
import { GUEST_COOKIE } from './guest';
import { guestBrowser, guestCookieOf, multipart, storedFiles } from './wizard-test-helpers';
import { fakeLibreTranslate, fakeOpenAi, type FakeEngineServer } from '../../platform/mt/mt-test-servers';

let t: TestApp;
let mailer: CapturingMailer;
let alice: TestSession;
let bob: TestSession;

beforeAll(async () => {
  mailer = new CapturingMailer();
  t = await createTestApp({}, { mailer });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t?.close());

type Answer<T> = { results: T };
const order = (res: { json: () => unknown }) => (res.json() as Answer<PurchaseOrder>).results;

async function newOrder(session: TestSession, fields: Record<string, unknown> = {}): Promise<PurchaseOrder> {
  const res = await authed(t.app, session).postJson('/api/2/po', fields);
  expect(res.statusCode, res.body).toBe(200);
  return order(res);
}

function upload(session: TestSession, pid: string, files: Parameters<typeof multipart>[1]) {
  return authed(t.app, session).inject({
    method: 'POST',
    url: '/ajax/filepicker/fileUploaded',
    ...multipart({ pid }, files),
  });
}

describe('purchase orders', () => {
  it('a customer starts a draft order that belongs to them', async () => {
    const po = await newOrder(alice, { type: 'translation', source_language: 'american-english' });
    expect(po).toMatchObject({
      status: 'draft',
      isGuest: false,
      type: 'translation',
      source_language: 'american-english',
    });
    expect(po.pid).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const res = await authed(t.app, alice).get(`/registry/get?data=PurchaseOrder&pid=${po.pid}`);
    expect(res.statusCode).toBe(200);
    expect(order(res)).toMatchObject({ pid: po.pid, files: [], wordCount: 0 });
    expect(Object.keys(order(res))).not.toContain('guestTokenHash');
  });

  it("another user's order, a guest and a made-up pid get 404", async () => {
    const po = await newOrder(alice);
    const asBob = authed(t.app, bob);
    expect((await asBob.get(`/registry/get?data=PurchaseOrder&pid=${po.pid}`)).statusCode).toBe(404);
    expect((await asBob.postJson(`/api/2/po/${po.pid}`, { name: 'mine now' })).statusCode).toBe(404);
    expect((await asBob.post('/api/2/project/brief', { pid: po.pid, note: 'x' })).statusCode).toBe(404);
    expect((await asBob.post('/api/2/wizard/finalize', { pid: po.pid })).statusCode).toBe(404);
    expect((await asBob.post('/wizard/updateText', { pid: po.pid, text: 'hello' })).statusCode).toBe(404);
    expect((await asBob.get(`/api/2/wizard/mt-available-params?poid=${po.pid}`)).statusCode).toBe(404);
    const up = await upload(bob, po.pid, [{ filename: 'a.txt', content: 'one two' }]);
    expect(up.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/registry/get?data=PurchaseOrder&pid=${po.pid}` })).statusCode,
    ).toBe(404);
    expect((await authed(t.app, alice).get('/registry/get?data=PurchaseOrder&pid=nosuchorder123')).statusCode).toBe(
      404,
    );
    expect((await authed(t.app, alice).get('/registry/get?data=PurchaseOrder')).statusCode).toBe(400);
    expect(storedFiles(t.app)).toEqual([]);
  });

  it('updates the fields of each step, form-encoded arrays included', async () => {
    const po = await newOrder(alice);
    const res = await authed(t.app, alice).inject({
      method: 'POST',
      url: `/api/2/po/${po.pid}`,
      payload:
        'source_language=american-english&target_languages[]=french&target_languages[]=german&expertise=legal&needProofreading=1&materialsOption=upload&entryType=file&step=languages&name=Contract',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(order(res)).toMatchObject({
      source_language: 'american-english',
      target_languages: ['french', 'german'],
      expertise: 'legal',
      needProofreading: true,
      materialsOption: 'upload',
      entryType: 'file',
      step: 'languages',
      name: 'Contract',
    });
    // a new source language cannot stay a target
    const moved = await authed(t.app, alice).postJson(`/api/2/po/${po.pid}`, { source_language: 'french' });
    expect(order(moved).target_languages).toEqual(['german']);
  });

  it("refuses bad fields with the spec's wizard messages", async () => {
    const po = await newOrder(alice);
    const res = await authed(t.app, alice).postJson(`/api/2/po/${po.pid}`, {
      source_language: 'klingon',
      target_languages: [],
      expertise: '',
      materialsOption: 'maybe',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: ORDER_TEXTS.wizardSelectSourceLanguage,
      errors: {
        source_language: 'Please select the language you are translating your text from',
        target_languages: 'Please select the language(s) you need your content translated to',
        expertise: 'Please choose an expertise',
        materialsOption: 'Please select one of the options',
      },
    });
    const same = await authed(t.app, alice).postJson(`/api/2/po/${po.pid}`, {
      source_language: 'german',
      target_languages: ['german'],
    });
    expect(same.json()).toMatchObject({ errors: { target_languages: ORDER_TEXTS.wizardTargetSameAsSource } });
    expect((await authed(t.app, alice).postJson(`/api/2/po/${po.pid}`, { entryType: 'fax' })).json()).toMatchObject({
      errors: { entryType: ORDER_TEXTS.wizardSelectOption },
    });
    expect((await authed(t.app, alice).postJson(`/api/2/po/${po.pid}`, { type: 'nonsense' })).statusCode).toBe(400);
  });

  it('translators cannot order', async () => {
    const translator = await signUp(t.app, { user_type: 'translator' });
    const res = await authed(t.app, translator).postJson('/api/2/po', {});
    expect(res.statusCode).toBe(403);
  });
});

describe('uploads and word counts', () => {
  it('counts a real .txt and .docx, sums them into the order, and removes a file with its bytes', async () => {
    const po = await newOrder(alice);
    const docx = await makeDocx(['Hello world', 'This is a test of the wizard']);
    const res = await upload(alice, po.pid, [
      { filename: 'notes.txt', content: 'one two three four five', type: 'text/plain' },
      { filename: 'letter.docx', content: docx },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as FileUploadedAnswer;
    expect(answer).toMatchObject({ status: 'OK', wordCount: 14, wordCountSource: 'file', needsManualCount: false });
    expect(answer.files.map((f) => [f.fileName, f.words, f.context, f.mime])).toEqual([
      ['notes.txt', 5, 'source', 'text/plain'],
      ['letter.docx', 9, 'source', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ]);
    expect(answer.files[1].sizeBytes).toBe(docx.length);
    expect(storedFiles(t.app)).toHaveLength(2);

    const view = order(await authed(t.app, alice).get(`/registry/get?data=PurchaseOrder&pid=${po.pid}`));
    expect(view).toMatchObject({ wordCount: 14, entryType: 'file' });
    expect(view.files).toHaveLength(2);

    const del = await authed(t.app, alice).delete(`/api/2/po/${po.pid}/files/${answer.files[0].id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(order(del)).toMatchObject({ wordCount: 9 });
    expect(order(del).files).toHaveLength(1);
    expect(storedFiles(t.app)).toHaveLength(1);
    expect((await authed(t.app, bob).delete(`/api/2/po/${po.pid}/files/${answer.files[1].id}`)).statusCode).toBe(404);
    expect((await authed(t.app, alice).delete(`/api/2/po/${po.pid}/files/${answer.files[0].id}`)).statusCode).toBe(404);

    const last = await authed(t.app, alice).delete(`/api/2/po/${po.pid}/files/${answer.files[1].id}`);
    expect(order(last)).toMatchObject({ wordCount: 0, wordCountSource: null, files: [] });
    expect(storedFiles(t.app)).toEqual([]);
  });

  it('refuses zero-byte and wrong-type files and keeps nothing, also of the good files sent with them', async () => {
    const po = await newOrder(alice);
    const before = storedFiles(t.app);
    const empty = await upload(alice, po.pid, [{ filename: 'empty.txt', content: '' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: ORDER_TEXTS.fileEmpty });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const wrong = await upload(alice, po.pid, [
      { filename: 'good.txt', content: 'a b c' },
      { filename: 'picture.png', content: png, type: 'image/png' },
    ]);
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json()).toMatchObject({ message: ORDER_TEXTS.fileTypeUnsupported });
    expect(storedFiles(t.app)).toEqual(before);
    const view = order(await authed(t.app, alice).get(`/registry/get?data=PurchaseOrder&pid=${po.pid}`));
    expect(view).toMatchObject({ files: [], wordCount: 0 });
  });

  it('asks for a file, and for the pid before the file', async () => {
    const po = await newOrder(alice);
    const none = await authed(t.app, alice).inject({
      method: 'POST',
      url: '/ajax/filepicker/fileUploaded',
      ...multipart({ pid: po.pid }, []),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: ORDER_TEXTS.wizardAttachFile });
    const noPid = await authed(t.app, alice).inject({
      method: 'POST',
      url: '/ajax/filepicker/fileUploaded',
      ...multipart({}, [{ filename: 'a.txt', content: 'a b' }]),
    });
    expect(noPid.statusCode).toBe(400);
    expect(noPid.json()).toMatchObject({ message: ORDER_TEXTS.wizardSendPidFirst });
    // pid in the query string works too
    const query = await authed(t.app, alice).inject({
      method: 'POST',
      url: `/ajax/filepicker/fileUploaded?pid=${po.pid}`,
      ...multipart({}, [{ filename: 'a.txt', content: 'a b' }]),
    });
    expect(query.statusCode, query.body).toBe(200);
    expect((query.json() as FileUploadedAnswer).wordCount).toBe(2);
    await authed(t.app, alice).delete(`/api/2/po/${po.pid}/files/${(query.json() as FileUploadedAnswer).files[0].id}`);
  });

  it('a file without countable text answers 0 with the message and lets the customer type the count', async () => {
    const po = await newOrder(alice);
    const docx = await makeDocx(['']);
    const res = await upload(alice, po.pid, [{ filename: 'scan.docx', content: docx }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      wordCount: 0,
      needsManualCount: true,
      message: "Looks like we can't calculate your word count...",
      files: [{ words: 0, needsManualCount: true, message: ORDER_TEXTS.cannotCountWords }],
    });
    const typed = await authed(t.app, alice).postJson(`/api/2/po/${po.pid}`, { wordCount: 750 });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(order(typed)).toMatchObject({ wordCount: 750, wordCountSource: 'manual' });
  });

  it('a counted file fixes the count: typing another is refused', async () => {
    const po = await newOrder(alice);
    await upload(alice, po.pid, [{ filename: 'a.txt', content: 'alpha beta gamma' }]);
    const typed = await authed(t.app, alice).postJson(`/api/2/po/${po.pid}`, { wordCount: 5000 });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toMatchObject({ errors: { wordCount: ORDER_TEXTS.wizardWordCountFixed } });
  });

  it('refuses a file over the limit with the spec text and leaves nothing in DATA_DIR/files', async () => {
    const small = await createTestApp({ wizardMaxUploadBytes: 1024 });
    try {
      const customer = await signUp(small.app);
      const res = await authed(small.app, customer).postJson('/api/2/po', {});
      const pid = order(res).pid;
      const send = (content: string) =>
        authed(small.app, customer).inject({
          method: 'POST',
          url: '/ajax/filepicker/fileUploaded',
          ...multipart({ pid }, [{ filename: 'big.txt', content }]),
        });
      const big = await send('word '.repeat(1000));
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ message: 'File too big. Please upload a file that is 250MB or smaller.' });
      expect(storedFiles(small.app)).toEqual([]);
      // exactly at the limit is fine
      const atLimit = await send('abc '.repeat(256));
      expect(atLimit.statusCode, atLimit.body).toBe(200);
      expect((atLimit.json() as FileUploadedAnswer).wordCount).toBe(256);
      expect(storedFiles(small.app)).toHaveLength(1);
    } finally {
      await small.close();
    }
  });
});

describe('pasted text and web pages', () => {
  let server: Server;
  let pageUrl: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<html><head><title>Our page</title></head><body><p>Seven words are on this test page.</p></body></html>',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('counts pasted text and stores it with the order', async () => {
    const po = await newOrder(alice);
    const res = await authed(t.app, alice).post('/wizard/updateText', {
      pid: po.pid,
      text: 'Hello 世界, how are you?',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', wordCount: 6, entryType: 'paste', needsManualCount: false });
    const view = order(await authed(t.app, alice).get(`/registry/get?data=PurchaseOrder&pid=${po.pid}`));
    expect(view).toMatchObject({
      wordCount: 6,
      wordCountSource: 'paste',
      entryType: 'paste',
      pastedText: 'Hello 世界, how are you?',
    });
  });

  it('asks for a file or a text when the text is empty', async () => {
    const po = await newOrder(alice);
    const res = await authed(t.app, alice).post('/wizard/updateText', { pid: po.pid, text: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please attach a file or type a text' });
  });

  it('refuses a private address', async () => {
    const po = await newOrder(alice);
    const res = await authed(t.app, alice).post('/wizard/updateText', { pid: po.pid, url: pageUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: ORDER_TEXTS.urlNotAllowed });
  });

  it('fetches and counts a web page (test server allowed by the test config)', async () => {
    const local = await createTestApp({ urlFetchAllowPrivate: true });
    try {
      const customer = await signUp(local.app);
      const pid = order(await authed(local.app, customer).postJson('/api/2/po', {})).pid;
      const res = await authed(local.app, customer).post('/wizard/updateText', {
        pid,
        text: pageUrl,
        entryType: 'url',
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as UpdateTextAnswer;
      expect(answer).toMatchObject({ wordCount: 9, entryType: 'url', url: pageUrl });
    } finally {
      await local.close();
    }
  });
});

describe('plans that fit the content', () => {
  it('refuses Transcription and Excel plans for a typed word count, and keeps the order in drafts', async () => {
    const base = {
      source_language: 'american-english',
      target_languages: ['french'],
      expertise: 'general',
      materialsOption: 'count',
      wordCount: 300,
    };
    for (const [type, text] of [
      ['transcription', PLAN_FIT_TEXTS.transcription],
      ['excel-translation', PLAN_FIT_TEXTS.excel],
    ] as const) {
      const po = await newOrder(alice, { ...base, type });
      const res = await authed(t.app, alice).post('/api/2/wizard/finalize', { pid: po.pid });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: text });
      const after = await authed(t.app, alice).get(`/registry/get?data=PurchaseOrder&pid=${po.pid}`);
      expect(order(after).status).toBe('draft');
    }
    const fits = await newOrder(alice, { ...base, type: 'translation' });
    expect((await authed(t.app, alice).post('/api/2/wizard/finalize', { pid: fits.pid })).statusCode).toBe(200);
  });
});

describe('the other wizard calls', () => {
  it('are described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/2/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/api/2/po',
      '/api/2/po/{pid}',
      '/api/2/wizard/finalize',
      '/ajax/filepicker/fileUploaded',
      '/wizard/updateText',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('lists the target languages of a source: every language but itself', async () => {
    const all = await t.app.deps.db.select().from(languages);
    const res = await t.app.inject({ method: 'GET', url: '/api/2/wizard/getavailablelanguagesBySlug?slug=french' });
    expect(res.statusCode).toBe(200);
    const list = (res.json() as Answer<{ slug: string }[]>).results;
    expect(list).toHaveLength(all.length - 1);
    expect(list.map((l) => l.slug)).not.toContain('french');
    expect(list.map((l) => l.slug)).toContain('german');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/2/wizard/getavailablelanguagesBySlug?slug=klingon',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: ORDER_TEXTS.wizardSelectSourceLanguage });
  });

  it('sets the brief, category, expedite and certificate', async () => {
    const po = await newOrder(alice);
    const as = authed(t.app, alice);
    expect(order(await as.post('/api/2/project/brief', { pid: po.pid, note: 'Keep it formal' }))).toMatchObject({
      brief: 'Keep it formal',
    });
    expect(
      order(await as.post('/api/2/project/translation-category', { pid: po.pid, category: 'legal' })),
    ).toMatchObject({
      translationCategory: 'legal',
    });
    const bad = await as.post('/api/2/project/translation-category', { pid: po.pid, category: 'poetry' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: ORDER_TEXTS.wizardSelectOption });
    expect(order(await as.post('/api/2/expedite/update', { pid: po.pid, value: '1' }))).toMatchObject({
      expedite: true,
    });
    expect(order(await as.post('/api/2/certificate/update', { pid: po.pid, value: 'true' }))).toMatchObject({
      certificate: true,
    });
    expect(order(await as.post('/api/2/expedite/update', { pid: po.pid, value: '0' }))).toMatchObject({
      expedite: false,
    });
    expect((await as.post('/api/2/expedite/update', { pid: po.pid, value: 'perhaps' })).statusCode).toBe(400);
    expect((await as.post('/api/2/expedite/update', { value: '1' })).statusCode).toBe(400);
  });

  it('stores reference files without counting them', async () => {
    const po = await newOrder(alice, { wordCount: 300 });
    const before = storedFiles(t.app).length;
    const res = await authed(t.app, alice).inject({
      method: 'POST',
      url: `/api/2/projects/${po.pid}/addresource`,
      ...multipart({ context: 'reference' }, [
        { filename: 'glossary.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2]), type: 'image/png' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Answer<unknown[]>).results).toMatchObject([
      { fileName: 'glossary.png', words: null, context: 'reference', mime: 'image/png', sizeBytes: 6 },
    ]);
    const view = order(await authed(t.app, alice).get(`/registry/get?data=PurchaseOrder&pid=${po.pid}`));
    expect(view).toMatchObject({ wordCount: 300, wordCountSource: 'manual' });
    const wrongContext = await authed(t.app, alice).inject({
      method: 'POST',
      url: `/api/2/projects/${po.pid}/addresource`,
      ...multipart({ context: 'source' }, [{ filename: 'a.txt', content: 'x' }]),
    });
    expect(wrongContext.statusCode).toBe(400);
    const outsider = await authed(t.app, bob).inject({
      method: 'POST',
      url: `/api/2/projects/${po.pid}/addresource`,
      ...multipart({ context: 'reference' }, [{ filename: 'a.txt', content: 'x' }]),
    });
    expect(outsider.statusCode).toBe(404);
    expect(storedFiles(t.app)).toHaveLength(before + 1);
  });

  it('offers no machine translation while no engine is connected', async () => {
    const mt = await newOrder(alice, {
      type: 'machine-translation',
      source_language: 'american-english',
      target_languages: ['german'],
      materialsOption: 'count',
      wordCount: 500,
    });
    const params = await authed(t.app, alice).get(`/api/2/wizard/mt-available-params?poid=${mt.pid}`);
    expect(params.json()).toEqual({ results: { available: false, pairs: [] } });
    const prices = await authed(t.app, alice).get('/registry/get?data=Price');
    expect(prices.json().results.mtEngines).toEqual([]);
    const finalized = await authed(t.app, alice).post('/api/2/wizard/finalize', { pid: mt.pid });
    expect(finalized.statusCode).toBe(400);
    expect(finalized.json()).toMatchObject({ errors: { type: PLAN_FIT_TEXTS.machineTranslation } });
  });
});

describe('guests, finish later and finalize', () => {
  it('a guest order is bound to the po_token cookie (only its hash is stored)', async () => {
    const guest = guestBrowser(t.app);
    const po = await guest.createOrder({ source_language: 'spanish' });
    expect(po.isGuest).toBe(true);
    const token = guest.cookie?.split('=')[1] ?? '';
    const [row] = await t.app.deps.db.select().from(purchaseOrders).where(eq(purchaseOrders.key, po.pid));
    expect(row.customerId).toBeNull();
    expect(row.guestTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.guestTokenHash).not.toContain(token);
    const mine = await guest.inject({ method: 'GET', url: `/registry/get?data=PurchaseOrder&pid=${po.pid}` });
    expect(mine.statusCode).toBe(200);
    const other = guestBrowser(t.app);
    await other.createOrder();
    expect(
      (await other.inject({ method: 'GET', url: `/registry/get?data=PurchaseOrder&pid=${po.pid}` })).statusCode,
    ).toBe(404);
    const upload = await guest.inject({
      method: 'POST',
      url: '/ajax/filepicker/fileUploaded',
      ...multipart({ pid: po.pid }, [{ filename: 'a.txt', content: 'guests count too' }]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((upload.json() as FileUploadedAnswer).wordCount).toBe(3);
  });

  it('a guest must sign in to finalize', async () => {
    const guest = guestBrowser(t.app);
    const po = await guest.createOrder();
    const res = await guest.inject({ method: 'POST', url: '/api/2/wizard/finalize', payload: { pid: po.pid } });
    expect(res.statusCode).toBe(401);
  });

  it("the guest's draft orders are claimed at signup", async () => {
    const guest = guestBrowser(t.app);
    const po = await guest.createOrder({ source_language: 'spanish' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/userService/addAccountInfo',
      ...form(signUpForm()),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: guest.cookie ?? '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cleared = res.cookies.find((c) => c.name === GUEST_COOKIE);
    expect(cleared?.value).toBe('');
    const userId = (res.json() as { user: { id: number } }).user.id;
    const [row] = await t.app.deps.db.select().from(purchaseOrders).where(eq(purchaseOrders.key, po.pid));
    expect(row).toMatchObject({ customerId: userId, guestTokenHash: null });
    // the old guest cookie no longer opens it
    expect(
      (await guest.inject({ method: 'GET', url: `/registry/get?data=PurchaseOrder&pid=${po.pid}` })).statusCode,
    ).toBe(404);
  });

  it("the guest's draft orders are claimed at sign-in", async () => {
    const account = await signUp(t.app);
    const guest = guestBrowser(t.app);
    const po = await guest.createOrder();
    const res = await loginRequest(t.app, account.email, account.password, { cookie: guest.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const sid = res.cookies.find((c) => c.name === 'sid')?.value;
    const view = await t.app.inject({
      method: 'GET',
      url: `/registry/get?data=PurchaseOrder&pid=${po.pid}`,
      headers: { cookie: `sid=${sid}` },
    });
    expect(view.statusCode).toBe(200);
    expect(order(view)).toMatchObject({ isGuest: false });
  });

  it('finish later mails a link that resumes the order in another browser', async () => {
    const guest = guestBrowser(t.app);
    const po = await guest.createOrder({ source_language: 'spanish' });
    const noEmail = await guest.inject({
      method: 'POST',
      url: '/api/2/po/finish-later',
      payload: { pid: po.pid, step: 'languages' },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ errors: { email: ORDER_TEXTS.wizardEmailRequired } });
    const badEmail = await guest.inject({
      method: 'POST',
      url: '/api/2/po/finish-later',
      payload: { pid: po.pid, email: 'nope' },
    });
    expect(badEmail.statusCode).toBe(400);

    const res = await guest.inject({
      method: 'POST',
      url: '/api/2/po/finish-later',
      payload: { pid: po.pid, email: 'later@example.test', step: 'languages' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ results: { sent: true, email: 'later@example.test' } });
    const mail = mailer.last('later@example.test');
    const link = /(http:\/\/localhost:3000\/wizard\?pid=[^\s"&]+&resume=[^\s"<]+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();
    const url = new URL(link ?? '');
    expect(url.searchParams.get('pid')).toBe(po.pid);
    const resume = url.searchParams.get('resume') ?? '';

    // another device: no cookie
    const phone = guestBrowser(t.app);
    expect(
      (await phone.inject({ method: 'GET', url: `/registry/get?data=PurchaseOrder&pid=${po.pid}` })).statusCode,
    ).toBe(404);
    const opened = await phone.inject({ method: 'POST', url: '/api/2/po/resume', payload: { pid: po.pid, resume } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(order(opened)).toMatchObject({ pid: po.pid, step: 'languages', source_language: 'spanish' });
    phone.setCookie(guestCookieOf(opened));
    expect(
      (await phone.inject({ method: 'GET', url: `/registry/get?data=PurchaseOrder&pid=${po.pid}` })).statusCode,
    ).toBe(200);

    // the link opens that order only
    const otherOrder = await guest.createOrder();
    const wrong = await phone.inject({
      method: 'POST',
      url: '/api/2/po/resume',
      payload: { pid: otherOrder.pid, resume },
    });
    expect(wrong.statusCode).toBe(404);
    const tampered = await phone.inject({
      method: 'POST',
      url: '/api/2/po/resume',
      payload: { pid: po.pid, resume: `${resume.slice(0, -2)}AA` },
    });
    expect(tampered.statusCode).toBe(404);
    // expired after 30 days
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    try {
      const late = await guestBrowser(t.app).inject({
        method: 'POST',
        url: '/api/2/po/resume',
        payload: { pid: po.pid, resume },
      });
      expect(late.statusCode).toBe(404);
      expect(late.json()).toMatchObject({ message: ORDER_TEXTS.wizardResumeInvalid });
    } finally {
      t.clock.advance(-31 * 24 * 60 * 60 * 1000);
    }
  });

  it("a customer's finish-later link needs that customer", async () => {
    const po = await newOrder(alice);
    const res = await authed(t.app, alice).post('/api/2/po/finish-later', { pid: po.pid, step: 'brief' });
    expect(res.statusCode, res.body).toBe(200);
    const text = mailer.last(alice.user.email)?.text ?? '';
    const resume = new URL(/(http\S+)/.exec(text)?.[1] ?? 'http://x').searchParams.get('resume') ?? '';
    const asGuest = await t.app.inject({ method: 'POST', url: '/api/2/po/resume', payload: { pid: po.pid, resume } });
    expect(asGuest.statusCode).toBe(401);
    expect((await authed(t.app, bob).post('/api/2/po/resume', { pid: po.pid, resume })).statusCode).toBe(404);
    const own = await authed(t.app, alice).post('/api/2/po/resume', { pid: po.pid, resume });
    expect(order(own)).toMatchObject({ step: 'brief' });
  });

  it('finalize refuses an incomplete order field by field', async () => {
    const po = await newOrder(alice);
    const res = await authed(t.app, alice).post('/api/2/wizard/finalize', { pid: po.pid });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: {
        source_language: ORDER_TEXTS.wizardSelectSourceLanguage,
        target_languages: ORDER_TEXTS.wizardSelectTargetLanguages,
        expertise: ORDER_TEXTS.wizardChooseExpertise,
        wordCount: ORDER_TEXTS.wizardAttachFileOrText,
      },
    });
    await authed(t.app, alice).postJson(`/api/2/po/${po.pid}`, { materialsOption: 'upload' });
    const upload = await authed(t.app, alice).post('/api/2/wizard/finalize', { pid: po.pid });
    expect(upload.json()).toMatchObject({ errors: { wordCount: ORDER_TEXTS.wizardAttachFile } });
  });

  it('finalize quotes the order with the price table and moves it to the cart', async () => {
    const po = await newOrder(alice, {
      type: 'translation',
      source_language: 'american-english',
      target_languages: ['french', 'german'],
      expertise: 'legal',
    });
    await upload(alice, po.pid, [{ filename: 'a.txt', content: 'word '.repeat(1200) }]);
    await authed(t.app, alice).post('/api/2/expedite/update', { pid: po.pid, value: '1' });
    const res = await authed(t.app, alice).post('/api/2/wizard/finalize', { pid: po.pid });
    expect(res.statusCode, res.body).toBe(200);
    const expected = await priceOrder(
      t.app.deps.db,
      {
        projectType: 'translation',
        sourceLanguage: 'american-english',
        targetLanguages: ['french', 'german'],
        expertise: 'legal',
        wordCount: 1200,
        needProofreading: false,
        expedite: true,
        certificate: false,
      },
      new Date(),
    );
    expect(expected.subtotalCredits).toBeGreaterThan(0);
    expect(order(res)).toMatchObject({ status: 'cart', quotedCredits: expected.subtotalCredits, wordCount: 1200 });
    const [row] = await t.app.deps.db.select().from(purchaseOrders).where(eq(purchaseOrders.key, po.pid));
    expect(row.status).toBe('cart');
    // paid orders are closed
    await t.app.deps.db.update(purchaseOrders).set({ status: 'paid' }).where(eq(purchaseOrders.id, row.id));
    const closed = await authed(t.app, alice).post('/api/2/project/brief', { pid: po.pid, note: 'late' });
    expect(closed.statusCode).toBe(409);
  });
});

describe('machine translation with engines connected', () => {
  let mtApp: TestApp;
  let carol: TestSession;
  let libre: FakeEngineServer;
  let openAi: FakeEngineServer;
  beforeAll(async () => {
    libre = await fakeLibreTranslate();
    openAi = await fakeOpenAi('sk-test');
    mtApp = await createTestApp({
      mt: {
        deepl: null,
        libreTranslate: { url: libre.url },
        openAi: { baseUrl: `${openAi.url}/v1`, apiKey: 'sk-test', model: 'gpt-test' },
      },
    });
    carol = await signUp(mtApp.app);
  });
  afterAll(async () => {
    await mtApp?.close();
    await libre?.close();
    await openAi?.close();
  });

  it('answers per pair the engines that translate it, for machine-translation types only', async () => {
    const as = authed(mtApp.app, carol);
    const create = async (fields: Record<string, unknown>) => order(await as.postJson('/api/2/po', fields));
    const human = await create({ source_language: 'american-english', target_languages: ['german'] });
    const none = await as.get(`/api/2/wizard/mt-available-params?poid=${human.pid}`);
    expect(none.json()).toEqual({ results: { available: false, pairs: [] } });
    const mt = await create({
      type: 'machine-translation',
      source_language: 'american-english',
      target_languages: ['german', 'finnish'],
    });
    const res = await as.get(`/api/2/wizard/mt-available-params?poid=${mt.pid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual({
      available: true,
      pairs: [
        {
          source_language: 'american-english',
          target_language: 'german',
          engines: [
            { slug: 'libretranslate', name: 'LibreTranslate', formality: false, glossary: false },
            { slug: 'openai', name: 'AI translation (large language model)', formality: true, glossary: true },
          ],
          formality: true,
          glossary: true,
        },
        {
          // the LibreTranslate server has no Finnish model
          source_language: 'american-english',
          target_language: 'finnish',
          engines: [
            { slug: 'openai', name: 'AI translation (large language model)', formality: false, glossary: true },
          ],
          formality: false,
          glossary: true,
        },
      ],
    });
    const prices = await as.get('/registry/get?data=Price');
    expect(prices.json().results.mtEngines.map((e: { slug: string }) => e.slug)).toEqual(['libretranslate', 'openai']);

    const chosen = await as.postJson(`/api/2/po/${mt.pid}`, {
      mtParams: { german: { engine: 'openai', formality: 'formal', glossary: true } },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(order(chosen).mtParams).toEqual({ german: { engine: 'openai', formality: 'formal', glossary: true } });
    // LibreTranslate takes neither a formality nor terms; Finnish has no formal "you"; DeepL is not connected
    for (const choice of [
      { german: { engine: 'libretranslate', formality: 'formal' } },
      { german: { engine: 'libretranslate', glossary: true } },
      { finnish: { engine: 'openai', formality: 'informal' } },
      { finnish: { engine: 'libretranslate' } },
      { german: { engine: 'deepl' } },
      { german: { engine: 'babelfish' } },
    ]) {
      const refused = await as.postJson(`/api/2/po/${mt.pid}`, { mtParams: choice });
      expect(refused.statusCode, JSON.stringify(choice)).toBe(400);
      expect(refused.json()).toMatchObject({ errors: { mtParams: ORDER_TEXTS.wizardSelectOption } });
    }
    // a refused choice changes nothing
    expect(order(await as.get(`/registry/get?data=PurchaseOrder&pid=${mt.pid}`)).mtParams).toEqual({
      german: { engine: 'openai', formality: 'formal', glossary: true },
    });
    const humanChoice = await as.postJson(`/api/2/po/${human.pid}`, { mtParams: { german: { engine: 'openai' } } });
    expect(humanChoice.json()).toMatchObject({ errors: { mtParams: ORDER_TEXTS.wizardMtNotAvailable } });
    // dropping a target drops its choice
    const dropped = await as.postJson(`/api/2/po/${mt.pid}`, { target_languages: ['finnish'] });
    expect(order(dropped).mtParams).toEqual({});
  });
});
