import type { Page } from '@playwright/test';
import { expect, expectAccessible, NEW_PASSWORD, test, uniqueEmail, shotPage } from './fixtures';
import { makeProject } from './fixtures-projects';

// A new translator is walked through the profile after sign-up (/profile/?flow=1#languages):
// languages, expertise, availability, bio, uploads and references; then matching offers them the
// open projects of their pair (spec 2 sections 2 and 5).

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

async function next(page: Page, title: string) {
  await page.getByRole('button', { name: `Next: ${title}` }).click();
}

test('a new translator completes the walk-through and then sees a matching open project', async ({
  page,
  consoleErrors,
  newAccount,
}) => {
  test.setTimeout(120_000);
  // an open American English -> Italian project of a new customer's, for the matching at the end
  const italian = await makeProject(await newAccount({ credits: 20_000 }), undefined, {
    target: 'italian',
    stage: 'paid',
  });
  await page.goto('/auth?mode=signup');
  await page.getByRole('radio', { name: 'Translator' }).check();
  await page.getByLabel('Full name').fill('Walter Walkthrough');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('walk'));
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/profile\/\?flow=1#languages$/);

  // languages: the native language is required before going on
  await expect(page.getByRole('heading', { name: 'Language Skills', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next: Expertise' })).toBeDisabled();
  await expectAccessible(page);
  await shotPage(page, 'profile-flow-languages');
  await page.getByRole('button', { name: 'Save native language' }).click();
  await expect(page.getByText('Please choose your native language')).toBeVisible();
  await pick(page, 'Native language', 'German');
  await page.getByRole('button', { name: 'Save native language' }).click();
  await pick(page, 'From', 'American English');
  await pick(page, 'To', 'Italian');
  await page.getByRole('button', { name: 'Add pair' }).click();
  await expect(page.getByRole('list', { name: 'Your language pairs' })).toContainText('American English → Italian');
  await next(page, 'Expertise');

  await expect(page).toHaveURL(/#expertise$/);
  await page.getByRole('checkbox', { name: 'Marketing' }).click();
  await expect(page.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Next: Availability' })).toBeEnabled();
  await expectAccessible(page);
  await next(page, 'Availability');

  await page.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Ber');
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await page.getByLabel('First day').fill('2031-07-01');
  await page.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('Set both the first and the last day of your vacation')).toBeVisible();
  await page.getByLabel('First day').fill('');
  await page.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByRole('button', { name: 'Next: Bio' })).toBeEnabled();
  await expectAccessible(page);
  await next(page, 'Bio');

  await page.getByLabel('Bio').fill('Marketing translator');
  await page.getByRole('button', { name: 'Save bio' }).click();
  await expect(page.getByText('*Your bio should be at least 5 words long.')).toBeVisible();
  await page.getByLabel('Bio').fill('Marketing translator from English into Italian since 2012.');
  await page.getByRole('button', { name: 'Save bio' }).click();
  await expect(page.getByRole('button', { name: 'Next: Uploads' })).toBeEnabled();
  await next(page, 'Uploads');

  // uploads: a wrong type is refused with a message; the CV and ID complete the step
  await page
    .getByTestId('upload-cv')
    .setInputFiles({ name: 'cv.exe', mimeType: 'application/octet-stream', buffer: PDF });
  await expect(page.getByText('This file type is not accepted here. Allowed: pdf, doc, docx, odt, rtf')).toBeVisible();
  await page
    .getByTestId('upload-cv')
    .setInputFiles({ name: 'walter-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('link', { name: 'walter-cv.pdf' })).toBeVisible();
  await page.getByTestId('upload-gov_id').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('link', { name: 'passport.png' })).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'profile-flow-uploads');
  await next(page, 'References');

  await page.getByLabel('Name').fill('Greta Gruber');
  await page.getByLabel('Email').fill('greta@example.com');
  await page.getByLabel('Company').fill('Gruber Werbung');
  await page.getByRole('button', { name: 'Save references' }).click();
  await expect(page.getByText('Your profile is complete')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Finish' }).click();

  // matching: open English to Italian projects (the new customer's among them) are offered now, and
  // only that pair
  await page.waitForURL(/\/open-project-freelance-translator/);
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: 'Italian' });
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('table').getByRole('link', { name: String(italian.id), exact: true })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'German' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('a translator sees the skill sections at /profile, not the customer ones, and saves software', async ({
  page,
  newAccount,
}) => {
  // a translator of the test's own: the software is part of matching (probation's CAT tools)
  const translator = await newAccount({ type: 'translator', pair: ['american-english', 'french'] });
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(translator.email);
  await page.getByLabel('Password', { exact: true }).fill(translator.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/profile#software_services');
  await expect(page.getByRole('heading', { name: 'Software & Services', level: 2 })).toBeVisible();
  await page.getByRole('checkbox', { name: 'memoQ' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await expectAccessible(page);
  for (const tab of ['Language Skills', 'Expertise', 'Uploads', 'Availability', 'References']) {
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveCount(1);
  }
  await expect(page.getByRole('tab', { name: 'API Keys' })).toHaveCount(0);
});
