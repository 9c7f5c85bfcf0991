import { readFileSync } from 'node:fs';
import { expect, expectAccessible, expectSettled, signInWith, test } from './fixtures';

// /project/demo (ADR 0099): a guest opens the sample project, reads that it is a sample, follows the
// timeline with its guidance, opens and downloads a sample file and reaches the call to action. A
// new customer finds the sample from the empty My projects list. Screenshots at 1280 and 375 px.

test('a guest reads the sample project, opens its files and reaches the call to action', async ({
  page,
  shot,
  consoleErrors,
}) => {
  await page.goto('/auth?mode=signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See a sample project' })).toBeVisible();
  await shot('project-demo-signup-link');
  await page.getByRole('link', { name: 'See a sample project' }).click();
  await expect(page).toHaveURL(/\/project\/demo$/);

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome letter for e-bike buyers' })).toBeVisible({
    timeout: 30_000,
  });
  await expectSettled(page);
  await expect(page.getByTestId('sample-notice')).toContainText('not live data');
  await expect(page.getByText('Sample', { exact: true })).toBeVisible();

  // the timeline: the five steps in order, each with what the customer sees then
  const timeline = page.getByRole('list', { name: 'Status timeline' });
  const steps = timeline.getByRole('listitem');
  await expect(steps).toHaveCount(5);
  const expected = [
    ['Pending Linguist', 'Ordered and paid'],
    ['In Progress', 'Taken by a translator'],
    ['In Progress', 'Translation started'],
    ['Translation Received', 'Translation delivered'],
    ['Completed', 'Approved'],
  ];
  for (const [i, [status, action]] of expected.entries()) {
    await expect(steps.nth(i)).toContainText(status);
    await expect(steps.nth(i)).toContainText(action);
    await expect(steps.nth(i)).toContainText('What you see at this step');
  }
  await expect(page.getByTestId('guide-delivered')).toContainText('approve it or open a dispute');
  // nothing on it changes anything: no project actions, no discussion form
  await expect(page.getByRole('button', { name: /^(Approve|Cancel|Dispute|Send)$/ })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);

  await expectAccessible(page);
  await shot('project-demo');

  // a sample file opens in a new tab, another downloads
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Open glossary-de.txt' }).click(),
  ]);
  await expect(tab.locator('body')).toContainText('tyre pressure = Reifendruck');
  await tab.close();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download welcome-letter-de.docx' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('welcome-letter-de.docx');
  const bytes = readFileSync(await download.path());
  // a Word document is a zip archive
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  // the call to action: sign up, or start an order
  const cta = page.getByRole('region', { name: 'Ready for your own translation?' });
  await expect(cta.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/auth?mode=signup');
  await cta.getByRole('link', { name: 'Start an order' }).click();
  await expect(page).toHaveURL(/\/wizard/);
  await expect(page.getByRole('heading', { name: 'Order a translation' })).toBeVisible({ timeout: 30_000 });
  expect(consoleErrors).toEqual([]);
});

test('a new customer finds the sample from the empty My projects list', async ({ page, newAccount, shot }) => {
  await signInWith(page, await newAccount());
  await page.goto('/my-projects');
  const link = page.getByRole('link', { name: 'See a sample project' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expectSettled(page);
  await shot('project-demo-my-projects-link');
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome letter for e-bike buyers' })).toBeVisible();
  // a customer is offered an order, not an account
  await expect(page.getByRole('link', { name: 'Start an order' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a free account' })).toHaveCount(0);
});
