import type { Page } from '@playwright/test';
import { expect, test, shotPage, signInWith, signInAs } from './fixtures';
import {
  APPROVES,
  balanceOf,
  NEEDS_CONFIRMATION,
  openCreditsPage,
  payByCard,
  signUpCustomer,
} from './ordering-helpers';

// Paying (spec 1 sections 2 and 8): the test card that needs a confirmation step, a payment link
// opened by another account, and wire transfers that an admin marks received at /admin/payments.

const MISMATCH = 'You are not logged in with the correct account for this payment link.';

test('the confirmation test card asks for a confirmation step, then adds the credits', async ({
  page,
  consoleErrors,
  newAccount,
}) => {
  await signInWith(page, await newAccount());
  const before = await balanceOf(page);
  await openCreditsPage(page, 1500);
  await payByCard(page, NEEDS_CONFIRMATION);

  // the sandbox's confirmation step (like a bank's 3-D Secure page); nothing is paid before it
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Your bank asks you to confirm this payment');
  expect(await balanceOf(page)).toBe(before);
  await shotPage(page, `pay-confirm-step`);
  await page.getByRole('button', { name: 'Confirm payment' }).click();

  await page.waitForURL('**/payment/thankyou/?payment=*');
  await expect(page.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
  await expect(page.getByTestId('credits-added')).toHaveText('1,500 credits have been added to your balance.');
  await expect(page.getByText(/ending in 3155\.$/)).toBeVisible();
  expect(await balanceOf(page)).toBe(before + 1500);
  expect(consoleErrors).toEqual([]);
});

test("another account opening a customer's payment link is told it is the wrong account", async ({
  page,
  newAccount,
}) => {
  await signUpCustomer(page, 'Paula Payer');
  await openCreditsPage(page, 1000);
  await payByCard(page, APPROVES);
  await page.waitForURL('**/payment/thankyou/?payment=*');
  await expect(page.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
  const link = new URL(page.url());
  const path = `${link.pathname}${link.search}`;

  // another customer, signed in on the same browser, opens that link
  await page.context().clearCookies();
  await signInWith(page, await newAccount());
  // signed in, the other customer lands on their control panel first (which leaves the thank-you
  // page and its success flag behind)
  await page.goto('/cpanel');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('paymentSuccess'))).toBeNull();
  const before = await balanceOf(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Wrong account' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(MISMATCH);
  await expect(page.getByTestId('credits-added')).toHaveCount(0);
  await shotPage(page, `pay-mismatch`);
  // nothing of the other payment reaches this account, and the success flag is not set
  expect(await balanceOf(page)).toBe(before);
  expect(await page.evaluate(() => localStorage.getItem('paymentSuccess'))).toBeNull();
});

/** A wire transfer of this amount from the signed-in customer; answers its reference. */
async function applyWire(page: Page, amount: number): Promise<string> {
  await openCreditsPage(page, amount);
  await page.getByRole('button', { name: 'Wire transfer' }).click();
  const reference = page.getByText(/^PAR-[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  await expect(reference).toBeVisible();
  return (await reference.textContent()) ?? '';
}

test('an admin marks a wire transfer received and cancels another at /admin/payments', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await signUpCustomer(page, 'Walter Wire');
  const received = await applyWire(page, 5000);
  const cancelled = await applyWire(page, 7000);
  expect(await balanceOf(page)).toBe(0);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin', false);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Payments' }).click();
  await admin.waitForURL('**/admin/payments');
  await expect(admin.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');

  // the screen opens on the transfers waiting for their money
  await expect(admin.getByRole('combobox', { name: 'Status' }).locator('option:checked')).toHaveText('Pending');
  await expect(admin.getByRole('combobox', { name: 'Method' }).locator('option:checked')).toHaveText('Wire transfer');
  const row = admin.getByRole('row').filter({ hasText: received });
  await expect(row).toContainText('Walter Wire');
  await expect(row).toContainText('$50.00');
  await expect(row).toContainText('5,000 credits');
  await expect(row).toContainText('Pending');
  await shotPage(admin, `admin-payments`);

  // Mark received: asked first, then credited once
  await row.getByRole('button', { name: 'Mark received' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Mark this transfer received?' });
  await expect(dialog).toContainText(received);
  await expect(dialog).toContainText('5,000 credits');
  await shotPage(admin, `admin-payments-confirm`);
  await dialog.getByRole('button', { name: 'Mark received' }).click();
  await expect(admin.getByText("Marked received: 5,000 credits added to Walter Wire's balance.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('row').filter({ hasText: received })).toHaveCount(0);
  expect(await balanceOf(page)).toBe(5000);

  // Cancel the other one: "Keep it" changes nothing, "Cancel payment" cancels
  const other = admin.getByRole('row').filter({ hasText: cancelled });
  await other.getByRole('button', { name: 'Cancel' }).click();
  const cancelDialog = admin.getByRole('dialog', { name: 'Cancel this payment?' });
  await cancelDialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(other).toContainText('Pending');
  await other.getByRole('button', { name: 'Cancel' }).click();
  await cancelDialog.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(admin.getByText('Payment of Walter Wire cancelled.')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: cancelled })).toHaveCount(0);
  expect(await balanceOf(page)).toBe(5000);

  // every payment: both are there with their final status and no more actions
  await admin.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All statuses' });
  const done = admin.getByRole('row').filter({ hasText: received });
  await expect(done).toContainText('Received');
  await expect(done.getByRole('button')).toHaveCount(0);
  await expect(admin.getByRole('row').filter({ hasText: cancelled })).toContainText('Cancelled');
  await shotPage(admin, `admin-payments-all`);
  // a narrow window: one card per payment, its facts as label and value
  await admin.setViewportSize({ width: 820, height: 900 });
  const card = admin.getByRole('list', { name: 'Payments' }).getByRole('listitem').filter({ hasText: received });
  await expect(card).toContainText('Walter Wire');
  await expect(card).toContainText('Received');
  await expect(card.getByRole('definition').first()).toBeVisible();
  await shotPage(admin, `admin-payments-narrow`);

  // a customer may not open the admin screen's call: for customers it does not exist
  const refused = await page.request.get('/api/2/admin/payments');
  expect(refused.status()).toBe(404);
  await adminContext.close();
  expect(consoleErrors).toEqual([]);
});
