import { expect, expectAccessible, test, shotPage, signInWith } from './fixtures';

// A customer creates an API key and an OAuth client at /profile#apikeys (spec 2 sections 2, 5, 7).

test('a customer generates and resets an API key and creates an OAuth client', async ({
  page,
  consoleErrors,
  newAccount,
}) => {
  await signInWith(page, await newAccount({ name: 'Ada Api' }));
  await page.goto('/cpanel');

  await page.getByRole('link', { name: 'API Keys' }).first().click();
  await expect(page).toHaveURL(/\/profile#apikeys$/);
  await expect(page.getByText('You have no API key yet.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Generate API key' }).click();
  const key = (await page.getByTestId('secret-API key').textContent()) ?? '';
  expect(key).toMatch(/^prl_[a-f0-9]{16}_/);
  await expect(page.getByText(`${key.slice(0, 21)}…${key.slice(-4)}`)).toBeVisible();
  await expect(page.getByText('never used yet')).toBeVisible();

  await page.getByRole('button', { name: 'Reset key' }).click();
  await expect(page.getByTestId('secret-API key')).not.toHaveText(key);

  // the redirect uri is required, with the spec's text
  await page.getByRole('button', { name: 'Create OAuth client' }).click();
  await expect(page.getByText('Redirect uri should be provided!')).toBeVisible();
  await page.getByLabel('Redirect uri').fill('https://shop.example.com/oauth/callback');
  await page.getByRole('button', { name: 'Create OAuth client' }).click();
  await expect(page.getByTestId('secret-Client secret')).toBeVisible();
  const clientId = (await page.getByTestId('secret-Client ID').textContent()) ?? '';
  expect(clientId).toMatch(/^[a-f0-9]{24}$/);
  await expectAccessible(page);
  await shotPage(page, 'profile-apikeys');

  // after a reload the secrets are gone for good; the client id and uri stay
  await page.reload();
  await expect(page.getByText(clientId)).toBeVisible();
  await expect(page.getByLabel('Redirect uri')).toHaveValue('https://shop.example.com/oauth/callback');
  await expect(page.getByTestId('secret-Client secret')).toHaveCount(0);
  await page.getByLabel('Redirect uri').fill('http://localhost:8080/cb');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Redirect uri saved')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
