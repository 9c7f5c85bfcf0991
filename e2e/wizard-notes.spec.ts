import { csrfHeaders, expect, expectAccessible, signInWith, test } from './fixtures';

// Saved project notes in the wizard: a customer picks one of their notes in the brief step; its text becomes the order's note to the translator (the brief, which the project
// keeps and the translator reads on the project page).

const TEXT = 'The quick brown fox jumps over the lazy dog near the river bank.';

test('a customer uses a saved project note in the brief', async ({ page, newAccount, consoleErrors }) => {
  const customer = await newAccount();
  const saved = await customer.api.post('/userService/saveProjectNote', {
    form: { title: 'Brand voice', content: 'Friendly and direct. Address the reader as "you"; no exclamation marks.' },
    headers: await csrfHeaders(customer.api),
  });
  expect(saved.ok(), `saveProjectNote answered ${saved.status()}`).toBeTruthy();
  await signInWith(page, customer);
  await page.goto('/wizard');
  await page.waitForURL(/\/wizard\?pid=[A-Za-z0-9_-]{24}$/);
  const pid = new URL(page.url()).searchParams.get('pid');
  await page.getByLabel('Choose files').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(TEXT),
  });
  await expect(page.getByRole('list', { name: 'Your files' }).getByText('notes.txt')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  for (const [label, name] of [
    ['Translate from', 'American English'],
    ['Translate to', 'German'],
  ]) {
    const input = page.getByRole('combobox', { name: label });
    await input.click();
    await input.fill(name);
    await page.getByRole('option', { name, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Marketing' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // brief: a typed line, then the saved note added below it
  const note = page.getByLabel('Note to the translator');
  await note.fill('For the spring campaign.');
  await page.getByLabel('Use a saved note').selectOption({ label: 'Brand voice' });
  await expect(note).toHaveValue(/^For the spring campaign\.\n\nFriendly and direct\./);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();

  // the order keeps it as its brief
  const order = await page.request.get(`/registry/get?data=PurchaseOrder&pid=${pid}`);
  const brief = ((await order.json()) as { results: { brief: string } }).results.brief;
  expect(brief).toContain('For the spring campaign.');
  expect(brief).toContain('Address the reader as "you"');
  expect(consoleErrors).toEqual([]);
});
