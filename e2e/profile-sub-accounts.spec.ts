import { expect, expectAccessible, test, uniqueEmail, shotPage, signInWith } from './fixtures';
import { buyCreditsByCard } from './purchase';

// A customer adds a sub-account, moves credits to it, switches to it from the user bar's
// 'Switch to:' list and back (spec 2 sections 2, 7 and 8; spec 1 section 2).

test('a customer adds a sub-account, transfers credits and switches to it and back', async ({
  page,
  newAccount,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await signInWith(page, await newAccount({ name: 'Parent Company' }));
  await page.goto('/cpanel');
  await buyCreditsByCard(page, 5000);

  await page.getByRole('link', { name: 'Sub Accounts' }).first().click();
  await expect(page).toHaveURL(/\/profile#sub_account$/);
  await expect(page.getByText('No sub-accounts yet.')).toBeVisible();
  await expectAccessible(page);

  const subEmail = uniqueEmail('sub');
  await page.getByRole('button', { name: 'Add sub-account' }).click();
  await expect(page.getByText('Enter an e-mail address')).toBeVisible();
  await page.getByLabel('Sub-account email').fill(subEmail);
  await page.getByLabel('Name').fill('Team Berlin');
  await page.getByRole('button', { name: 'Add sub-account' }).click();
  const row = page.getByRole('region', { name: 'Sub-account Team Berlin' });
  await expect(row).toContainText(subEmail);

  // a transfer above the balance moves nothing and says why; a fitting one succeeds
  await row.getByRole('button', { name: 'Transfer credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer credits to Team Berlin' });
  await dialog.getByLabel('Credits').fill('99999999');
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Not enough credits');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await row.getByRole('button', { name: 'Transfer credits' }).click();
  await dialog.getByLabel('Credits').fill('1500');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Allocation was successful')).toBeVisible();
  await expect(row).toContainText('Balance: 1,500');
  await shotPage(page, 'profile-sub-accounts');

  // switch to it from the user bar, and back
  await page.getByRole('button', { name: /Team Berlin/ }).click();
  // the sub-account was opened a moment ago: this is its first visit
  await expect(page.getByRole('heading', { name: 'Welcome to Parlance, Team Berlin' })).toBeVisible();
  await expect(page.getByText('Switch to:')).toBeVisible();
  await page.getByRole('button', { name: /Parent Company \(main account\)/ }).click();
  // the main account too is minutes old, and switching opens a new session: still its first visit
  await expect(page.getByRole('heading', { name: 'Welcome to Parlance, Parent Company' })).toBeVisible();
  // the refused transfer's 402 is logged by the browser; nothing else may be
  expect(consoleErrors.filter((e) => !e.includes('402 (Payment Required)'))).toEqual([]);
});
