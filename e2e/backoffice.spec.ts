import type { APIRequestContext } from '@playwright/test';
import {
  type Account,
  expect,
  expectAccessible,
  NEW_PASSWORD,
  shotPage,
  signInAs,
  signInWith,
  signOut,
  test,
  uniqueEmail,
  uniqueName,
} from './fixtures';
import { addCreditAction } from './fixtures-projects';

// The back office: a finance admin adds credits with a reason on a customer's
// back-office page and the customer sees them in the statement; a support admin without finance
// rights sees the same credit actions read-only; the roles, probation, feature and account-manager
// screens open with their demo content (and a new translator, on probation, sees it on the dashboard).

/**
 * A new customer with the credit actions the back office shows: a goodwill gesture and a monthly
 * bank transfer (a recurring action, with its runs' state), both saved by the admin.
 */
async function customerWithCreditActions(
  newAccount: (o?: { name?: string }) => Promise<Account>,
  admin: APIRequestContext,
): Promise<Account> {
  const customer = await newAccount({ name: uniqueName('Casey') });
  await addCreditAction(admin, customer.id, {
    type: 'addcredit',
    reason: 'Goodwill gesture',
    amount: 2_500,
    remarks: 'Sorry for the late delivery of project 12',
  });
  await addCreditAction(admin, customer.id, {
    type: 'buycredit',
    reason: 'Bank transfer received',
    amount: 10_000,
    remarks: 'Wire of March',
    recurrence: 'monthly',
  });
  return customer;
}

// several sign-ins and screens per test, on a machine that may be busy
test.describe.configure({ timeout: 180_000 });

test('a finance admin adds credits with a reason and the customer sees them in the statement', async ({
  page,
  newAccount,
  adminApi,
}) => {
  const customer = await customerWithCreditActions(newAccount, adminApi);
  await signInAs(page, 'finance', false);
  await page.goto(`/admin/${customer.email}`);
  // the first page of a run may load slowly on a busy machine
  await expect(page.getByRole('heading', { name: customer.name })).toBeVisible({ timeout: 45_000 });
  const table = page.getByRole('table', { name: 'Credit actions' });
  await expect(table).toContainText('Bank transfer received');
  await expectAccessible(page);
  await shotPage(page, 'backoffice-credits');

  await page.getByRole('button', { name: 'New credit action' }).click();
  const dialog = page.getByRole('dialog', { name: 'New credit action' });
  // all three are required
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Choose a type')).toBeVisible();
  await expect(dialog.getByText('Enter an amount')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Add credits' });
  await dialog.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Compensation for a late delivery' });
  await dialog.getByLabel('Amount (credits)').fill('777');
  await dialog.getByLabel('Remarks').fill('Project 31 was two days late');
  await expectAccessible(page);
  await shotPage(page, 'backoffice-new-credit-action');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Credit action saved')).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'Compensation for a late delivery' });
  await expect(row).toContainText('+777');
  await expect(row).toContainText('Fiona Finance');

  await signOut(page);
  await signInWith(page, customer);
  await page.goto('/customer-statement');
  await expect(page.getByTestId('statement-row').filter({ hasText: 'Compensation for a late delivery' })).toBeVisible();
});

test('a support admin without finance rights sees the credit actions read-only', async ({
  page,
  newAccount,
  adminApi,
}) => {
  const customer = await customerWithCreditActions(newAccount, adminApi);
  await signInAs(page, 'support', false);
  await page.goto(`/admin/${customer.email}`);
  const table = page.getByRole('table', { name: 'Credit actions' });
  await expect(table).toContainText('Goodwill gesture', { timeout: 45_000 });
  await expect(page.getByText('Read-only: you do not have the permission to change this')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New credit action' })).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  // the recurring buy-credit action shows its monthly runs' state but no Stop button
  await expect(table.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await expectAccessible(page);
  await shotPage(page, 'backoffice-credits-read-only');

  // support looks after the demo customers (account manager): what the demo shows, only read
  await page.goto('/admin/acl');
  await expect(page.getByText('role.support')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Sam Support' }).click();
  await expect(page.getByRole('heading', { name: 'Customers of Sam Support' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Customers' })).toContainText('customer@parlance.test');
  await expectAccessible(page);
  await shotPage(page, 'account-manager-customers');
});

test('a super-admin manages roles, probation and feature flags', { tag: '@site-wide' }, async ({ page }) => {
  await signInAs(page, 'admin', false);
  await page.goto('/admin/acl');
  await expect(page.getByText('Fiona Finance')).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'acl');

  await page.goto('/admin/probation');
  const minWords = page.getByLabel('Minimum word count');
  await expect(minWords).toHaveValue('10', { timeout: 30_000 });
  await minWords.fill('20');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Probation parameters saved')).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'probation');
  // the server is shared by every spec: put the minimum back, so the demo translator (on probation)
  // is still offered the short orders of the other journeys (project-lifecycle orders 11 words)
  await page.reload();
  await expect(minWords).toHaveValue('20', { timeout: 30_000 });
  await minWords.fill('10');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Probation parameters saved')).toBeVisible();

  await page.goto('/admin/features-new');
  const chat = page.getByRole('switch', { name: 'Team chat' });
  await expect(chat).toBeChecked();
  // off and on again: the flag the shell reads for the chat link
  await chat.click();
  await expect(chat).not.toBeChecked();
  await chat.click();
  await expect(chat).toBeChecked();
  await expectAccessible(page);
  await shotPage(page, 'features');
});

test('a new translator sees the probation state on the dashboard', async ({ page }) => {
  // a translator who just signed up (the demo translator has months of completed work: graduated)
  await page.goto('/auth?mode=signup&type=translator');
  await page.getByLabel('Full name').fill('Nina Novak');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('probation'));
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/profile'));
  await page.goto('/dashboard');
  await expect(page.getByText('You are on probation')).toBeVisible();
  await shotPage(page, 'translator-probation');
});
