import type { Page } from '@playwright/test';
import { type Account, expect, expectAccessible, shotPage, signInAs, signInWith, test, uniqueEmail } from './fixtures';
import { makeProject, tagProject } from './fixtures-projects';

// Statements (spec 2 sections 2, 5, 9): a customer reads the lines of their credits
// from the ledger, the newest line's balance is the balance now, filters by action type, sees
// 'Please select the time range first' without a start date; the translator's /statement loads.
// The customers are new, with credits bought by card and paid projects of their own; the
// translator's statement is the demo translator's, only read.

const rows = (page: Page) => page.getByTestId('statement-row');

/** A new customer who bought credits and paid for a French project (and an Italian one, tagged or not). */
async function customerWithPayments(newAccount: (o?: { credits?: number }) => Promise<Account>): Promise<Account> {
  const customer = await newAccount({ credits: 20_000 });
  const french = await makeProject(customer, undefined, { stage: 'paid' });
  await tagProject(customer.api, french.id, ['legal']);
  await makeProject(customer, undefined, { stage: 'paid', target: 'italian' });
  return customer;
}

test('the customer statement reconciles to the balance and filters by action type', async ({ page, newAccount }) => {
  await signInWith(page, await customerWithPayments(newAccount));
  await page.goto('/customer-statement');
  await expect(page.getByRole('heading', { name: 'Statement' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  const subtitle = await page.getByText(/^Balance now: /).textContent();
  const balanceNow = subtitle?.match(/Balance now: ([\d,]+) credits/)?.[1];
  expect(balanceNow).toBeTruthy();
  // newest first: the first line's balance column is the balance now
  await expect(rows(page).first().getByRole('cell').nth(4)).toHaveText(balanceNow as string);
  await expectAccessible(page);
  await shotPage(page, 'statement');

  await page.getByLabel('Action type').selectOption({ label: 'Project payment' });
  // the unfiltered rows stay on screen until the filtered page answers: wait for it
  const actionTexts = () => rows(page).locator('td:nth-child(2) p:first-child').allTextContents();
  await expect
    .poll(async () => {
      const texts = await actionTexts();
      return texts.length > 0 && texts.every((text) => text === 'Project payment');
    })
    .toBe(true);

  await page.getByLabel('From').fill('');
  await expect(page.getByText('Please select the time range first')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByLabel('From').fill('2020-01-01');
  await expect(rows(page).first()).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'statement-375');
});

test('the customer filters the statement by tag and by language', async ({ page, newAccount }) => {
  await signInWith(page, await customerWithPayments(newAccount));
  await page.goto('/customer-statement');
  await page.getByLabel('From').fill('2020-01-01');
  await expect(rows(page).first()).toBeVisible();
  const all = await rows(page).count();

  await page.getByLabel('Tag').selectOption({ label: 'legal' });
  await expect(rows(page).first()).toBeVisible();
  // the tagged project's payment: fewer lines, each one about a project
  await expect.poll(() => rows(page).count()).toBeLessThan(all);
  for (const text of await rows(page).locator('td:nth-child(2) p:first-child').allTextContents()) {
    expect(text).not.toBe('Credits granted');
  }
  // with an action type no tagged line has: the empty state
  await page.getByLabel('Action type').selectOption({ label: 'Credits granted' });
  await expect(page.getByText('No statement lines in this time range')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Action type').selectOption({ label: 'All actions' });
  await page.getByLabel('Tag').selectOption({ label: 'All tags' });
  await page.getByLabel('Target language').selectOption({ label: 'French' });
  await expect(rows(page).first()).toBeVisible();
  await expect.poll(() => rows(page).count()).toBeLessThan(all);
  await shotPage(page, 'statement-filters');
});

test('the customer mails the statement as PDF; the mail is in the outbox', async ({ page, browser, newAccount }) => {
  const customer = await customerWithPayments(newAccount);
  await signInWith(page, customer);
  await page.goto('/customer-statement');
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Email statement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email the statement' });
  const email = dialog.getByLabel('Email address');
  await expect(email).toHaveValue(customer.email);
  await email.fill('');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please enter an email address')).toBeVisible();
  const to = uniqueEmail('books');
  await email.fill(to);
  await dialog.getByLabel('PDF').check();
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('The statement was sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin', false);
  // the outbox is the whole site's, newest first, and the other workers' tests write to it too: the
  // first pages are read (once, in a full run, the mail was not among the newest 50)
  let mail: { to: string; subject: string; text: string } | undefined;
  for (let p = 1; p <= 5 && !mail; p += 1) {
    const outbox = (await (await admin.request.get(`/api/2/admin/outbox?page=${p}&pageSize=100`)).json()) as {
      data: { to: string; subject: string; text: string }[];
    };
    mail = outbox.data.find((m) => m.to === to);
  }
  expect(mail?.subject).toMatch(/^Your Parlance statement, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/);
  expect(mail?.text).toMatch(/Attached: statement-[\d-]+\.pdf \(\d+ bytes\)/);
  await adminContext.close();
});

test('the translator statement shows the available earnings', async ({ page }) => {
  await signInAs(page, 'translator', false);
  await page.goto('/statement');
  await expect(page.getByRole('heading', { name: 'Statement' })).toBeVisible();
  await expect(page.getByText(/^Balance now: [\d,]+ credits available/)).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'statement-translator');
});
