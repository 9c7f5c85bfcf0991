import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, signIn, signInAs, test } from './fixtures';

// Moderation end to end: the translator posts a phone number in a project
// discussion and is told it is under moderation; the customer, with the project open, does not see
// it; a moderator finds it in the moderation table (stacked cards on a 375 px phone, nothing scrolling
// sideways) and approves it; it appears on the customer's open page without a reload.

const MODERATOR = 'moderator@parlance.test';
const POST = `Please ring me on 020 7946 0958 when you can (${Date.now() % 100000})`;

test.describe.configure({ timeout: 240_000 });

async function pageAs(
  browser: import('@playwright/test').Browser,
  baseURL: string | undefined,
  sign: (p: Page) => Promise<void>,
): Promise<Page> {
  // this worker's server (fixtures.ts), like the page fixture's
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await sign(page);
  return page;
}

test('a held phone number reaches the customer live only after a moderator approves it', async ({
  browser,
  baseURL,
}) => {
  const moderator = await pageAs(browser, baseURL, (p) => signIn(p, MODERATOR, DEMO_PASSWORD));
  // the project of the demo translator's held posts: its link is on every row's detail
  await moderator.goto('/admin/moderation');
  const table = moderator.getByRole('table', { name: 'Messages on moderation' });
  await expect(table.getByRole('row')).not.toHaveCount(0, { timeout: 45_000 });
  // the table also holds team-chat messages (their link opens the admin chat view): take the first
  // project-discussion row
  const detail = moderator.getByRole('dialog', { name: 'Message on moderation' });
  let projectPath = '';
  for (let row = 1; row <= 6 && !projectPath; row++) {
    await table.getByRole('row').nth(row).getByRole('button').first().click();
    const link = (await detail.getByRole('link').first().getAttribute('href')) ?? '';
    if (link.startsWith('/project/')) projectPath = link.split('#')[0];
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();
  }
  expect(projectPath, 'a project-discussion row on the first page').toMatch(/^\/project\/\d+$/);

  // the translator posts a phone number and is told it waits for moderation
  const translator = await pageAs(browser, baseURL, (p) => signInAs(p, 'translator'));
  await translator.goto(projectPath);
  await translator.getByLabel('Your message').fill(POST);
  await translator.getByRole('button', { name: 'Send' }).click();
  const mine = translator.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: POST });
  await expect(mine).toContainText('The message is under moderation');

  // the customer, with the project open, does not see it
  const customer = await pageAs(browser, baseURL, (p) => signInAs(p, 'customer'));
  await customer.goto(projectPath);
  const customerMessages = customer.getByRole('list', { name: 'Messages' });
  await expect(customerMessages).toBeVisible({ timeout: 30_000 });
  await expect(customerMessages).not.toContainText(POST);

  // the moderator, on a phone: stacked cards, nothing scrolls sideways
  await moderator.setViewportSize({ width: 375, height: 800 });
  await moderator.reload();
  const cards = moderator.getByRole('list', { name: 'Messages on moderation' });
  await expect(cards.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  const sideways = await moderator.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  await expectAccessible(moderator);

  // find the new post among the pending cards and approve it
  const pending = cards.getByRole('listitem').filter({ hasText: 'Pending' });
  let found = false;
  for (let i = 0; i < (await pending.count()) && !found; i++) {
    await pending.nth(i).getByRole('button').first().click();
    const dialog = moderator.getByRole('dialog', { name: 'Message on moderation' });
    // the dialog loads its message: read it once the reasons are shown
    await expect(dialog.getByRole('heading', { name: 'Reasons' })).toBeVisible();
    if (((await dialog.textContent()) ?? '').includes(POST)) {
      found = true;
      await expect(dialog).toContainText('Phone number');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await expect(dialog.getByRole('button', { name: 'Approve' })).toBeDisabled();
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
  }
  expect(found, 'the new post is on the moderation table').toBe(true);

  // it appears on the customer's open page, live
  await expect(customerMessages).toContainText(POST, { timeout: 30_000 });
  await expect(mine).not.toContainText('The message is under moderation', { timeout: 30_000 });

  for (const p of [moderator, translator, customer]) await p.context().close();
});
