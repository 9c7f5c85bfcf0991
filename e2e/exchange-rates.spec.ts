import { expect, expectAccessible, shotPage, test, signInAs } from './fixtures';

// Exchange rates in the back office (ADR 0095): finance opens the Exchange rates tab, sees each
// currency's rate with its day and source, and sets one; support reads the same page without the
// form. CHF is the currency changed here: no other spec reads its rate.

test('finance sets an exchange rate; its day and source are shown', async ({ page }) => {
  await signInAs(page, 'finance', false);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Exchange rates' }).click();
  await expect(page).toHaveURL(/\/admin\/exchange-rates$/);
  const chf = page.getByTestId('rate-CHF');
  await expect(chf).toBeVisible();
  await expect(page.getByTestId('rate-EUR')).toContainText('0.92');

  // a rate that is not a number is refused with a plain message, before anything is sent
  await page.getByLabel('Currency').selectOption('CHF');
  await page.getByTestId('rate-input').fill('abc');
  await page.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText('The rate must be a number, such as 0.92')).toBeVisible();

  // five decimals, the last not 0 (the saved rate is shown as a number: 0.87680 reads 0.8768)
  const rate = `0.8${Math.floor(Math.random() * 900 + 100)}${1 + Math.floor(Math.random() * 9)}`;
  await page.getByTestId('rate-input').fill(rate);
  await page.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText(`Exchange rate saved: 1 USD = ${rate} CHF`)).toBeVisible();
  await expect(chf).toContainText(rate);
  await expect(chf).toContainText('Set by finance');
  await expect(page.getByRole('heading', { name: 'Recently recorded' })).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'exchange-rates');

  // the public currency list (the cart's) shows the new rate at once
  const list = await page.request.get('/api/2/currency');
  const currencies = (await list.json()).results as { code: string; rate: number }[];
  expect(currencies.find((c) => c.code === 'CHF')?.rate).toBe(Number(rate));
});

test('support reads the exchange rates but cannot set one', async ({ page }) => {
  await signInAs(page, 'support', false);
  await page.goto('/admin/exchange-rates');
  await expect(page.getByTestId('rate-EUR')).toBeVisible();
  await expect(page.getByText('Read-only: you do not have the permission to change this')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save rate' })).toHaveCount(0);
  await expectAccessible(page);
  await shotPage(page, 'exchange-rates-support');
});
