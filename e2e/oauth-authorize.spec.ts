import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectAccessible, NEW_PASSWORD, shotPage, signIn, signOut, test } from './fixtures';
import { signUpCustomer } from './ordering-helpers';

// OAuth authorization code with PKCE as a partner's application meets it: a customer registers a
// client in the profile; the application (this test, with a tiny local server as its redirect
// uri) sends another customer to /oauth/authorize; they sign in, read the consent page and allow;
// the application exchanges the code and calls the customer API; the customer revokes it.

/** The partner application's callback: records each request's query and says so in plain text. */
function callbackServer(): Promise<{ server: Server; url: string; hits: URLSearchParams[] }> {
  const hits: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // the browser also asks for /favicon.ico
    if (url.pathname === '/callback') hits.push(url.searchParams);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Acme Sync</title><h1>Acme Sync received your answer</h1>');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/callback`, hits });
    }),
  );
}

test('a customer allows a partner application, which then acts for them until revoked', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  const callback = await callbackServer();
  try {
    // the partner registers its application in the profile
    const partnerContext = await browser.newContext({ baseURL });
    const partner = await partnerContext.newPage();
    await signUpCustomer(partner, 'Pat Partner');
    await partner.goto('/profile#apikeys');
    await partner.getByLabel('Application name').fill('Acme Sync');
    await partner.getByLabel('Redirect uri').fill(callback.url);
    await partner.getByRole('button', { name: 'Create OAuth client' }).click();
    const clientId = (await partner.getByTestId('secret-Client ID').textContent()) ?? '';
    expect(clientId).toMatch(/^[a-f0-9]{24}$/);
    const clientForm = partner.getByRole('form', { name: 'OAuth client' });
    await expect(clientForm).toContainText('we send them back to exactly this redirect uri');
    await shotPage(partner, 'oauth-client');
    await partnerContext.close();

    // the customer has an account and is signed out when the application sends them
    const email = await signUpCustomer(page, 'Cora Customer');
    await signOut(page);

    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const state = randomBytes(8).toString('hex');
    const authorize = `/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: callback.url,
      scope: 'read order',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })}`;

    // a redirect uri other than the registered one: an error page, and no way there
    await page.goto(authorize.replace(encodeURIComponent('/callback'), encodeURIComponent('/elsewhere')));
    await page.waitForURL('**/auth?**');
    await signIn(page, email, NEW_PASSWORD);
    await expect(page.getByRole('heading', { name: 'This application cannot be authorized' })).toBeVisible();
    await expect(page.getByText('is not the one it registered')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Allow' })).toHaveCount(0);
    await signOut(page);

    // the real request: sign in first, then the consent page
    const opened = await page.goto(authorize);
    expect(opened?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.waitForURL('**/auth?**');
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/oauth\/authorize\?/);
    await expect(page.getByRole('heading', { name: 'Allow Acme Sync to use your Parlance account?' })).toBeVisible();
    await expect(page.getByText('is an application by')).toContainText('Pat Partner');
    const asks = page.getByRole('list', { name: 'What the application may do' });
    await expect(asks.getByRole('listitem')).toHaveText([
      'See your projects, orders, cart and files',
      'Ask for quotes, place orders, send messages, and approve or dispute deliveries',
    ]);
    await expect(page.getByText('After you answer you go back to')).toContainText('127.0.0.1');
    await expectAccessible(page);
    await shotPage(page, 'consent');

    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByRole('heading', { name: 'Acme Sync received your answer' })).toBeVisible();
    const answer = callback.hits.at(-1) as URLSearchParams;
    expect(answer.get('state')).toBe(state);
    const code = answer.get('code') ?? '';
    expect(code.length).toBeGreaterThan(20);

    // the application exchanges the code (PKCE, no secret) and calls the customer API for her
    const token = await page.request.post('/api/v1/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: callback.url,
        client_id: clientId,
        code_verifier: verifier,
      },
    });
    expect(token.status()).toBe(200);
    const tokens = (await token.json()) as { access_token: string; refresh_token: string; scope: string };
    expect(tokens.scope).toBe('read order');
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    const me = await page.request.get('/api/v1/me', { headers: bearer });
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ name: 'Cora Customer', email, scopes: ['read', 'order'] });
    const again = await page.request.post('/api/v1/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: callback.url,
        client_id: clientId,
        code_verifier: verifier,
      },
    });
    expect((await again.json()).error).toBe('invalid_grant');

    // a second consent, so that there is a live access to see and revoke in the profile
    await page.goto(authorize);
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByRole('heading', { name: 'Acme Sync received your answer' })).toBeVisible();
    const second = await page.request.post('/api/v1/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code: callback.hits.at(-1)?.get('code') ?? '',
        redirect_uri: callback.url,
        client_id: clientId,
        code_verifier: verifier,
      },
    });
    const live = { authorization: `Bearer ${((await second.json()) as { access_token: string }).access_token}` };
    expect((await page.request.get('/api/v1/me', { headers: live })).status()).toBe(200);

    await page.goto('/profile#apikeys');
    const apps = page.getByRole('list', { name: 'Authorized applications' });
    await expect(apps.getByRole('listitem').filter({ hasText: 'Acme Sync' })).toHaveCount(1);
    await expect(apps).toContainText('By Pat Partner');
    await expect(apps).toContainText('last used');
    await expectAccessible(page);
    await shotPage(page, 'authorized-apps');

    await page.getByRole('button', { name: 'Revoke Acme Sync' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Access removed: the application can no longer act for you.')).toBeVisible();
    await expect(page.getByText('No application can act for you yet.')).toBeVisible();
    const refused = await page.request.get('/api/v1/me', { headers: live });
    expect(refused.status()).toBe(401);
    expect(consoleErrors).toEqual([]);
  } finally {
    callback.server.close();
  }
});
