import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, shotPage, signInWith, test } from './fixtures';
import { addToMyTeam, makeProject, openReviewJob, takeJob, takenDocxJob } from './fixtures-projects';
import { makeDocx } from './ordering-helpers';

// The editor's tools beyond typing: find and Replace all across segments, an XLIFF file taken to a
// CAT tool and brought back, and a QA reviewer marking an error on a segment that the review form
// then counts.

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PARAGRAPHS = ['Welcome to the annual report.', 'Read the report before you start.', 'Thank you.'];
const FRENCH = ['Bienvenue dans le rapport annuel.', 'Lisez le rapport avant de commencer.', 'Merci.'];
const pair: [string, string] = ['american-english', 'french'];

const target = (page: Page, n: number) => page.getByRole('textbox', { name: `Segment ${n}, translation` });

test('a translator replaces a word in every segment and brings an XLIFF file back', async ({ page, newAccount }) => {
  test.setTimeout(150_000);
  const { translator, project } = await takenDocxJob(newAccount, PARAGRAPHS);
  await signInWith(page, translator);
  await page.goto(`/ui-editor/${project.id}`);
  await expect(target(page, 1)).toBeFocused();
  const texts = ['Bienvenue au rapport annuel.', 'Lisez le rapport avant de commencer.', 'Merci.'];
  for (const [i, text] of texts.entries()) {
    // Ctrl+Enter confirms and moves on: type once the next segment has the focus
    await expect(target(page, i + 1)).toBeFocused();
    await page.keyboard.type(text);
    await page.keyboard.press('Control+Enter');
    await expect(page.getByRole('group', { name: `Segment ${i + 1}` })).toContainText('Translated');
  }
  await expect(page.getByText(/^(\d+) of \1 words confirmed \(100%\)/)).toBeVisible();

  // find in the translations, then replace in every segment that has the word
  const tools = page.getByRole('search', { name: 'Find and replace' });
  await tools.getByLabel('Find in target').fill('rapport');
  await expect(tools.getByRole('status')).toHaveText('2 segments match');
  await tools.getByLabel('Replace with').fill('bilan');
  await tools.getByRole('button', { name: 'Replace all' }).click();
  await expect(page.getByText('Replaced in 2 segments.')).toBeVisible();
  await tools.getByLabel('Find in target').fill('');
  await expect(target(page, 1)).toHaveValue('Bienvenue au bilan annuel.');
  await expect(target(page, 2)).toHaveValue('Lisez le bilan avant de commencer.');
  await expect(target(page, 3)).toHaveValue('Merci.');
  await expectAccessible(page);
  // the server has the replacements: a reload shows them, still confirmed
  await page.reload();
  await expect(target(page, 2)).toHaveValue('Lisez le bilan avant de commencer.');
  await expect(page.getByText(/^(\d+) of \1 words confirmed \(100%\)/)).toBeVisible();

  // the job as XLIFF 2.1, as a CAT tool opens it
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download XLIFF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlf$/);
  const xliff = readFileSync(await download.path(), 'utf8');
  expect(xliff).toContain('urn:oasis:names:tc:xliff:document:2.0');
  expect(xliff).toContain('version="2.1"');
  expect(xliff).toContain('Welcome to the annual report.');
  expect(xliff).toContain('Lisez le bilan avant de commencer.');

  // the translator changes one target in their tool and imports the file
  expect(xliff).toContain('>Merci.</target>');
  const edited = xliff.replace('>Merci.</target>', '>Merci beaucoup.</target>');
  await page.locator('input[type="file"][accept*=".xlf"]').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/xliff+xml',
    buffer: Buffer.from(edited),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'The XLIFF file updated 1 segment;' })).toContainText(
    '2 unchanged',
  );
  await expect(target(page, 3)).toHaveValue('Merci beaucoup.');
  await shotPage(page, 'workbench-xliff-imported');
  await page.reload();
  await expect(target(page, 3)).toHaveValue('Merci beaucoup.');
});

test('a QA reviewer marks an error on a segment and the review counts it', async ({ page, newAccount, adminApi }) => {
  test.setTimeout(150_000);
  const [customer, author, reviewer] = await Promise.all([
    newAccount({ credits: 50_000 }),
    newAccount({ type: 'translator', pair }),
    newAccount({ type: 'translator', pair }),
  ]);
  await addToMyTeam(customer.api, author.id);
  const project = await makeProject(customer, author, {
    stage: 'completed',
    source: { name: 'report.docx', mimeType: DOCX, buffer: await makeDocx(PARAGRAPHS) },
    // the translator worked outside the editor and delivers the translated Word file
    files: [{ name: 'report.docx', text: '', buffer: await makeDocx(FRENCH), mimeType: DOCX }],
  });
  // the customer reads the delivery side by side once: the job's segments are made then
  const opened = await customer.api.get(`/api/2/workbench/projects/${project.id}`);
  expect(opened.ok(), `opening the job answered ${opened.status()}`).toBeTruthy();
  const jobId = await openReviewJob(adminApi, project.id, 'qa');
  await takeJob(reviewer.api, jobId);

  await signInWith(page, reviewer);
  await page.goto(`/project/${jobId}`);
  await page.getByRole('link', { name: 'Open in editor' }).click();
  await page.waitForURL(`**/ui-editor/${jobId}`);
  const segment = page.getByRole('group', { name: 'Segment 2' });
  // the delivered file is read into the segments: the reviewer reads the translation
  await expect(segment).toContainText(FRENCH[1]);
  await expect(page.getByText('No translation yet')).toHaveCount(0);
  await segment.click();
  const panel = page.getByRole('complementary', { name: 'Suggestions' });
  const form = panel.getByRole('form', { name: 'Add error' });
  // the form says what is missing before it sends anything
  await form.getByRole('button', { name: 'Add error' }).click();
  await expect(form.getByText('Choose an error category')).toBeVisible();
  await expect(form.getByText('Choose a severity')).toBeVisible();
  await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Accuracy' });
  await form.getByRole('combobox', { name: 'Severity' }).selectOption({ label: 'Major' });
  await form.getByLabel('Comment').fill('"report" is read as a verb here.');
  await form.getByRole('button', { name: 'Add error' }).click();
  const noted = panel.getByRole('list', { name: 'Errors noted' });
  await expect(noted).toContainText('Accuracy · major');
  await expect(noted).toContainText('"report" is read as a verb here.');
  // the form is empty again, drawn as a fresh one: the selects' labels inside the fields
  await expect(form.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  await expect(form.locator('label', { hasText: 'Category' })).toHaveAttribute('data-shrink', 'false');
  await expect(form.locator('label', { hasText: 'Severity' })).toHaveAttribute('data-shrink', 'false');
  await expectAccessible(page);
  await shotPage(page, 'workbench-review-error');

  // the review job's form counts it in the score
  await page.goto(`/project/${jobId}`);
  const counted = page.getByRole('table', { name: 'Errors marked in the editor' });
  await expect(counted).toContainText('Accuracy');
  await expect(counted).toContainText('Major');
});
