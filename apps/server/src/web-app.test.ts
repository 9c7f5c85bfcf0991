import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isApiPath } from '@parlance/shared';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

// What the server answers beside its API: the built web app (a stand-in dist here), with the
// fallback to index.html for the app's own addresses and JSON 404s under the API prefixes.

let t: TestApp;
let dist: string;
const INDEX = `<!doctype html><html><head><title>Parlance</title></head><body><div id="root"></div>${'<!-- filler -->'.repeat(100)}</body></html>`;
const CHUNK = `export const x = ${JSON.stringify('a'.repeat(4000))};`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'parlance-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  // as the build writes them (apps/web/scripts/report-chunks.mjs): the server sends these as they are
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), CHUNK);
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('API paths and the web app', () => {
  it('every route lives under one of the shared API prefixes (the dev proxy forwards exactly those)', () => {
    const paths = [...new Set((t.app as unknown as { routeTable: string[] }).routeTable.map((r) => r.split(' ')[1]))];
    expect(paths.length).toBeGreaterThan(100);
    // the web app's own files are routes too (the static plugin registers each one)
    const webFiles = new Set(['/index.html', '/index.html.gz', '/index.html.br', '/assets/index-AbC123.js']);
    expect(paths.filter((p) => !isApiPath(p) && !webFiles.has(p))).toEqual([]);
  });

  it('an unknown path under an API prefix is a JSON 404; any other GET is the web app', async () => {
    for (const url of ['/telegram/nothing', '/file-storage/nothing', '/sandbox/nothing', '/api/2/nothing']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
    const page = await t.app.inject({ url: '/my-projects' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });
});

describe('caching and compression', () => {
  it('hashed assets are cached for a year, immutable', async () => {
    const res = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html is revalidated, as the fallback (private: it carries the signed-in user) and by its own name', async () => {
    const fallback = await t.app.inject({ url: '/my-projects' });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['cache-control']).toBe('no-cache, private');
    const file = await t.app.inject({ url: '/index.html' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-cache');
  });

  it('JSON and HTML above 1 kB are compressed, brotli first, gzip otherwise', async () => {
    const json = await t.app.inject({ url: '/api/2/discover/languages', headers: { 'accept-encoding': 'br, gzip' } });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-encoding']).toBe('br');
    const gz = await t.app.inject({ url: '/api/2/discover/languages', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const encoding of ['br', 'gzip']) {
      const html = await t.app.inject({ url: '/my-projects', headers: { 'accept-encoding': encoding } });
      expect(html.headers['content-encoding']).toBe(encoding);
      expect(html.headers['cache-control']).toBe('no-cache, private');
    }
  });

  it('small answers and clients without accept-encoding get plain bodies', async () => {
    const small = await t.app.inject({ url: '/api/2/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await t.app.inject({ url: '/api/2/discover/languages' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body)).toBeTruthy();
  });
});
