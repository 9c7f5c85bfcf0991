import { expect, expectAccessible, test, signInWith } from './fixtures';

// Project notes at /profile/custom_notes (spec 2 sections 2 and 5: content is required).

test('a customer writes, edits and deletes a project note', async ({ page, consoleErrors, newAccount }) => {
  await signInWith(page, await newAccount({ name: 'Nora Notes' }));
  await page.goto('/cpanel');

  await page.getByRole('link', { name: 'Manage Project Notes' }).first().click();
  await page.waitForURL(/\/profile\/custom_notes$/);
  await expect(page.getByRole('heading', { name: 'Project Notes', level: 1 })).toBeVisible();
  await expect(page.getByText('No notes yet.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Please enter the note')).toBeVisible();
  await page.getByLabel('Title').fill('Tone');
  await page.getByRole('textbox', { name: 'Note', exact: true }).fill('Formal register, no contractions.');
  await page.getByRole('button', { name: 'Save note' }).click();
  const card = page.getByRole('article', { name: 'Tone' });
  await expect(card).toContainText('Formal register, no contractions.');

  await card.getByRole('button', { name: 'Edit' }).click();
  await page
    .getByRole('textbox', { name: 'Note', exact: true })
    .fill('Formal register; keep product names in English.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(card).toContainText('keep product names in English');
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('article', { name: 'Tone' })).toContainText('keep product names in English');
  await page.getByRole('article', { name: 'Tone' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No notes yet.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
