import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

// The OpenAPI document as a contract; `npm run lint:openapi` lints it with @redocly/cli.

let t: TestApp;
type Operation = {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, unknown>;
  description?: string;
  'x-access'?: string;
};
let paths: Record<string, Record<string, Operation>>;
let doc: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/2/docs/openapi.json' });
  doc = res.json();
  paths = doc.paths as typeof paths;
});

afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(paths).flatMap(([path, ops]) => Object.entries(ops).map(([m, op]) => ({ path, m, op })));

describe('the OpenAPI document', () => {
  it('declares the session and bearer schemes and a server', () => {
    const schemes = (doc.components as { securitySchemes: Record<string, { type: string; in?: string }> })
      .securitySchemes;
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('gives every operation a unique operationId, its security and its 4xx answers', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, m, op } of ops) {
      expect(op.security, `${m} ${path}`).toBeDefined();
      expect(Object.keys(op.responses), `${m} ${path}`).toEqual(expect.arrayContaining(['400', '404']));
    }
    const invoice = paths['/api/2/account/invoice/{id}'].get;
    expect(invoice.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(Object.keys(invoice.responses)).toEqual(expect.arrayContaining(['401', '403']));
    expect(paths['/api/2/account/auth/login'].post.security).toEqual([]);
  });

  it('says who may call each operation, as the server applies it', () => {
    for (const { path, m, op } of operations()) {
      expect(op['x-access'], `${m} ${path}`).toBe(
        t.app.routeAccess.get(`${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
      expect(op.description, `${m} ${path}`).toMatch(/Who may call it: .+\.$/);
    }
    expect(paths['/api/2/admin/payments'].get.description).toContain('the permission `backoffice.read`');
    expect(paths['/api/2/account/auth/login'].post.description).toContain('Who may call it: anyone, signed in or not.');
  });

  it('documents the health probes and /api/2/realtime, not /metrics', () => {
    expect(paths['/api/2/health'].get.responses['200']).toBeDefined();
    expect(paths['/api/2/health/live'].get['x-access']).toBe('public');
    expect(Object.keys(paths['/api/2/health/ready'].get.responses)).toEqual(expect.arrayContaining(['200', '503']));
    // the metrics are for the operator's scraper, not part of the API
    expect(paths['/metrics']).toBeUndefined();
    expect(paths['/api/2/realtime'].get.operationId).toBe('getApi2Realtime');
  });
});
