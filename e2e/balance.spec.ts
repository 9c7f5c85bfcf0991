import { apiSignIn, DEMO_PASSWORD, expect, expectAccessible, shotPage, signInWith, test } from './fixtures';
import { addCredits, addPayoutMethod, payOutAsPaid, requestPayout } from './fixtures-projects';

// /balance: a new translator sees the available credits and their payouts
// (one paid with its self-billing invoice, one pending), requests a payout by PayPal, sees it
// pending with its fee and target date, cancels it (the row disappears, the credits come back).

test('a translator requests a payout, cancels it and downloads a paid one’s invoice', async ({
  page,
  newAccount,
  adminApi,
  serverURL,
}) => {
  // a translator of the test's own: credits the admin added, PayPal on file, one payout finance
  // paid and one still pending
  const translator = await newAccount({ type: 'translator' });
  await addCredits(adminApi, translator.id, 10_000);
  await addPayoutMethod(translator.api, 'paypal', translator.email);
  const finance = await apiSignIn(serverURL, 'finance@parlance.test', DEMO_PASSWORD);
  await payOutAsPaid(finance, await requestPayout(translator.api));
  await finance.dispose();
  await requestPayout(translator.api);
  await signInWith(page, translator);
  await page.goto('/balance');
  await expect(page.getByRole('heading', { name: 'My Balance' })).toBeVisible();
  const available = page.getByText('Available', { exact: true }).locator('..');
  await expect(available).toContainText(/\$[\d,]+\.\d\d/);
  const before = (await available.textContent()) ?? '';
  const rows = page.getByTestId('payout-row');
  await expect(rows.filter({ hasText: 'Paid' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Pending' }).first()).toBeVisible();
  const count = await rows.count();
  // this server pays PayPal in the sandbox and wires by hand, and says so beside the methods
  const rails = page.getByRole('note', { name: 'How each method is paid' });
  await expect(rails).toContainText('PayPal payouts run in test mode on this server: no real money is sent.');
  await expect(rails).toContainText('Bank wire payouts are paid by hand');
  await expectAccessible(page);
  await shotPage(page, `balance`);

  // below the minimum: the field says why as it is typed, and the request cannot be sent
  await page.getByLabel('Amount (USD)').fill('5');
  await expect(page.getByText('The minimum payout is 20.00 USD')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request payout' })).toBeDisabled();
  await expect(rows).toHaveCount(count);

  await page.getByLabel('Amount (USD)').fill('20');
  await expect(page.getByText('Gross $20.00 − fee $0.40 = you receive $19.60 (net)')).toBeVisible();
  await page.getByRole('button', { name: 'Request payout' }).click();
  await expect(page.getByText(/Payout of \$20\.00 requested; target date/)).toBeVisible();
  await expect(rows).toHaveCount(count + 1);
  // newest first: the new request is the top row
  const mine = rows.first();
  await expect(mine).toContainText('$0.40');
  await expect(mine).toContainText('Pending');
  await expect(available).not.toHaveText(before);

  await mine.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(count);
  await expect(available).toHaveText(before);

  const href = await rows
    .filter({ hasText: 'Paid' })
    .first()
    .getByRole('link', { name: 'Invoice' })
    .getAttribute('href');
  expect(href).toMatch(/^\/api\/2\/account\/convert\/invoice\/\d+$/);
  const pdf = await page.request.get(href as string);
  expect(pdf.ok()).toBeTruthy();
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(rows.first()).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, `balance`);
});
