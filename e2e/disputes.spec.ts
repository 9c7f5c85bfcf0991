import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInWith, test, signInAs } from './fixtures';
import { makeProject } from './fixtures-projects';

/** The status chip of the project page's header. */
const statusOf = (page: Page) => page.locator('header [data-status]').first();

// A dispute from both sides of the project page: the customer disputes a delivery (a reason too
// short is refused in the dialog), and an admin resolves it with a partial refund (a refund of
// nothing is refused first). Then an admin reassigns a taken job: an account that is not a
// translator is refused by the server, a second translator gets the job.

test('a customer disputes a delivery and an admin settles it with a partial refund', async ({
  page,
  browser,
  newAccount,
}) => {
  const [customer, translator] = await Promise.all([
    newAccount({ credits: 20_000 }),
    newAccount({ type: 'translator', pair: ['american-english', 'french'] }),
  ]);
  const project = await makeProject(customer, translator, { stage: 'delivered' });

  await signInWith(page, customer);
  await page.goto(`/project/${project.id}`);
  await page.getByRole('group', { name: 'Project actions' }).getByRole('button', { name: 'Dispute' }).click();
  const dispute = page.getByRole('dialog', { name: 'Dispute the translation' });
  await dispute.getByLabel('What is wrong?').fill('Bad');
  await dispute.getByRole('button', { name: 'Send dispute' }).click();
  await expect(dispute.getByText('Please describe the problem in at least 10 characters.')).toBeVisible();
  await dispute.getByLabel('What is wrong?').fill('The second paragraph is missing from the translation.');
  await dispute.getByRole('button', { name: 'Send dispute' }).click();
  await expect(page.getByText('Your dispute was sent. Our team will review it.')).toBeVisible();
  await expect(dispute).toBeHidden();
  await expect(statusOf(page)).toHaveText('Disputed');

  const adminPage = await (await browser.newContext()).newPage();
  await signInAs(adminPage, 'admin', false);
  await adminPage.goto(`/project/${project.id}`);
  await adminPage.getByRole('button', { name: 'Resolve dispute' }).click();
  const resolve = adminPage.getByRole('dialog', { name: 'Resolve the dispute' });
  await expect(resolve.getByText('The second paragraph is missing from the translation.')).toBeVisible();
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(
    resolve.getByText('Choose how to resolve the dispute: refund, partial refund or pay the translator.'),
  ).toBeVisible();
  await resolve.getByLabel('Partial refund, the rest to the translator').check();
  await resolve.getByLabel('Credits to refund').fill('0');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(resolve.getByText('The partial refund must be between 1 credit and the project price.')).toBeVisible();
  await expectAccessible(adminPage);
  await resolve.getByLabel('Credits to refund').fill('50');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(adminPage.getByText('Dispute resolved', { exact: true })).toBeVisible();
  await expect(adminPage.getByText('Dispute resolved: 50 credits refunded')).toBeVisible();
  await expect(resolve).toBeHidden();

  await expect(statusOf(adminPage)).toHaveText('Completed');
  // the customer's page shows the outcome without a reload
  await expect(statusOf(page)).toHaveText('Completed', { timeout: 40_000 });
  await adminPage.context().close();
});

test('an admin reassigns a taken job to another translator', async ({ page, newAccount }) => {
  const [customer, first, second] = await Promise.all([
    newAccount({ credits: 20_000 }),
    newAccount({ type: 'translator', pair: ['american-english', 'french'] }),
    newAccount({ type: 'translator', pair: ['american-english', 'french'] }),
  ]);
  const project = await makeProject(customer, first, { stage: 'taken' });

  await signInAs(page, 'admin', false);
  await page.goto(`/project/${project.id}`);
  await page.getByRole('button', { name: 'Reassign' }).click();
  const reassign = page.getByRole('dialog', { name: 'Reassign the project' });
  await reassign.getByRole('button', { name: 'Reassign' }).click();
  await expect(reassign.getByText('Choose a translator account to reassign the project to.')).toBeVisible();
  await reassign.getByLabel('Translator ID').fill(String(customer.id));
  await reassign.getByRole('button', { name: 'Reassign' }).click();
  await expect(reassign.getByText('Choose a translator account to reassign the project to.')).toBeVisible();
  await reassign.getByLabel('Translator ID').fill(String(second.id));
  await reassign.getByRole('button', { name: 'Reassign' }).click();
  await expect(page.getByText('Project reassigned')).toBeVisible();
  await expect(statusOf(page)).toHaveText('In Progress');
  await expect(page.getByText(second.name).first()).toBeVisible();
});
