import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { securityHeaders } from './security-headers';

// Security headers computed once, still on every answer.

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('every answer carries the policy, on API routes and on 404s alike', async () => {
    for (const url of ['/api/2/health', '/api/2/no-such-call']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // plain http: no HSTS
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS only when asked, and nothing depends on the request', () => {
    expect(securityHeaders({ hsts: true })['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(securityHeaders({ hsts: false })['strict-transport-security']).toBeUndefined();
    expect(securityHeaders({})).toEqual(securityHeaders({}));
  });
});
