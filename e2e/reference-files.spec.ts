import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, NEW_PASSWORD, shotPage, signInWith, test, uniqueEmail } from './fixtures';
import { pickLanguage } from './ordering-helpers';
import { buyCreditsByCard } from './purchase';

// Reference files attached in the wizard's brief step travel with the order: after paying, the
// project page lists them under "Reference files" for the customer, and for the translator, who
// sees their names while the job is offered and downloads them once the job is theirs.

const NOTE = 'Keep product names in English. Use "vous", never "tu".';

async function downloadText(page: Page, fileName: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${fileName}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  return readFileSync(await download.path()).toString('utf8');
}

test('reference files of the brief reach the project page of the customer and the translator', async ({
  browser,
  newAccount,
}) => {
  test.setTimeout(180_000);
  const customerContext = await browser.newContext({ acceptDownloads: true });
  const translatorContext = await browser.newContext({ acceptDownloads: true });
  const customer = await customerContext.newPage();
  const translator = await translatorContext.newPage();
  const errors: string[] = [];
  for (const page of [customer, translator]) page.on('pageerror', (e) => errors.push(e.message));

  // a new customer (the demo customer's cart is shared by other journeys) with credits
  await customer.goto('/auth?mode=signup');
  await customer.getByLabel('Full name').fill('Rita Reference');
  await customer.getByLabel('Email', { exact: true }).fill(uniqueEmail('refs'));
  await customer.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await customer.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await customer.getByLabel('Country').selectOption('US');
  await customer.getByRole('button', { name: 'Create account' }).click();
  await customer.waitForURL('**/cpanel');
  await buyCreditsByCard(customer, 5000);

  // the wizard: a pasted text, English to French, and note.txt as a reference file in the brief
  const name = `Refs ${Date.now().toString(36)}`;
  await customer.goto('/wizard');
  await customer.waitForURL(/\/wizard\?pid=/);
  await customer.getByRole('button', { name: 'Paste text' }).click();
  // ten words at least: a translator on probation (a new one) is offered no shorter project
  await customer.getByLabel('Your text').fill('Our new catalogue is out now. Please place your order before Friday.');
  await customer.getByRole('button', { name: 'Count words' }).click();
  await customer.getByRole('button', { name: 'Next' }).click();
  await pickLanguage(customer, 'Translate from', 'American English');
  await pickLanguage(customer, 'Translate to', 'French');
  await customer.getByRole('button', { name: 'Next' }).click();
  await customer.getByRole('radio', { name: 'General' }).check();
  await customer.getByRole('button', { name: 'Next' }).click();
  await customer.getByLabel('Project name').fill(name);
  await customer.getByLabel('Add reference files').setInputFiles({
    name: 'note.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(NOTE),
  });
  await expect(customer.getByLabel('Reference files', { exact: true }).getByText('note.txt')).toBeVisible();
  await customer.getByRole('button', { name: 'Next' }).click();
  await customer.getByTestId('plan-translation').getByRole('radio').check();
  await customer.getByRole('button', { name: 'Add to cart' }).click();
  await customer.waitForURL('**/shopping-cart');
  await customer.getByRole('button', { name: 'Pay with credits' }).click();
  await expect(
    customer.getByRole('heading', { name: /^(Thank you, your order is paid|Your cart is empty)$/ }),
  ).toBeVisible();

  // the customer's project page lists note.txt under Reference files, and it downloads
  await customer.goto('/my-projects');
  const row = customer.getByRole('table', { name: 'My projects' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  const id = Number(await row.getAttribute('data-project-id'));
  await row.getByRole('link', { name: `#${id}` }).click();
  await customer.waitForURL(`**/project/${id}`);
  const customerRefs = customer.getByRole('list', { name: 'Reference files' });
  await expect(customerRefs.getByText('note.txt')).toBeVisible();
  expect(await downloadText(customer, 'note.txt')).toBe(NOTE);
  await shotPage(customer, 'reference-customer');

  // a new translator of the pair, to whom it is offered, sees the file's name; once the job is
  // theirs, the file
  await signInWith(translator, await newAccount({ type: 'translator', pair: ['american-english', 'french'] }));
  await translator.goto(`/project/${id}`);
  await expect(translator.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(translator.getByRole('list', { name: 'Reference files' }).getByText('note.txt')).toBeVisible();
  await shotPage(translator, 'reference-candidate');
  await translator.getByRole('button', { name: 'Take this project' }).click();
  await expect(translator.getByText('The project is yours. Good luck!')).toBeVisible();
  await expect(translator.getByRole('list', { name: 'Reference files' }).getByText('note.txt')).toBeVisible();
  expect(await downloadText(translator, 'note.txt')).toBe(NOTE);
  await shotPage(translator, 'reference-translator');

  expect(errors).toEqual([]);
  await customerContext.close();
  await translatorContext.close();
});
