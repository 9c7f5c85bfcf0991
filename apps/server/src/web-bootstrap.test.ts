import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { WEB_BOOTSTRAP_ELEMENT_ID, type WebBootstrap } from '@parlance/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema';
import { signUp } from './test/auth-helpers';
import { createTestApp, type TestApp } from './test/harness';

// index.html as the server answers it: with the visitor's own user and the config written in as a
// JSON script element (modules/registry/web-bootstrap.ts), private to the session.

let t: TestApp;
let dist: string;
const INDEX =
  '<!doctype html><html><head><title>Parlance</title><script type="module" src="/assets/index-x.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'parlance-web-bootstrap-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The script elements of a page, as a browser's HTML parser would split them. */
function scriptsOf(html: string): { attrs: string; text: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)].map((m) => ({ attrs: m[1], text: m[2] }));
}

function bootstrapOf(html: string): WebBootstrap {
  const scripts = scriptsOf(html).filter((s) => s.attrs.includes(`id="${WEB_BOOTSTRAP_ELEMENT_ID}"`));
  expect(scripts).toHaveLength(1);
  expect(scripts[0].attrs).toContain('type="application/json"');
  return JSON.parse(scripts[0].text) as WebBootstrap;
}

async function page(url: string, cookie?: string) {
  return t.app.inject({ url, headers: cookie ? { cookie } : {} });
}

describe('the bootstrap in index.html', () => {
  it('a guest gets no user and the config, on every address of the app', async () => {
    const config = (await t.app.inject({ url: '/registry/get?data=Config' })).json().results;
    for (const url of ['/', '/auth', '/my-projects?x=1']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const boot = bootstrapOf(res.body);
      expect(boot.user, url).toBeNull();
      expect(boot.config, url).toEqual(config);
    }
  });

  it('a signed-in person gets exactly their own user, as /registry/get answers it to them', async () => {
    const ann = await signUp(t.app, { full_name: 'Ann Bootstrap' });
    const bob = await signUp(t.app, { full_name: 'Bob Bootstrap' });
    const annPage = (await page('/cpanel', ann.cookie)).body;
    const annUser = (await t.app.inject({ url: '/registry/get?data=User', headers: { cookie: ann.cookie } })).json()
      .results;
    expect(bootstrapOf(annPage).user).toEqual(annUser);
    expect(annUser.email).toBe(ann.email);
    expect(annPage).not.toContain(bob.email);
    expect(annPage).not.toContain('Bob Bootstrap');
    expect(bootstrapOf((await page('/cpanel', bob.cookie)).body).user?.email).toBe(bob.email);
  });

  it('a signed-in person gets the languages and expertises as /registry/get answers them; a guest does not', async () => {
    const ann = await signUp(t.app, { full_name: 'Ann Lists' });
    const boot = bootstrapOf((await page('/my-projects', ann.cookie)).body);
    const listOf = async (kind: string) =>
      (await t.app.inject({ url: `/registry/get?data=${kind}`, headers: { cookie: ann.cookie } })).json().results;
    expect(boot.languages).toEqual(await listOf('Language'));
    expect(boot.expertises).toEqual(await listOf('Expertise'));
    expect(boot.languages?.length).toBeGreaterThan(10);
    const guest = bootstrapOf((await page('/auth')).body);
    expect(guest.languages).toBeUndefined();
    expect(guest.expertises).toBeUndefined();
  });

  it('after signing out the same cookie gets the guest page', async () => {
    const ann = await signUp(t.app, { full_name: 'Ann Leaving' });
    const out = await t.app.inject({ url: '/api/logout', headers: { cookie: ann.cookie, 'x-csrf-token': ann.csrf } });
    expect(out.statusCode).toBe(200);
    const res = await page('/cpanel', ann.cookie);
    expect(bootstrapOf(res.body).user).toBeNull();
    expect(res.body).not.toContain(ann.email);
  });

  it('a </script> or <!-- in a name cannot end the element or start another script', async () => {
    const eve = await signUp(t.app, { full_name: 'Eve Evans' });
    const name = 'Eve </script><script>alert(1)</script> <!-- &amp; \u2028';
    await t.app.deps.db.update(users).set({ name }).where(eq(users.email, eve.email));
    const res = await page('/cpanel', eve.cookie);
    const scripts = scriptsOf(res.body);
    // the bootstrap element and the page's own module script: nothing else, nothing executable inline
    expect(scripts).toHaveLength(2);
    expect(scripts.filter((s) => s.text.includes('alert'))).toHaveLength(1);
    expect(scripts.find((s) => s.text.includes('alert'))?.attrs).toContain('type="application/json"');
    expect(res.body).not.toContain('</script><script>alert');
    expect(bootstrapOf(res.body).user?.name).toBe(name);
  });

  it('the page is private to the session: no shared cache keeps it, and it varies with the cookie', async () => {
    const ann = await signUp(t.app, { full_name: 'Ann Headers' });
    for (const cookie of [undefined, ann.cookie]) {
      const res = await page('/dashboard', cookie);
      expect(res.headers['cache-control']).toBe('no-cache, private');
      expect(String(res.headers.vary)).toMatch(/cookie/i);
      // the script element is data, not code: the CSP still allows no inline script
      const scriptSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc).toBeDefined();
      expect(scriptSrc).not.toContain('unsafe-inline');
    }
  });
});
