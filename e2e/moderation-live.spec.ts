import type { Page } from '@playwright/test';
import { type Account, expect, expectAccessible, signInWith, test, signInAs } from './fixtures';
import { makeProject, postProjectMessage } from './fixtures-projects';

// Moderation end to end: the translator posts a phone number in a project
// discussion and is told it is under moderation; the customer, with the project open, does not see
// it; a moderator finds it in the moderation table (stacked cards on a 375 px phone, nothing scrolling
// sideways) and approves it; it appears on the customer's open page without a reload. The project
// is a new customer's, taken by a new translator; the moderator is the demo moderator.

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
  newAccount,
}) => {
  // a project in progress between a new customer and a new translator
  const [casey, tomas]: Account[] = await Promise.all([
    newAccount({ credits: 20_000 }),
    newAccount({ type: 'translator', pair: ['american-english', 'french'] }),
  ]);
  const { id, name } = await makeProject(casey, tomas, { stage: 'taken' });
  const projectPath = `/project/${id}`;
  // a first message both see, so that the customer's loaded discussion is told from an empty one
  await postProjectMessage(casey.api, id, 'Thank you for taking this on.');
  const moderator = await pageAs(browser, baseURL, (p) => signInAs(p, 'moderator', false));
  await moderator.goto('/admin/moderation');
  const table = moderator.getByRole('table', { name: 'Messages on moderation' });
  await expect(table.getByRole('row')).not.toHaveCount(0, { timeout: 45_000 });

  // the translator posts a phone number and is told it waits for moderation
  const translator = await pageAs(browser, baseURL, (p) => signInWith(p, tomas));
  await translator.goto(projectPath);
  await translator.getByLabel('Your message').fill(POST);
  await translator.getByRole('button', { name: 'Send' }).click();
  const mine = translator.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: POST });
  await expect(mine).toContainText('The message is under moderation');

  // the customer, with the project open, does not see it
  const customer = await pageAs(browser, baseURL, (p) => signInWith(p, casey));
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

  // find the new post among the pending cards of its project (searched by its name) and approve it
  await moderator.getByLabel('Search').fill(name);
  await expect(cards.getByRole('listitem').filter({ hasText: name }).first()).toBeVisible();
  await expect(cards.getByRole('listitem').filter({ hasNotText: name })).toHaveCount(0);
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
      // its link opens the message in its project
      await expect(dialog.getByRole('link').first()).toHaveAttribute('href', new RegExp(`^${projectPath}(#|$)`));
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
