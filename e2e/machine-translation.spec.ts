import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { expect, shotPage, test } from './fixtures';
import { APPROVES, makeDocx, payByCard, pickLanguage, signUpCustomer } from './ordering-helpers';

// A customer orders machine translation of a Word document through the wizard, pays, and gets the
// translated .docx back on the project page without anybody taking the job: the server's
// machine-translation task runs right after the payment against the suite's LibreTranslate
// (e2e/playwright.config.ts), whose translations are marked "[es] ...".

const PARAGRAPHS = ['Our shop opens at nine.', 'Thank you for visiting us.'];

test('a machine-translation order is translated and delivered as a .docx', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signUpCustomer(page, 'Mia Machine');
  await page.goto('/wizard');
  await page.waitForURL(/\/wizard\?pid=[A-Za-z0-9_-]{24}$/);
  await page.getByLabel('Choose files').setInputFiles({
    name: 'shop.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await makeDocx(PARAGRAPHS),
  });
  await expect(page.getByRole('list', { name: 'Your files' }).getByText('shop.docx')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await pickLanguage(page, 'Translate from', 'American English');
  await pickLanguage(page, 'Translate to', 'Spanish');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'General' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const name = `Shop sign ${Date.now().toString(36)}`;
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('plan-machine-translation').getByRole('radio').check();
  await expect(
    page
      .getByRole('region', { name: 'Machine translation options' })
      .getByRole('combobox', { name: 'Engine for Spanish' })
      .locator('option:checked'),
  ).toHaveText('LibreTranslate');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForURL('**/shopping-cart');

  // a new account has no credits: buy what is missing by card, then pay with credits
  const total = Number(
    ((await page.getByTestId('cart-total').textContent()) ?? '').match(/([\d,]+) credits/)?.[1].replaceAll(',', ''),
  );
  await page.goto(`/payment/quote/?amount=${total}`);
  await expect(page.getByRole('button', { name: 'Pay by card' })).toBeEnabled();
  await payByCard(page, APPROVES);
  await page.waitForURL('**/payment/thankyou/?payment=*');
  await page.getByRole('link', { name: 'Back to the cart' }).click();
  await page.getByRole('button', { name: 'Pay with credits' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your order is paid' })).toBeVisible();
  await page.getByRole('listitem').filter({ hasText: name }).getByRole('link').first().click();
  await page.waitForURL(/\/project\/\d+$/);

  // delivered by the machine: no translator, the translated file in the same format
  await expect(page.getByText('Translation Received').first()).toBeVisible({ timeout: 30_000 });
  const translation = page.getByRole('list', { name: 'Translation' });
  await expect(translation.getByText('shop.docx')).toBeVisible();
  await expect(page.getByText('Delivered by machine translation')).toBeVisible();
  // no translator reads this order's discussion, and the page says so
  await expect(page.getByText(/A machine translates this order, so no translator reads this discussion/)).toBeVisible();
  await expect(page.getByText('Questions for your translator go here')).toHaveCount(0);
  await shotPage(page, 'mt-delivered');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    translation.getByRole('button', { name: 'Download shop.docx' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('shop.docx');
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  expect(xml).toContain('[es] Our shop opens at nine.');
  expect(xml).toContain('[es] Thank you for visiting us.');

  // the states a real engine passes through too slowly for a test: the page's answer is shaped here
  const shaped = { segmentsDone: 120, segmentsTotal: 480, wordsDone: 1510, wordsTotal: 6020 };
  let progress: Record<string, unknown> = { state: 'running', ...shaped, error: null };
  await page.route(/\/api\/2\/projects\/\d+$/, async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), machineTranslation: progress } });
  });
  await page.reload();
  await expect(page.getByTestId('machine-translation')).toContainText(
    'Machine translation: 120 of 480 segments (1510 of 6020 words).',
  );
  await shotPage(page, 'mt-running');
  progress = { state: 'failed', ...shaped, error: 'LibreTranslate answered 403: Invalid API key' };
  await page.reload();
  await expect(page.getByTestId('machine-translation')).toHaveText(
    'Machine translation failed: LibreTranslate answered 403: Invalid API key. A translator will take over, for the price you paid.',
  );
  await shotPage(page, 'mt-failed');
  expect(consoleErrors.filter((e) => !e.includes('status of 402'))).toEqual([]);
});
