import { expect, expectAccessible, shotPage, signInAs, signInWith, signOut, test, uniqueName } from './fixtures';

// Preferred translators and the credit history in the profile: a new customer finds a new
// translator by name, adds and removes them (the demo translator's My Team is other tests' to
// read); the demo customer reads the credit history of
// the sub-accounts section, page by page.

test('a customer adds and removes a preferred translator', async ({ page, consoleErrors, newAccount }) => {
  const { name } = await newAccount({ type: 'translator', name: uniqueName('Tomas') });
  const optionOf = new RegExp(`^${name} \\(ID \\d+\\)$`);
  await signInWith(page, await newAccount({ name: 'Petra Prefers' }));
  await page.goto('/cpanel');

  await page.getByRole('link', { name: 'Account Information' }).first().click();
  const card = page.getByRole('region', { name: 'Preferred translators' });
  await expect(card).toBeVisible();
  await expect(card.getByText('No preferred translators yet.')).toBeVisible();
  await expectAccessible(page);

  await card.getByLabel('Add a translator').fill(name);
  await page.getByRole('option', { name: optionOf }).click();
  await expect(page.getByText(`${name} is now a preferred translator.`)).toBeVisible();
  const table = card.getByRole('table', { name: 'Preferred translators' });
  await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'preferred-translators');

  // the list is the server's: it survives a reload
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Preferred translators' }).getByRole('row', { name: new RegExp(name) }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Remove ${name} from your preferred translators` }).click();
  await expect(
    page.getByRole('region', { name: 'Preferred translators' }).getByText('No preferred translators yet.'),
  ).toBeVisible();

  // from the keyboard: tabbing past the search box leaves the focus where it went; back in it,
  // typing finds the translator and Enter adds them
  await expect(page.getByRole('combobox', { name: 'Add a translator' })).toBeEnabled();
  await page.getByLabel('Add a translator').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByLabel('Add a translator')).toBeFocused();
  // the full name: other tests on this server make translators called Tomas something, and one
  // listed first would be the one ArrowDown highlights
  await page.keyboard.type(name);
  const option = page.getByRole('option', { name: optionOf });
  await expect(option).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(option).toHaveClass(/Mui-focused/);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${name} is now a preferred translator.`)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the demo customer reads the credit history beside the sub-accounts', async ({ page, consoleErrors }) => {
  await signInAs(page, 'customer');
  await page.getByRole('link', { name: 'Sub Accounts' }).first().click();
  await page.waitForURL(/#sub_account$/);
  const history = page.getByRole('region', { name: 'Credit history' });
  await expect(history).toBeVisible();
  await history.getByLabel('Period').selectOption({ label: 'All time' });
  const rows = history.getByRole('table', { name: 'Credit history' }).getByRole('row');
  // a header and at least one movement
  await expect(rows.nth(1)).toBeVisible();
  await expect(history.getByText(/Balance now: /)).toBeVisible();
  await expect(history.getByText(/^\d+–\d+ of \d+$/)).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'credit-history');
  await signOut(page);
  expect(consoleErrors).toEqual([]);
});
