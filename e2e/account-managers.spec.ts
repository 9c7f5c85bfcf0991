import { DEMO_PASSWORD, expect, expectAccessible, signIn, signOut, test, shotPage } from './fixtures';

// Account managers: a support admin gives the demo customer another account manager on
// the customer's back-office page; the new manager's customer list shows the customer and the old
// one's no longer does (then it is set back); a finance admin (without users.act) sees the manager
// read-only.

test.describe.configure({ timeout: 180_000 });

test("a support admin changes a customer's account manager; the managers' customer lists follow", async ({ page }) => {
  await signIn(page, 'support@parlance.test', DEMO_PASSWORD);
  await page.goto('/admin/customer@parlance.test');
  await expect(page.getByRole('heading', { name: 'Casey Customer' })).toBeVisible({ timeout: 45_000 });
  const panel = page.getByRole('region', { name: 'Account manager' });
  const select = panel.getByRole('combobox', { name: 'Account manager' });
  // the demo's customers are looked after by support@
  await expect(select.locator('option:checked')).toContainText('Sam Support');
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expectAccessible(page);
  await shotPage(page, 'account-manager-panel');

  // the current manager's list has the customer
  await panel.getByRole('link', { name: 'Their customers' }).click();
  await expect(page.getByRole('heading', { name: 'Customers of Sam Support' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Customers' })).toContainText('Casey Customer');
  const oldManagerList = page.url();
  await page.goBack();

  await select.selectOption({
    label: (await select.getByRole('option', { name: /Fiona Finance/ }).textContent()) ?? '',
  });
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Account manager assigned')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();

  await panel.getByRole('link', { name: 'Their customers' }).click();
  await expect(page.getByRole('heading', { name: 'Customers of Fiona Finance' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Customers' })).toContainText('Casey Customer');
  await expectAccessible(page);
  await shotPage(page, 'account-manager-customers');

  // the old manager's list no longer has the customer
  await page.goto(oldManagerList);
  await expect(page.getByRole('heading', { name: 'Customers of Sam Support' })).toBeVisible();
  await expect(page.getByText('Casey Customer')).toHaveCount(0);

  // back to the demo's manager (later browser tests on this database read it)
  await page.goto('/admin/customer@parlance.test');
  const again = page.getByRole('region', { name: 'Account manager' });
  const againSelect = again.getByRole('combobox', { name: 'Account manager' });
  await againSelect.selectOption({
    label: (await againSelect.getByRole('option', { name: /Sam Support/ }).textContent()) ?? '',
  });
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByText('Account manager assigned')).toBeVisible();

  // a finance admin sees the manager, read-only
  await signOut(page);
  await signIn(page, 'finance@parlance.test', DEMO_PASSWORD);
  await page.goto('/admin/customer@parlance.test');
  const readOnly = page.getByRole('region', { name: 'Account manager' });
  await expect(readOnly.getByRole('link', { name: /Sam Support/ })).toBeVisible({ timeout: 45_000 });
  await expect(readOnly.getByText('Read-only: you do not have the permission to change this')).toBeVisible();
  await expect(readOnly.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expectAccessible(page);
});
