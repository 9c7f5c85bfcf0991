import { ORDER_TEXTS } from '@parlance/shared';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeDocument } from './analyze';
import { DocumentError } from './errors';
import { extractText } from './extract-text';
import { fetchUrl, isSpecialAddress } from './fetch-url';
import { makePdf } from './test-fixtures';

let server: Server;
let base: string;
let pdf: Buffer;

beforeAll(async () => {
  pdf = await makePdf(['A linked PDF with eight words in it.']);
  server = createServer((req, res) => {
    switch (req.url) {
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<html><head><title>Local page</title><script>var x = "not words";</script></head><body><p>Hello from a local server.</p></body></html>',
        );
        return;
      case '/latin1':
        res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
        res.end(Buffer.from('<p>caf\xe9 cr\xe8me</p>', 'latin1'));
        return;
      case '/redirect':
        res.writeHead(302, { location: '/page' });
        res.end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        res.end();
        return;
      case '/doc.pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(pdf);
        return;
      case '/huge':
        // no content-length: the cap must hold while reading
        res.writeHead(200, { 'content-type': 'text/html' });
        for (let i = 0; i < 7; i++) res.write(Buffer.alloc(1024 * 1024, 0x61));
        res.end();
        return;
      case '/slow':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<p>never');
        return; // never ends
      case '/missing':
        res.writeHead(404);
        res.end('nope');
        return;
      default:
        res.writeHead(500);
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function refusal(promise: Promise<unknown>): Promise<DocumentError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
}

const allowPrivate = { fetch: { allowPrivate: true } };

describe('counting a web page by its address', () => {
  it('fetches a page from a local server (allowPrivate) and counts its visible text', async () => {
    // Local page (2) Hello from a local server (5)
    expect(await analyzeDocument({ kind: 'url', url: `${base}/page` }, allowPrivate)).toMatchObject({
      type: 'html',
      words: 7,
      url: `${base}/page`,
    });
  });

  it('follows a redirect and decodes the declared charset', async () => {
    expect((await analyzeDocument({ kind: 'url', url: `${base}/redirect` }, allowPrivate)).url).toBe(`${base}/page`);
    const page = await extractText({ kind: 'url', url: `${base}/latin1` }, allowPrivate);
    expect(page.text.trim()).toBe('café crème');
  });

  it('reads a linked PDF as a PDF', async () => {
    expect(await analyzeDocument({ kind: 'url', url: `${base}/doc.pdf` }, allowPrivate)).toMatchObject({
      type: 'pdf',
      words: 8,
    });
  });

  it('refuses a private or loopback address without allowPrivate', async () => {
    for (const url of [
      `${base}/page`,
      'http://localhost:1/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const error = await refusal(analyzeDocument({ kind: 'url', url }));
      expect(error.code).toBe('url-not-allowed');
      expect(error.message).toBe(ORDER_TEXTS.urlNotAllowed);
    }
  });

  it('refuses other schemes and malformed addresses', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'not a url', 'http://user:pw@example.com/']) {
      expect((await refusal(fetchUrl(url))).code).toBe('url-invalid');
    }
  });

  it('stops reading a body past 5 MB', async () => {
    const error = await refusal(fetchUrl(`${base}/huge`, { allowPrivate: true }));
    expect(error.code).toBe('url-too-large');
  });

  it('gives up after the time limit, a redirect loop, or an error status', async () => {
    const started = performance.now();
    expect((await refusal(fetchUrl(`${base}/slow`, { allowPrivate: true, timeoutMs: 300 }))).code).toBe('url-failed');
    expect(performance.now() - started).toBeLessThan(2000);
    expect((await refusal(fetchUrl(`${base}/loop`, { allowPrivate: true }))).detail).toBe('too many redirects');
    expect((await refusal(fetchUrl(`${base}/missing`, { allowPrivate: true }))).detail).toBe('HTTP 404');
  });
});

describe('isSpecialAddress', () => {
  it('flags private, loopback, link-local and mapped addresses, not public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      'not-an-ip',
    ]) {
      expect(isSpecialAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isSpecialAddress(address), address).toBe(false);
    }
  });
});
