import { readFileSync } from 'node:fs';
import { expect, expectAccessible, test, signInWith } from './fixtures';

// Terminology, translation memory and glossary in the profile (spec 2 sections 2, 4, 7, 8):
// a new customer imports terminology for a pair (and confirms the replacement), views and deletes
// it; imports a TMX, sees its languages, is refused a malformed one with its line; works at 375 px.

const CSV = 'source,target,note\n"Save, and close",Speichern und schließen,button\ninvoice,Rechnung,\n';
const CSV2 = 'credit;Guthaben\nbalance;Saldo\nbalance due;offener Betrag\n';
const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4">
  <header creationtool="e2e" creationtoolversion="1" srclang="en-US" datatype="plaintext" segtype="sentence" adminlang="en-US" o-tmf="x"/>
  <body>
    <tu><tuv xml:lang="en-US"><seg>Click <bpt i="1">&lt;b&gt;</bpt>Save<ept i="1">&lt;/b&gt;</ept></seg></tuv><tuv xml:lang="de-DE"><seg>Klicken Sie auf Speichern</seg></tuv><tuv xml:lang="fr-FR"><seg>Cliquez sur Enregistrer</seg></tuv></tu>
    <tu><tuv xml:lang="en-US"><seg>Welcome back</seg></tuv><tuv xml:lang="de-DE"><seg>Willkommen zurück</seg></tuv></tu>
  </body>
</tmx>
`;

async function pickLanguage(page: import('@playwright/test').Page, label: string, name: string) {
  await page.getByRole('combobox', { name: label }).fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

test('a customer imports, replaces, views and deletes terminology, and imports a translation memory', async ({
  page,
  newAccount,
  consoleErrors,
}) => {
  // one long journey through three screens (about 40 s on a quiet machine)
  test.setTimeout(180_000);
  await signInWith(page, await newAccount({ name: 'Terry Terms' }));
  await page.goto('/cpanel');

  await page.getByRole('link', { name: 'Terminology' }).first().click();
  await page.waitForURL(/\/profile#terminology$/);
  await expect(page.getByRole('heading', { name: 'Terminology', level: 2 })).toBeVisible();
  await expect(page.getByText('You have no terminology yet.')).toBeVisible();
  await expectAccessible(page);

  // nothing chosen: the form says what is missing
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const terminology = page.getByRole('region', { name: 'Terminology' });
  await expect(terminology.getByRole('alert')).toHaveText('Choose the source language');

  await pickLanguage(page, 'Source language', 'American English');
  await pickLanguage(page, 'Target language', 'German');
  await page
    .getByTestId('terminology-file')
    .setInputFiles({ name: 'terms.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const list = page.getByRole('table', { name: 'Your terminology' });
  await expect(list.getByRole('row', { name: /American English → German/ })).toContainText('terms.csv');
  await expect(list).toContainText('2');

  // the same pair again: confirm the replacement
  await page
    .getByTestId('terminology-file')
    .setInputFiles({ name: 'v2.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV2) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Replace terminology?' });
  await expect(confirm).toContainText('Terminology for this language pair already exists. Replace it?');
  await expectAccessible(page, '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Replace' }).click();
  await expect(list).toContainText('v2.csv');

  await page.getByRole('button', { name: 'View American English → German' }).click();
  const terms = page.getByRole('dialog', { name: /American English → German/ });
  await expect(terms.getByRole('table')).toContainText('offener Betrag');
  await expect(terms.getByRole('table')).not.toContainText('Rechnung');
  await terms.getByRole('button', { name: 'Close' }).click();

  // a broken file: refused with its line, the list unchanged
  await page
    .getByTestId('terminology-file')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\nc,\n') });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Replace' }).click();
  await expect(terminology.getByRole('alert')).toHaveText('Line 2: each row needs a source term and a target term');
  await expect(list).toContainText('v2.csv');

  await page.getByRole('button', { name: 'Delete American English → German' }).click();
  await page.getByRole('dialog', { name: 'Delete terminology?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have no terminology yet.')).toBeVisible();

  // translation memory
  await page.getByRole('link', { name: 'Translation Memory' }).first().click();
  await page.waitForURL(/#translation_memory$/);
  await expect(page.getByText('You have no translation memory yet.')).toBeVisible();
  await expect(page.getByText('No groups yet: your memory is not shared with anyone.')).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId('tmx-file').setInputFiles({
    name: 'memory.tmx',
    mimeType: 'application/xml',
    buffer: Buffer.from(TMX.replace('</seg></tuv></tu>\n    <tu>', '</seg></tuv>\n    <tu>')),
  });
  await expect(page.getByRole('region', { name: 'Translation Memory' }).getByRole('alert')).toContainText(
    /^Line \d+: /,
  );
  await page
    .getByTestId('tmx-file')
    .setInputFiles({ name: 'memory.tmx', mimeType: 'application/xml', buffer: Buffer.from(TMX) });
  const languages = page.getByLabel('Memory languages');
  await expect(languages).toContainText('German (de-DE) · 2');
  await expect(languages).toContainText('French (fr-FR) · 1');
  await expect(page.getByRole('table', { name: 'Your TMX imports' })).toContainText('memory.tmx');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download as TMX' }).click();
  const file = await download;
  expect(readFileSync(await file.path(), 'utf8')).toContain('<seg>Welcome back</seg>');

  await page.getByLabel('Group name').fill('Legal team');
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText('No translators in this group yet.')).toBeVisible();
  await page.getByLabel("Translator's e-mail").fill('translator@parlance.test');
  await page.getByRole('button', { name: 'Add translator' }).click();
  await expect(page.getByRole('list', { name: 'Translators in Legal team' })).toContainText('translator@parlance.test');
  await expectAccessible(page);

  // glossary files: upload, see, delete
  await page.getByRole('link', { name: 'Glossary Files' }).first().click();
  await page.waitForURL(/#glossary$/);
  await expect(page.getByText('You have no glossary files yet.')).toBeVisible();
  await page.getByTestId('glossary-file').setInputFiles({
    name: 'style-guide.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Keep product names in English.\n'),
  });
  const glossary = page.getByRole('table', { name: 'Your glossary files' });
  await expect(glossary.getByRole('link', { name: 'style-guide.txt' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Delete style-guide.txt' }).click();
  await expect(page.getByText('You have no glossary files yet.')).toBeVisible();

  // a phone: cards, nothing wider than the screen
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/profile#terminology');
  await expect(page.getByRole('heading', { name: 'Terminology', level: 2 })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.goto('/profile#translation_memory');
  await expect(page.getByText('memory.tmx').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  // the refusals this test asked for: the pair that exists (409) and the broken files (400)
  const expected = ['status of 409 (Conflict)', 'status of 400 (Bad Request)'];
  expect(consoleErrors.filter((e) => !expected.some((x) => e.includes(x)))).toEqual([]);
  expect(consoleErrors).toHaveLength(4);
});
