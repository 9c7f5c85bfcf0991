import type { Page } from '@playwright/test';
import { csrfHeaders, expect, test, signInWith } from './fixtures';
import { makeDocx, pickLanguage } from './ordering-helpers';

// A new customer with a translation memory for English to German orders a Word document through
// the wizard: the plans step shows "Your translation memory", the document's words in each match
// band (repetitions, 100%, 95-99%, 85-94%, 75-84%, no match), and the same price as without it.

const EXACT = 'The package arrives within three working days.';
const NEAR = 'Every order placed before noon on a working day leaves our warehouse on the same day by courier.';
const CLOSE = 'Please keep the receipt for your records.';
const FAR = 'Our support team answers every message personally.';
const NOVEL = 'Nothing in this sentence resembles the memory at all.';

const tu = (en: string, de: string) =>
  `<tu><tuv xml:lang="en-US"><seg>${en}</seg></tuv><tuv xml:lang="de-DE"><seg>${de}</seg></tuv></tu>`;
const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4">
  <header creationtool="e2e" srclang="en-US" datatype="plaintext" segtype="sentence" adminlang="en-US" o-tmf="x" creationtoolversion="1"/>
  <body>
    ${tu(EXACT, 'Das Paket kommt innerhalb von drei Werktagen an.')}
    ${tu(NEAR, 'Jede Bestellung vor zwölf Uhr verlässt unser Lager am selben Tag per Kurier.')}
    ${tu(CLOSE, 'Bitte bewahren Sie den Beleg auf.')}
    ${tu(FAR, 'Unser Support beantwortet jede Nachricht persönlich.')}
  </body>
</tmx>
`;

// one sentence per band, the first repeated: 7 + 18 + 7 + 8 + 7 + 9 = 56 words
const PARAGRAPHS = [
  EXACT,
  NEAR.replace('courier', 'truck'),
  CLOSE.replace('records', 'files'),
  FAR.replace('every message personally', 'every single message quickly'),
  EXACT,
  NOVEL,
];
const BANDS: [string, string, string][] = [
  ['repetitions', 'Repetitions', '7'],
  ['100', '100%', '7'],
  ['95-99', '95–99%', '18'],
  ['85-94', '85–94%', '7'],
  ['75-84', '75–84%', '8'],
  ['new', 'No match', '9'],
  ['total', 'Total', '56'],
];

/** Orders the shipping .docx, American English to German, through the wizard up to its plans. */
async function orderShippingPageToPlans(page: Page): Promise<void> {
  await page.goto('/wizard');
  await page.waitForURL(/\/wizard\?pid=[A-Za-z0-9_-]{24}$/);
  await page.getByLabel('Choose files').setInputFiles({
    name: 'shipping.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await makeDocx(PARAGRAPHS),
  });
  await expect(page.getByTestId('word-count')).toHaveText('56');
  await page.getByRole('button', { name: 'Next' }).click();
  await pickLanguage(page, 'Translate from', 'American English');
  await pickLanguage(page, 'Translate to', 'German');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'General' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Project name').fill('Shipping page');
  await page.getByRole('button', { name: 'Next' }).click();
}

test('a customer with a translation memory sees the quote analysed by match band', async ({
  page,
  newAccount,
  consoleErrors,
  shot,
}) => {
  test.setTimeout(120_000);
  const customer = await newAccount({ name: 'Tamsin Memory' });
  const imported = await customer.api.post('/tmx/import', {
    headers: await csrfHeaders(customer.api),
    multipart: { file: { name: 'shop-memory.tmx', mimeType: 'application/x-tmx+xml', buffer: Buffer.from(TMX) } },
  });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  await signInWith(page, customer);

  await orderShippingPageToPlans(page);

  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Your translation memory (German)' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Match', 'Words']);
  for (const [key, label, words] of BANDS) {
    const row = table.locator(`tr[data-band="${key}"]`);
    await expect(row.getByRole('rowheader')).toHaveText(label);
    await expect(row.getByRole('cell')).toHaveText(words);
  }
  await expect(page.getByTestId('plan-translation').getByText(/^\$\d[\d,]*\.\d\d$/)).toBeVisible();
  await shot('quote-analysis-plans');
  expect(consoleErrors).toEqual([]);
});

test('a customer without a memory for the pair sees no analysis', async ({ page, newAccount }) => {
  test.setTimeout(90_000);
  await signInWith(page, await newAccount());
  await orderShippingPageToPlans(page);
  await expect(page.getByTestId('plan-translation').getByText(/^\$\d[\d,]*\.\d\d$/)).toBeVisible();
  await expect(page.getByTestId('memory-analysis')).toHaveCount(0);
});
