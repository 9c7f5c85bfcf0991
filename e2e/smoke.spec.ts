import { expect, test, expectSettled } from './fixtures';

// The built app is up, answers its health check, and a guest opening it meets the sign-in page
// without a single browser error.

test('the health check answers OK', async ({ request }) => {
  const res = await request.get('/api/2/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'OK', engine: 'pglite' });
});

test('a guest opening / lands on /auth without browser errors', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/auth');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // the form's lazy parts (captcha, links) have settled before judging
  await expectSettled(page);
  expect(consoleErrors).toEqual([]);
});

test('the server refuses unknown API paths with JSON, and serves the app for unknown pages', async ({ request }) => {
  const api = await request.get('/api/2/no-such-call');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ status: 'ERROR' });
  const page = await request.get('/no-such-page');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');
});
