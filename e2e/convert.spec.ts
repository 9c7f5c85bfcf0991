import type { Page } from '@playwright/test';
import { csrfHeaders, expect, expectAccessible, shotPage, signInAs, signInWith, test } from './fixtures';
import { addCredits, addPayoutMethod } from './fixtures-projects';

// /convert: finance staff find a translator's payout requests, are told what is missing
// (a selection, a time range), download the CSV, reject one request and pay another out after typing
// "payout"; support staff read the table without the money actions.

test.describe.configure({ timeout: 180_000 });

/** The translator asks for a payout of 20.00 USD (the minimum) by PayPal; answers its id. */
async function translatorRequestsPayout(page: Page): Promise<number> {
  const res = await page.request.post('/api/2/account/convert/request', {
    data: { amount: 2000, method: 'paypal' },
    headers: { ...(await csrfHeaders(page.request)), 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).id as number;
}

test('a finance admin rejects one payout request and pays another out after typing payout', async ({
  browser,
  page,
  newAccount,
  adminApi,
}) => {
  // a new translator with PayPal on file and credits the admin added to their available balance
  const account = await newAccount({ type: 'translator', pair: ['american-english', 'french'] });
  await addCredits(adminApi, account.id, 5000);
  await addPayoutMethod(account.api, 'paypal', account.email);
  const translatorContext = await browser.newContext();
  const translator = await translatorContext.newPage();
  await signInWith(translator, account);
  const toReject = await translatorRequestsPayout(translator);
  const toPay = await translatorRequestsPayout(translator);
  await translatorContext.close();

  await signInAs(page, 'finance', false);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Payouts' }).click();
  await expect(page).toHaveURL(/\/convert$/);
  const table = page.getByRole('table', { name: 'Payout requests' });
  await expect(table).toBeVisible({ timeout: 45_000 });
  // the table opens on what finance must act on: pending and on-hold requests, whatever their
  // target date; these new ones are due in five working days and are there without a filter
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('needs_action');
  await expect(page.getByLabel('Target from')).toHaveValue('');
  await expect(page.getByLabel('Target to')).toHaveValue('');
  const rejectRow = page.getByTestId(`convert-${toReject}`);
  const payRow = page.getByTestId(`convert-${toPay}`);
  await expect(payRow).toContainText('$19.60');
  await expect(rejectRow).toBeVisible();
  await expect(table.locator('[data-status]').filter({ hasNotText: /^(Pending|On hold)$/ })).toHaveCount(0);
  // every status from here, to follow the two requests as they move
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
  await page.getByLabel('Target to').fill('2099-12-31');
  await page.getByLabel('E-mail or translator id').fill(account.email);
  await expect(payRow.locator('[data-status]')).toHaveText('Pending');
  // what is not connected is not sold: the page says how each method is paid on this server
  const rails = page.getByRole('note', { name: 'How each method is paid' });
  await expect(rails).toContainText('PayPal payouts run in test mode on this server: no real money is sent.');
  await expect(rails).toContainText(
    'Bank wire payouts are paid by hand: our finance team sends them through the bank.',
  );
  await expectAccessible(page);
  await shotPage(page, 'convert');

  // the bank's payment file of the wires sent
  const bankFile = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Bank file' }).click();
  expect((await bankFile).suggestedFilename()).toMatch(/^bank-wires-\d{4}-\d{2}-\d{2}\.csv$/);

  // nothing selected: the spec's message, nothing sent
  await page.getByRole('button', { name: 'Pay out' }).click();
  await expect(page.getByText('Please select at least one item')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // the CSV needs a time range
  await page.getByLabel('Target from').fill('');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await expect(page.getByText('Please select the time range first')).toBeVisible();
  await page.getByLabel('Target from').fill('2020-01-01');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('convert-requests-2020-01-01_2099-12-31.csv');

  // reject one: its credits go back to the translator
  await rejectRow.getByRole('checkbox').check();
  await page.getByLabel('Set status').selectOption({ label: 'Rejected (credits return)' });
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByText('1 request set to rejected.')).toBeVisible();
  await expect(rejectRow.locator('[data-status]')).toHaveText('Rejected');
  await rejectRow.getByRole('button', { name: `History of request #${toReject}` }).click();
  await expect(page.getByRole('list', { name: `History of request #${toReject}` })).toContainText(
    'Rejected by an admin',
  );

  // pay the other out: the amount, then the typed word
  await payRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Pay out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay out' });
  await expect(dialog).toContainText('You are about to payout $19.60, would you like to proceed?');
  const pay = dialog.getByRole('button', { name: 'Pay $19.60' });
  await expect(pay).toBeDisabled();
  await dialog.getByLabel('Type payout to confirm').fill('pay');
  await expect(pay).toBeDisabled();
  await dialog.getByLabel('Type payout to confirm').fill('payout');
  await expectAccessible(page, '[role="dialog"]');
  await shotPage(page, 'convert-payout');
  await pay.click();
  await expect(page.getByText('Sent 1 payout of $19.60 to the provider.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(payRow.locator('[data-status]')).toHaveText('Processing');
  await expect(payRow).toContainText('sbx-payout-');
});

test('support staff read the payout requests without the money actions', async ({ page }) => {
  await signInAs(page, 'support', false);
  await page.goto('/convert');
  const table = page.getByRole('table', { name: 'Payout requests' });
  await expect(table).toBeVisible({ timeout: 45_000 });
  await expect(table.locator('tbody tr[data-testid]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay out' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update status' })).toHaveCount(0);
  await expect(table.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await expectAccessible(page);
});

test('a customer is told the page does not exist', async ({ page }) => {
  await signInAs(page, 'customer', false);
  await page.goto('/convert');
  await expect(page.getByRole('heading', { name: 'Payout requests' })).toHaveCount(0);
});
