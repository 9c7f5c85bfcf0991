import { expect, expectAccessible, shotPage, signInAs, signInWith, signOut, test } from './fixtures';
import { makeProject, openReviewJob, takeJob } from './fixtures-projects';

// Quality report editors: a translator reviews a 1,000-word "Spring catalog" in a QA job; from
// the job's list of the reviewed files they open the detailed editor (project_id, resource_uuid and
// csrftoken in the query string), record errors and save; the job's score preview counts them. An
// admin opening the same editor reads it without being able to change it. The catalog is a new
// customer's, translated by one new translator; the QA job is opened by the demo admin and taken by
// a second new translator of the pair.

test.describe.configure({ timeout: 180_000 });

test('a reviewer writes a detailed quality report that the review score counts; an admin reads it only', async ({
  page,
  newAccount,
  adminApi,
}) => {
  const pair: [string, string] = ['american-english', 'french'];
  const [customer, author, reviewer] = await Promise.all([
    newAccount({ credits: 50_000 }),
    newAccount({ type: 'translator', pair }),
    newAccount({ type: 'translator', pair }),
  ]);
  const catalog = await makeProject(customer, author, {
    name: `Spring catalog ${Date.now().toString(36)}`,
    words: 1000,
    files: [{ name: 'spring-catalog-fr.txt', text: 'Catalogue de printemps : nouveautés et prix.' }],
  });
  const jobId = await openReviewJob(adminApi, catalog.id, 'qa');
  await takeJob(reviewer.api, jobId);
  await signInWith(page, reviewer);
  // the reviewer finds the job in their projects
  const list = await page.request.get('/api/2/account/translator-projects?page=1&perPage=100');
  const jobs = (await list.json()).data as { id: number; name: string }[];
  const job = jobs.find((p) => p.name === `QA review: ${catalog.name}`);
  expect(job, 'the QA job').toBeTruthy();
  await page.goto(`/project/${job?.id}`);

  const files = page.getByRole('table', { name: 'Quality reports of the files' });
  await expect(files).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('report-errors')).toHaveCount(0);
  const detailed = files.getByRole('link', { name: /^Detailed report of / }).first();
  const href = (await detailed.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/quality-report\/detailed\?project_id=\d+&resource_uuid=[^&]+&csrftoken=[^&]+$/);
  await detailed.click();

  await expect(page.getByRole('heading', { name: 'Detailed quality report' })).toBeVisible({ timeout: 30_000 });
  const form = page.getByRole('form', { name: 'Detailed quality report' });
  await expect(form.getByText('No errors yet.')).toBeVisible();
  await form.getByRole('button', { name: 'Add error' }).click();
  const row = form.getByRole('group', { name: 'Error row 1' });
  await row.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Terminology' });
  await row.getByRole('combobox', { name: 'Severity' }).selectOption({ label: 'Major' });
  await row.getByLabel('Count').fill('0');
  await form.getByLabel('Comment').fill('Glossary terms are not used in two headings.');
  await form.getByRole('button', { name: 'Save report' }).click();
  await expect(row.getByText('The count must be 1 to 999')).toBeVisible();
  await row.getByLabel('Count').fill('2');
  await expect(form.getByTestId('report-points')).toHaveText('Penalty points of this report: 10');
  await form.getByRole('button', { name: 'Save report' }).click();
  await expect(form.getByText('Quality report saved')).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'quality-report-detailed');

  // the job's score preview counts the report: 10 points over 1,000 words = 1000 - 100
  await page.goto(`/project/${job?.id}`);
  await expect(page.getByTestId('report-errors')).toHaveText(
    'Errors from the quality reports of the files: 2 (counted in the score)',
  );
  await expect(page.getByTestId('review-score')).toHaveText('Score preview: 900 / 1000');
  await shotPage(page, 'quality-report-job');

  // the free editor: findings as text and counts by severity
  await page
    .getByRole('table', { name: 'Quality reports of the files' })
    .getByRole('link', { name: /^Free report of / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Quality report', exact: true })).toBeVisible({ timeout: 30_000 });
  const free = page.getByRole('form', { name: 'Quality report' });
  await free.getByRole('button', { name: 'Save report' }).click();
  await expect(free.getByText('Write your findings')).toBeVisible();
  await free.getByLabel('Findings').fill('Fluent and accurate; one price was converted by mistake.');
  await free.getByLabel('Critical errors').fill('1');
  await free.getByRole('button', { name: 'Save report' }).click();
  await expect(free.getByText('Quality report saved')).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'quality-report-free');

  // an admin reads the report without a way to change it
  await signOut(page);
  await signInAs(page, 'admin', false);
  await page.goto(href.replace(/csrftoken=[^&]+/, 'csrftoken=stale'));
  const readOnly = page.getByRole('form', { name: 'Detailed quality report' });
  await expect(
    readOnly.getByText('Read-only: only the reviewer of an open QA or LL job can change this report'),
  ).toBeVisible({
    timeout: 45_000,
  });
  await expect(readOnly.getByRole('combobox', { name: 'Category' }).locator('option:checked')).toHaveText(
    'Terminology',
  );
  await expect(readOnly.getByRole('button', { name: 'Save report' })).toHaveCount(0);
  await expect(readOnly.getByRole('button', { name: 'Add error' })).toHaveCount(0);
  await expectAccessible(page);
  await shotPage(page, 'quality-report-read-only');
});
