import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInAs, test, shotPage } from './fixtures';

// Client alerts (spec 2 sections 3, 7): an admin opens Client alerts from the admin tabs,
// picks the demo customer, changes who is mailed for a wire transfer and saves; the setting is read
// back after a reload, then put back (other specs share the server).

const flag = (page: Page, name: string) => page.getByRole('checkbox', { name });

test('an admin routes a customer’s alerts', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Client alerts' }).click();
  await expect(page).toHaveURL(/\/client-alerts$/);
  await expect(page.getByText('Please choose a customer')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Customer').fill('customer@parlance.test');
  await page.getByRole('button', { name: /Casey Customer/ }).click();
  await expect(page).toHaveURL(/\/client-alerts\?user_id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Casey Customer' })).toBeVisible();
  // the demo routes disputes to everyone
  await expect(flag(page, 'Project disputed: Sales')).toBeChecked();

  const sales = flag(page, 'Wire transfer started: Sales');
  const wasOn = await sales.isChecked();
  await sales.setChecked(!wasOn);
  await expectAccessible(page);
  await shotPage(page, 'client-alerts');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Alert settings saved')).toBeVisible();
  await page.reload();
  await expect(flag(page, 'Wire transfer started: Sales')).toBeChecked({ checked: !wasOn });

  // put it back
  await flag(page, 'Wire transfer started: Sales').setChecked(wasOn);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Alert settings saved').first()).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(flag(page, 'Credits running low: Support')).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'client-alerts-375');
});

test('customers do not reach the client alerts', async ({ page }) => {
  await signInAs(page, 'customer');
  await page.goto('/client-alerts');
  await expect(page.getByText('Page not found')).toBeVisible();
  const res = await page.request.get('/api/2/adminsetting/alert/notification?user_id=1');
  expect(res.status()).toBe(404);
});
