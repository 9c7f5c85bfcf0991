import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInWith, test, uniqueName } from './fixtures';

// Client alerts (spec 2 sections 3, 7): an admin opens Client alerts from the admin tabs, reads
// the demo customer's routing, then picks a customer of the test's own, changes who is mailed for
// a wire transfer and saves; the setting is read back after a reload.

const flag = (page: Page, name: string) => page.getByRole('checkbox', { name });

test.describe('the admin', () => {
  test.use({ signedInAs: 'admin' });

  test('an admin routes a customer’s alerts', async ({ page, newAccount, shot }) => {
    const name = uniqueName('Alma');
    const customer = await newAccount({ name });
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Client alerts' }).click();
    await expect(page).toHaveURL(/\/client-alerts$/);
    await expect(page.getByText('Please choose a customer')).toBeVisible();
    await expectAccessible(page);

    // the demo routes the demo customer's disputes to everyone (read only)
    await page.getByLabel('Customer').fill('customer@parlance.test');
    await page.getByRole('button', { name: /Casey Customer/ }).click();
    await expect(page).toHaveURL(/\/client-alerts\?user_id=\d+$/);
    await expect(page.getByRole('heading', { name: 'Casey Customer' })).toBeVisible();
    await expect(flag(page, 'Project disputed: Sales')).toBeChecked();

    await page.getByLabel('Customer').fill(customer.email);
    await page.getByRole('button', { name: new RegExp(name) }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const sales = flag(page, 'Wire transfer started: Sales');
    const wasOn = await sales.isChecked();
    await sales.setChecked(!wasOn);
    await expectAccessible(page);
    await shot('client-alerts');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Alert settings saved')).toBeVisible();
    await page.reload();
    await expect(flag(page, 'Wire transfer started: Sales')).toBeChecked({ checked: !wasOn });

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(flag(page, 'Credits running low: Support')).toBeVisible();
    await expectAccessible(page);
  });
});

test('customers do not reach the client alerts', async ({ page, newAccount }) => {
  await signInWith(page, await newAccount());
  await page.goto('/client-alerts');
  await expect(page.getByText('Page not found')).toBeVisible();
  const res = await page.request.get('/api/2/adminsetting/alert/notification?user_id=1');
  expect(res.status()).toBe(404);
});
