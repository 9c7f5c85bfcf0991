import type { Page } from '@playwright/test';
import { expect, test, shotPage, signInWith } from './fixtures';
import { adminApi, pickLanguage, setUiFeature } from './ordering-helpers';

// The wizard's steps follow the UI feature flags with status 1 (spec 1 sections 2 and 6): an admin
// switches a step off (POST /api/2/site/ui-feature/config/set) and the wizard leaves it out; and
// the machine-translation options of an MT plan (GET /api/2/wizard/mt-available-params).
//
// Flags are global: each one is switched off only while the wizard page loads them (it keeps them
// for the page's life), and switched back on at once, also when the test fails.

const TEXT = 'Eight words are in this short pasted sentence.';

async function stepLabels(page: Page): Promise<string[]> {
  const labels = page.locator('.MuiStepLabel-label');
  await expect(labels.first()).toBeVisible();
  return labels.allTextContents();
}

async function pasteText(page: Page) {
  await page.getByRole('button', { name: 'Paste text' }).click();
  await page.getByLabel('Your text').fill(TEXT);
  await page.getByRole('button', { name: 'Count words' }).click();
  await expect(page.getByTestId('word-count')).toHaveText('8');
}

/** Opens a new order with these step flags off; the flags are on again when it answers. */
async function openWizardWithout(page: Page, admin: Awaited<ReturnType<typeof adminApi>>, flags: string[]) {
  try {
    for (const flag of flags) await setUiFeature(admin.request, flag, 0);
    await page.goto('/wizard');
    // the previous order of this test is an open draft: the wizard offers it; this test starts anew
    const fresh = page.getByRole('button', { name: 'Start a new order' });
    await expect(fresh.or(page.getByRole('button', { name: 'Next' }).first())).toBeVisible();
    if (await fresh.isVisible()) await fresh.click();
    await page.waitForURL(/\/wizard\?pid=[A-Za-z0-9_-]{24}$/);
    await expect(page.getByRole('heading', { name: 'Order a translation' })).toBeVisible();
    await stepLabels(page);
  } finally {
    for (const flag of flags) await setUiFeature(admin.request, flag, 1);
  }
}

test('a step whose flag is off is left out of the wizard', { tag: '@site-wide' }, async ({
  page,
  browser,
  consoleErrors,
  newAccount,
}) => {
  const admin = await adminApi(browser);
  await signInWith(page, await newAccount());

  // every flag on (the demo data): five steps
  await page.goto('/wizard');
  expect(await stepLabels(page)).toEqual(['Upload content', 'Languages', 'Expertise', 'Brief', 'Plans']);

  // the brief switched off: four steps, and Next on the expertise step leads to the plans
  await openWizardWithout(page, admin, ['wizard-step-brief']);
  expect(await stepLabels(page)).toEqual(['Upload content', 'Languages', 'Expertise', 'Plans']);
  await expect(page.getByText('Four short steps. Your order is saved as you go.')).toBeVisible();
  await pasteText(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await pickLanguage(page, 'Translate from', 'American English');
  await pickLanguage(page, 'Translate to', 'German');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Legal' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Brief your translator/ })).toHaveCount(0);
  await shotPage(page, `flags-no-brief`);

  // upload, expertise and plans switched off: the customer types the count on the last step (the
  // brief), which adds to the cart; the skipped steps' data defaults (general, translation)
  await openWizardWithout(page, admin, ['wizard-step-upload', 'wizard-step-expertise', 'wizard-step-plans']);
  expect(await stepLabels(page)).toEqual(['Languages', 'Brief']);
  const pid = new URL(page.url()).searchParams.get('pid') ?? '';
  await pickLanguage(page, 'Translate from', 'American English');
  await pickLanguage(page, 'Translate to', 'Spanish');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /^Brief your translator/ })).toBeVisible();
  const name = `Flags order ${Date.now().toString(36)}`;
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter the number of words' })).toBeVisible();
  await page.getByLabel('Number of words').fill('1200');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  // the saved count answers the refusal
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter the number of words' })).toHaveCount(0);
  await shotPage(page, `flags-brief-last`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForURL('**/shopping-cart');
  const order = page.getByRole('listitem').filter({ hasText: name });
  await expect(order.getByText(/1,200 words/)).toBeVisible();
  const saved = await page.request.get(`/registry/get?data=PurchaseOrder&pid=${pid}`);
  expect((await saved.json()).results).toMatchObject({
    status: 'cart',
    type: 'translation',
    expertise: 'general',
    materialsOption: 'count',
    wordCount: 1200,
    wordCountSource: 'manual',
    source_language: 'american-english',
    target_languages: ['spanish'],
  });
  await admin.close();
  expect(consoleErrors).toEqual([]);
});

test('a machine-translation plan shows its options per language and keeps the choice', async ({
  page,
  consoleErrors,
  newAccount,
}) => {
  await signInWith(page, await newAccount());
  await page.goto('/wizard');
  await page.waitForURL(/\/wizard\?pid=[A-Za-z0-9_-]{24}$/);
  const pid = new URL(page.url()).searchParams.get('pid') ?? '';
  await pasteText(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await pickLanguage(page, 'Translate from', 'American English');
  await pickLanguage(page, 'Translate to', 'German');
  await pickLanguage(page, 'Translate to', 'Finnish');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'General' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // a human plan: no MT options
  await page.getByTestId('plan-translation').getByRole('radio').check();
  const options = page.getByRole('region', { name: 'Machine translation options' });
  await expect(options).toHaveCount(0);

  await page.getByTestId('plan-machine-translation').getByRole('radio').check();
  await expect(options).toBeVisible();
  const german = options.getByTestId('mt-german');
  const finnish = options.getByTestId('mt-finnish');
  // the engines connected to the test servers (e2e/playwright.config.ts): LibreTranslate has a German
  // model and no Finnish one; it takes neither a form of address nor terms
  const germanEngine = german.getByRole('combobox', { name: 'Engine for German' });
  await expect(germanEngine.locator('option:checked')).toHaveText('LibreTranslate');
  await expect(germanEngine.locator('option')).toHaveText(['LibreTranslate', 'AI translation (large language model)']);
  await expect(german.getByRole('combobox', { name: /^Form of address/ })).toHaveCount(0);
  await expect(german.getByRole('checkbox', { name: 'Use my glossary' })).toHaveCount(0);
  const finnishEngine = finnish.getByRole('combobox', { name: 'Engine for Finnish' });
  await expect(finnishEngine.locator('option')).toHaveText(['AI translation (large language model)']);
  // Finnish has no formal "you"
  await expect(finnish.getByRole('combobox', { name: /^Form of address/ })).toHaveCount(0);

  await germanEngine.selectOption({ label: 'AI translation (large language model)' });
  await german.getByRole('combobox', { name: 'Form of address in German' }).selectOption({ label: 'Formal' });
  await german.getByRole('checkbox', { name: 'Use my glossary' }).check();
  await shotPage(page, `mt-options`);

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForURL('**/shopping-cart');
  const saved = await page.request.get(`/registry/get?data=PurchaseOrder&pid=${pid}`);
  expect((await saved.json()).results).toMatchObject({
    type: 'machine-translation',
    mtParams: {
      german: { engine: 'openai', formality: 'formal', glossary: true },
      finnish: { engine: 'openai', formality: 'default', glossary: false },
    },
  });
  expect(consoleErrors).toEqual([]);
});
