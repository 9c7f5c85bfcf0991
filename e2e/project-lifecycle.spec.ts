import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectSettled, NEW_PASSWORD, signInWith, test, uniqueEmail, shotPage } from './fixtures';
import { orderPastedTextToPlans } from './ordering-helpers';
import { buyCreditsByCard } from './purchase';

// The marketplace's core loop with two people at once (spec 1 §2, §4): a customer orders a
// pasted text through the wizard and pays with credits; the translator sees it arrive in Open
// Projects without reloading, takes it and delivers a file; the customer sees 'Translation
// Received', downloads the zip, approves and rates it; the translator's earnings are pending.
// Both people are new accounts of the test's own, so the earnings are this project's alone.

async function pendingEarnings(page: Page): Promise<number> {
  const res = await page.request.get('/api/2/account/earnings');
  expect(res.ok(), `GET /api/2/account/earnings answered ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { pendingCredits: number }).pendingCredits;
}

/** The status chip of the project page's header. */
const statusOf = (page: Page) => page.locator('header [data-status]').first();

/** A new customer with credits bought through the sandbox card (the demo customer's cart is shared by other journeys). */
async function newCustomerWithCredits(page: Page, credits: number) {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill('Lena Loop');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('loop'));
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/cpanel');
  await buyCreditsByCard(page, credits);
}

test('a customer orders and pays, a translator takes and delivers, the customer approves and rates', async ({
  browser,
  newAccount,
}) => {
  test.setTimeout(240_000);
  const customerContext = await browser.newContext({ acceptDownloads: true });
  const translatorContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const translator = await translatorContext.newPage();
  const errors: string[] = [];
  for (const page of [customer, translator]) page.on('pageerror', (e) => errors.push(e.message));

  await newCustomerWithCredits(customer, 5000);

  // a new translator of American English -> French waits on Open Projects, with nothing pending
  await signInWith(translator, await newAccount({ type: 'translator', pair: ['american-english', 'french'] }));
  expect(await pendingEarnings(translator)).toBe(0);
  await translator.goto('/open-project-freelance-translator');
  await expect(translator.getByRole('heading', { level: 1 })).toBeVisible();
  // the first answer is the list the toast compares with: it must be in before the order is paid
  await expectSettled(translator);

  // the customer orders a pasted text, English to French
  const name = `Loop ${Date.now().toString(36)}`;
  await orderPastedTextToPlans(customer, {
    text: 'Welcome to our spring collection. Every piece is made by hand.',
    words: 11,
    target: 'French',
    expertise: 'General',
    name,
  });
  await customer.getByTestId('plan-translation').getByRole('radio').check();
  await customer.getByRole('button', { name: 'Add to cart' }).click();
  await customer.waitForURL('**/shopping-cart');
  // the translator's list refreshes as soon as the order is paid, and its toast shows for five
  // seconds: watch for it from now on (the customer's next steps can take longer than that on a
  // loaded machine, and the toast would be gone before it is looked for). Other tests' projects in
  // the same pair make toasts of the same words: two at once are fine (first()), where the strict
  // locator failed on them and read as no toast at all.
  const toastShown = translator
    .getByText('The list of available projects was updated')
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 })
    .then(
      () => true,
      () => false,
    );
  await customer.getByRole('button', { name: 'Pay with credits' }).click();
  // the cart's own journey checks its thank-you page; this one only needs the order paid
  await expect(
    customer.getByRole('heading', { name: /^(Thank you, your order is paid|Your cart is empty)$/ }),
  ).toBeVisible();

  // the new customer's only project, in My Projects
  await customer.goto('/my-projects');
  const row = customer.getByRole('table', { name: 'My projects' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row.locator('[data-status]')).toHaveText('Pending Linguist');
  const id = Number(await row.getAttribute('data-project-id'));
  expect(id).toBeGreaterThan(0);
  await row.getByRole('link', { name: `#${id}` }).click();
  await customer.waitForURL(`**/project/${id}`);
  await expect(statusOf(customer)).toHaveText('Pending Linguist');

  // it appears in the translator's Open Projects without a reload, with the toast
  const link = translator.getByRole('link', { name: String(id), exact: true });
  await expect(link).toBeVisible({ timeout: 45_000 });
  expect(await toastShown, 'the toast "The list of available projects was updated" showed').toBe(true);
  await shotPage(translator, 'loop-open-projects');
  await link.click();
  await translator.waitForURL(`**/project/${id}`);
  await expect(translator.getByRole('heading', { name, level: 1 })).toBeVisible();
  await shotPage(translator, 'loop-candidate');
  await translator.getByRole('button', { name: 'Take this project' }).click();
  await expect(translator.getByText('The project is yours. Good luck!')).toBeVisible();
  await expect(statusOf(translator)).toHaveText('In Progress');

  // the customer's page follows (live event, focus or the 30 s refresh)
  await expect(statusOf(customer)).toHaveText('In Progress', { timeout: 40_000 });

  // delivery: no file first, then a .txt
  await translator.getByRole('button', { name: 'Deliver translation' }).click();
  const deliver = translator.getByRole('dialog', { name: 'Deliver the translation' });
  await deliver.getByRole('button', { name: 'Submit delivery' }).click();
  await expect(deliver.getByText('Please attach at least one translated file.')).toBeVisible();
  // a text file and an image (a picture of the page itself) in one delivery
  const image = await translator.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
  await deliver.getByLabel('Choose files').setInputFiles([
    {
      name: 'loop-fr.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Bienvenue dans notre collection de printemps. Chaque pièce est faite à la main.'),
    },
    { name: 'loop-banner-fr.png', mimeType: 'image/png', buffer: image },
  ]);
  await expect(deliver.getByRole('list', { name: 'Files to deliver' }).getByRole('listitem')).toHaveCount(2);
  await deliver.getByRole('button', { name: 'Submit delivery' }).click();
  await expect(translator.getByText('Delivered. The customer has been told.')).toBeVisible();
  await expect(statusOf(translator)).toHaveText('Translation Received');

  // the customer: Translation Received, the zip, approve, a low rating
  await expect(statusOf(customer)).toHaveText('Translation Received', { timeout: 40_000 });
  await expect(customer.getByRole('list', { name: 'Translation' }).getByText('loop-fr.txt')).toBeVisible();
  await shotPage(customer, 'loop-customer-ready');

  // the resource viewer shows the image
  await customer.getByRole('button', { name: 'View loop-banner-fr.png' }).click();
  const viewer = customer.getByRole('dialog', { name: 'loop-banner-fr.png' });
  const picture = viewer.getByRole('img', { name: 'loop-banner-fr.png' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shotPage(customer, 'loop-viewer-image');
  await viewer.getByRole('button', { name: 'Close' }).first().click();
  await expect(viewer).toBeHidden();
  await customer.getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = customer.getByRole('dialog', { name: 'Download' });
  await expect(dialog.getByRole('radio', { name: 'All documents' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Translated only' }).check();
  const [download] = await Promise.all([
    customer.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download zip' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zip = readFileSync(await download.path());
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(zip.includes(Buffer.from('loop-fr.txt'))).toBeTruthy();

  await customer.getByRole('button', { name: 'Approve' }).click();
  await customer
    .getByRole('dialog', { name: 'Approve the translation?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(customer.getByText('Approved. Thank you!')).toBeVisible();
  await expect(statusOf(customer)).toHaveText('Completed');

  await customer.getByRole('button', { name: 'Rate' }).click();
  const rating = customer.getByRole('dialog', { name: 'Rate the translation' });
  await rating.locator('label').filter({ hasText: '2 Stars' }).click();
  await rating.getByRole('button', { name: 'Send rating' }).click();
  await expect(rating.getByText('Enter at least 3 chars')).toBeVisible();
  await rating.getByRole('checkbox', { name: 'Grammar mistakes or typos' }).check();
  await rating.getByRole('textbox', { name: 'Comment' }).fill('Several typos in the second sentence.');
  await rating.getByRole('button', { name: 'Send rating' }).click();
  await expect(customer.getByText('Thank you for your rating.')).toBeVisible();
  await expect(customer.getByRole('region', { name: 'Rating' })).toContainText('Grammar mistakes or typos');
  await shotPage(customer, 'loop-customer-completed');

  // the translator's earnings are pending
  await translator.reload();
  await expect(statusOf(translator)).toHaveText('Completed');
  const money = translator.getByTestId('project-money');
  await expect(money).toContainText('Your earnings');
  const earned = Number(((await money.textContent()) ?? '').match(/([\d,]+) credits/)?.[1].replaceAll(',', ''));
  expect(earned).toBeGreaterThan(0);
  await expect(money).toContainText('Pending until');
  // exactly this project's share: the translator has no other work
  expect(await pendingEarnings(translator)).toBe(earned);
  await shotPage(translator, 'loop-translator-completed');
  expect(errors).toEqual([]);

  await customerContext.close();
  await translatorContext.close();
});
