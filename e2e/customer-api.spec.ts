import { expect, expectAccessible, test, shotPage, signInWith } from './fixtures';

// The customer API from the browser's side: a customer creates a key, copies it, sees it
// masked afterwards and revokes it (the key then stops working); /api-docs renders the reference.

test('a customer creates an API key, copies it, sees it masked, and revokes it', async ({
  page,
  newAccount,
  context,
  consoleErrors,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInWith(page, await newAccount({ name: 'Ada Integrator' }));
  await page.goto('/cpanel');
  await page.getByRole('link', { name: 'API Keys' }).first().click();
  await expect(page.getByText('You have no API key yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Generate API key' }).click();
  const key = (await page.getByTestId('secret-API key').textContent()) ?? '';
  expect(key).toMatch(/^prl_[a-f0-9]{16}_/);
  await page.getByRole('button', { name: 'Copy' }).first().click();
  await expect(page.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // the key works on the API, with its scopes
  const me = await page.request.get('/api/v1/me', { headers: { authorization: `Bearer ${key}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).scopes).toEqual(['read', 'order', 'pay']);
  await expect(page.getByRole('checkbox', { name: /^Pay/ })).toBeChecked();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shotPage(page, 'customer-api-keys');

  // afterwards only the masked key is shown
  await page.reload();
  await expect(page.getByTestId('secret-API key')).toHaveCount(0);
  await expect(page.getByText(`${key.slice(0, 21)}…${key.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await shotPage(page, 'customer-api-keys');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Revoke key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(page.getByText('You have no API key yet.')).toBeVisible();
  const after = await page.request.get('/api/v1/me', { headers: { authorization: `Bearer ${key}` } });
  expect(after.status()).toBe(401);
  expect((await after.json()).error.code).toBe('unauthenticated');
  expect(consoleErrors).toEqual([]);
});

test('/api-docs renders the API reference from the served document', async ({ page, consoleErrors }) => {
  // two loads of the whole rendered reference and two accessibility checks of it: 54 s of the
  // default 60 in one CI run at load 10, over it in the next
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { name: 'API Documentation' })).toBeVisible();
  await expect(page.getByText("import createClient from 'openapi-fetch'")).toHaveCount(0);
  await page.getByRole('tab', { name: 'TypeScript' }).click();
  await expect(page.getByText("import createClient from 'openapi-fetch';").first()).toBeVisible();
  const reference = page.frameLocator('iframe[title="API reference"]');
  await expect(reference.getByRole('heading', { name: 'Parlance customer API' }).first()).toBeVisible({
    timeout: 30_000,
  });
  // the sidebar leads to each part: the cart's calls, then the webhooks
  await reference.getByRole('link', { name: 'Cart', exact: true }).click();
  await expect(reference.getByText('/api/v1/cart/pay').first()).toBeVisible();
  await reference.getByRole('link', { name: 'Webhooks', exact: true }).click();
  await expect(reference.getByText('Sent to your webhook URL: project.delivered').first()).toBeVisible();
  // the whole page, the framed reference included (its theme, names and focus mended by us)
  await expectAccessible(page);
  await shotPage(page, 'api-docs');
  await page.setViewportSize({ width: 375, height: 800 });
  await shotPage(page, 'api-docs');

  // the reference page itself, and the document it renders
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/api-docs/reference');
  await expect(page.getByRole('heading', { name: 'Parlance customer API' }).first()).toBeVisible({ timeout: 30_000 });
  await shotPage(page, 'api-docs-reference');
  // further down: an operation with its examples, and the webhook list (a box of its own)
  await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
  await expect(page.getByText('Sent to your webhook URL: project.delivered').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy to clipboard' }).first()).toBeAttached();
  await expectAccessible(page);
  const doc = await page.request.get('/api/v1/openapi.json');
  expect((await doc.json()).openapi).toBe('3.1.0');
  expect(consoleErrors).toEqual([]);
});
