import { csrfHeaders, expect, expectAccessible, signOut, shotPage, test, uniqueName, signInAs } from './fixtures';

// Account managers: a support admin gives a customer of the test's own (looked after by Sam
// Support, as the demo's customers are) another account manager on the customer's back-office page;
// the new manager's customer list shows the customer and the old one's no longer does (then it is
// set back); a finance admin (without users.act) sees the manager read-only.

test.describe.configure({ timeout: 180_000 });

test("a support admin changes a customer's account manager; the managers' customer lists follow", async ({
  page,
  newAccount,
  adminApi,
}) => {
  const name = uniqueName('Mara');
  const customer = await newAccount({ name });
  const state = await adminApi.get(`/api/2/admin/users/${customer.id}/account-manager`);
  expect(state.ok(), `account manager answered ${state.status()}`).toBeTruthy();
  const { candidates } = ((await state.json()) as { results: { candidates: { id: number; name: string }[] } }).results;
  const sam = candidates.find((c) => c.name === 'Sam Support');
  expect(sam, 'Sam Support is staff').toBeTruthy();
  const assigned = await adminApi.post(`/api/2/admin/users/${customer.id}/account-manager`, {
    headers: await csrfHeaders(adminApi),
    data: { managerId: sam?.id },
  });
  expect(assigned.ok(), `assigning answered ${assigned.status()}`).toBeTruthy();

  await signInAs(page, 'support', false);
  await page.goto(`/admin/${customer.email}`);
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 45_000 });
  const panel = page.getByRole('region', { name: 'Account manager' });
  const select = panel.getByRole('combobox', { name: 'Account manager' });
  await expect(select.locator('option:checked')).toContainText('Sam Support');
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expectAccessible(page);
  await shotPage(page, 'account-manager-panel');

  // the current manager's list has the customer
  await panel.getByRole('link', { name: 'Their customers' }).click();
  await expect(page.getByRole('heading', { name: 'Customers of Sam Support' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Customers' })).toContainText(name);
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
  await expect(page.getByRole('table', { name: 'Customers' })).toContainText(name);
  await expectAccessible(page);
  await shotPage(page, 'account-manager-customers');

  // the old manager's list no longer has the customer
  await page.goto(oldManagerList);
  await expect(page.getByRole('heading', { name: 'Customers of Sam Support' })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);

  // back to the first manager
  await page.goto(`/admin/${customer.email}`);
  const again = page.getByRole('region', { name: 'Account manager' });
  const againSelect = again.getByRole('combobox', { name: 'Account manager' });
  await againSelect.selectOption({
    label: (await againSelect.getByRole('option', { name: /Sam Support/ }).textContent()) ?? '',
  });
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByText('Account manager assigned')).toBeVisible();

  // a finance admin sees the manager, read-only
  await signOut(page);
  await signInAs(page, 'finance', false);
  await page.goto(`/admin/${customer.email}`);
  const readOnly = page.getByRole('region', { name: 'Account manager' });
  await expect(readOnly.getByRole('link', { name: /Sam Support/ })).toBeVisible({ timeout: 45_000 });
  await expect(readOnly.getByText('Read-only: you do not have the permission to change this')).toBeVisible();
  await expect(readOnly.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expectAccessible(page);
});
