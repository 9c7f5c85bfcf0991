import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesPattern, type RoutePreloads } from './modules/registry/web-preloads';
import { signUp } from './test/auth-helpers';
import { createTestApp, type TestApp } from './test/harness';

// index.html names the chunks of the page it opens as module preloads (ADR 0120), from the list the
// web build writes (route-preloads.json): the page's own for the address, the signed-in header's
// for a signed-in visitor, nothing of a signed-in page for a guest (the guard sends them to /auth).

let t: TestApp;
let dist: string;
const INDEX =
  '<!doctype html><html><head><title>Parlance</title><script type="module" src="/assets/index-x.js"></script></head><body><div id="root"></div></body></html>';
const PRELOADS: RoutePreloads = {
  routes: [
    ['/auth', ['/assets/AuthPage-a.js']],
    ['/cpanel', ['/assets/CpanelPage-c.js', '/assets/Skeleton-s.js']],
    ['/admin/outbox', ['/assets/OutboxPage-o.js']],
    ['/admin/:id', ['/assets/BackofficeUserPage-b.js']],
    ['/my-projects', ['/assets/MyProjectsRoute-m.js']],
    ['/my-projects/*', ['/assets/MyProjectsRoute-m.js']],
    ['/blend-talk/chat/*', ['/assets/ChatPage-t.js']],
  ],
  myProjectsSides: {
    customer: ['/assets/CustomerProjectsPage-p.js', '/assets/Skeleton-s.js'],
    translator: ['/assets/TranslatorProjectsPage-p.js'],
    admin: ['/assets/AdminProjectsPage-p.js'],
  },
  signedIn: ['/assets/SignedInActions-i.js', '/assets/Skeleton-s.js'],
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'parlance-web-preloads-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'route-preloads.json'), JSON.stringify(PRELOADS));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function preloadsOf(url: string, cookie?: string): Promise<string[]> {
  const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, url).toBe(200);
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  return [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
}

describe('module preloads in index.html', () => {
  it('a guest gets the chunks of a public page, and none of a page they must sign in for', async () => {
    expect(await preloadsOf('/auth?mode=signup')).toEqual(['/assets/AuthPage-a.js']);
    expect(await preloadsOf('/cpanel')).toEqual([]);
    expect(await preloadsOf('/no-such-page')).toEqual([]);
  });

  it("a signed-in person gets the page's chunks and the header's, each once", async () => {
    const ann = await signUp(t.app, { full_name: 'Ann Preloads' });
    expect(await preloadsOf('/cpanel', ann.cookie)).toEqual([
      '/assets/CpanelPage-c.js',
      '/assets/Skeleton-s.js',
      '/assets/SignedInActions-i.js',
    ]);
    expect(await preloadsOf('/blend-talk/chat/42', ann.cookie)).toContain('/assets/ChatPage-t.js');
    // the first pattern that matches, as the router's own order has it
    expect(await preloadsOf('/admin/outbox', ann.cookie)).toContain('/assets/OutboxPage-o.js');
    expect(await preloadsOf('/admin/outbox', ann.cookie)).not.toContain('/assets/BackofficeUserPage-b.js');
  });

  it('/my-projects adds the side the address shows to this user', async () => {
    const ann = await signUp(t.app, { full_name: 'Ann Projects' });
    expect(await preloadsOf('/my-projects', ann.cookie)).toEqual([
      '/assets/MyProjectsRoute-m.js',
      '/assets/CustomerProjectsPage-p.js',
      '/assets/Skeleton-s.js',
      '/assets/SignedInActions-i.js',
    ]);
    expect(await preloadsOf('/my-projects/translator', ann.cookie)).toContain('/assets/TranslatorProjectsPage-p.js');
  });
});

describe('matchesPattern', () => {
  it('matches as React Router does for the router’s patterns', () => {
    expect(matchesPattern('/cpanel', '/cpanel/')).toBe(true);
    expect(matchesPattern('/cpanel', '/cpanel/x')).toBe(false);
    expect(matchesPattern('/admin/:id', '/admin/7')).toBe(true);
    expect(matchesPattern('/admin/:id', '/admin')).toBe(false);
    expect(matchesPattern('/payment/*', '/payment')).toBe(true);
    expect(matchesPattern('/payment/*', '/payment/a/b')).toBe(true);
    expect(matchesPattern('/profile/*', '/profiles')).toBe(false);
  });
});
