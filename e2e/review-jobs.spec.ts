import type { Page } from '@playwright/test';
import { expect, shotPage, signInAs, signInWith, test } from './fixtures';
import { makeProject } from './fixtures-projects';

// QA and LL reviews (ADR 0089): an admin opens a QA job over a
// completed project, a translator takes it from Open Projects > QA, reads the reviewed
// project, fills the error table, sees the score preview and submits; the review shows read-only.
//
// The reviewed project is the test's own: a new customer's 800-word order, translated and delivered
// by one new translator and approved; the reviewer is a second new translator of the same pair
// (nobody reviews their own work).

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).selectOption({ label: option });
}

test('an admin opens a QA job, a translator takes it, scores the work and the review shows', async ({
  browser,
  newAccount,
}) => {
  test.setTimeout(120_000);
  const pair: [string, string] = ['american-english', 'french'];
  const [customer, author, reviewer] = await Promise.all([
    newAccount({ credits: 50_000 }),
    newAccount({ type: 'translator', name: 'Rosa Author', pair }),
    newAccount({ type: 'translator', name: 'Remy Reviewer', pair }),
  ]);
  const REVIEWED_NAME = `Blog post ${Date.now().toString(36)}`;
  const { id: reviewed } = await makeProject(customer, author, {
    name: REVIEWED_NAME,
    words: 800,
    files: [{ name: 'blog-by-rosa.txt', text: 'Un article de blog, traduit par Rosa.' }],
  });

  // the admin, on the completed project's page
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const errors: string[] = [];
  admin.on('pageerror', (e) => errors.push(e.message));
  await signInAs(admin, 'admin', false);
  await admin.goto(`/project/${reviewed}`);
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(REVIEWED_NAME);
  await admin.getByRole('button', { name: 'Create QA job' }).click();
  await admin.waitForURL((url) => /^\/project\/\d+$/.test(url.pathname) && url.pathname !== `/project/${reviewed}`);
  const jobId = Number(new URL(admin.url()).pathname.split('/').pop());
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(`QA review: ${REVIEWED_NAME}`);
  await expect(admin.getByTestId('reviewed-project-link')).toHaveAttribute('href', `/project/${reviewed}`);
  await expect(admin.getByText('No review has been submitted yet.')).toBeVisible();

  // the reviewer finds it under Open Projects > QA and takes it
  const translatorContext = await browser.newContext();
  const translator = await translatorContext.newPage();
  translator.on('pageerror', (e) => errors.push(e.message));
  await signInWith(translator, reviewer);
  await translator.goto('/open-project-freelance-translator/qa');
  const table = translator.getByRole('region', { name: 'Open projects' });
  await table.getByRole('button', { name: `Take project ${jobId}`, exact: true }).click();
  await translator.waitForURL(`**/project/${jobId}`);

  // the reviewed project opens read-only, with its files
  const form = translator.getByRole('form', { name: 'Submit review' });
  await expect(form).toBeVisible();
  // a review being worked on reads as Underway, not as a translation in progress
  await expect(translator.locator('[data-status="UNDERWAY"]').first()).toHaveText('Underway');
  await translator.getByTestId('reviewed-project-link').click();
  await translator.waitForURL(`**/project/${reviewed}`);
  await expect(translator.getByText(/You are reviewing this project/)).toBeVisible();
  await expect(translator.getByText('blog-by-rosa.txt')).toBeVisible();
  await translator.goBack();
  await translator.waitForURL(`**/project/${jobId}`);

  // the error table: 1 major + 3 minor = 8 points over 800 words = 10 per 1,000 words -> 900
  await expect(form.getByTestId('review-score')).toHaveText('Score preview: 1000 / 1000');
  await form.getByRole('button', { name: 'Add error' }).click();
  await choose(translator, 'Category 1', 'Accuracy');
  await choose(translator, 'Severity 1', 'Major');
  await expect(form.getByTestId('review-score')).toHaveText('Score preview: 938 / 1000');
  await form.getByRole('button', { name: 'Add error' }).click();
  await choose(translator, 'Category 2', 'Terminology');
  await form.getByLabel('Count 2').fill('3');
  await expect(form.getByTestId('review-score')).toHaveText('Score preview: 900 / 1000');
  await shotPage(translator, `review-form`);
  // a row added and removed again changes nothing
  await form.getByRole('button', { name: 'Add error' }).click();
  await expect(form.getByTestId('review-error-row')).toHaveCount(3);
  await form.getByRole('button', { name: 'Remove row 3' }).click();
  await expect(form.getByTestId('review-error-row')).toHaveCount(2);
  await expect(form.getByTestId('review-score')).toHaveText('Score preview: 900 / 1000');

  // a comment is required
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByText('The comment must be 3 to 5000 characters long')).toBeVisible();
  await form.getByLabel('Comment').fill('Faithful overall; one meaning shift and three glossary terms missed.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(translator.getByText('Review submitted')).toBeVisible();
  const summary = translator.getByTestId('review-summary');
  await expect(summary.getByTestId('review-score')).toHaveText('Score: 900 / 1000');
  await shotPage(translator, `review-submitted`);
  await expect(summary.getByRole('table', { name: 'Recorded errors' }).locator('tbody tr')).toHaveCount(2);
  await expect(summary.getByText('three glossary terms missed')).toBeVisible();
  await expect(translator.getByRole('form', { name: 'Submit review' })).toHaveCount(0);

  // the admin sees the same review on the job
  await admin.reload();
  await expect(admin.getByTestId('review-summary').getByTestId('review-score')).toHaveText('Score: 900 / 1000');
  expect(errors).toEqual([]);
  await adminContext.close();
  await translatorContext.close();
});
