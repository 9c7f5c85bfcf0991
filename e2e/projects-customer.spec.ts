import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  type Account,
  csrfHeaders,
  expect,
  expectAccessible,
  NEW_PASSWORD,
  shotPage,
  signInWith,
  test,
  uniqueEmail,
} from './fixtures';
import { makeProject, type ProjectStage, rateProject } from './fixtures-projects';
import { buyCreditsByCard, putOrderInCart } from './purchase';

// The customer's My Projects (spec 1 §2, §3, §5, §8; ADR 0052): filters kept
// in the address, tags, a bulk message, a low rating that asks for reasons and a comment, the empty
// states, and cancelling a project nobody has started (its credits come back). Each test has a new
// customer whose projects a new translator has brought to the statuses the test needs.

type NewAccount = (o?: {
  type?: 'client' | 'translator';
  credits?: number;
  pair?: [string, string];
}) => Promise<Account>;

/** A new customer with a project in each of `stages` (taken and delivered by a new translator), oldest first. */
async function customerWithProjects(newAccount: NewAccount, stages: ProjectStage[]) {
  const [customer, translator] = await Promise.all([
    newAccount({ credits: 10_000 * stages.length }),
    newAccount({ type: 'translator', pair: ['american-english', 'french'] }),
  ]);
  const projects = [];
  for (const stage of stages) projects.push(await makeProject(customer, translator, { stage }));
  return { customer, projects };
}

const table = (page: Page) => page.getByRole('table', { name: 'My projects' });
const rows = (page: Page) => table(page).locator('tbody tr');

async function openList(page: Page, path = '/my-projects') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'My projects', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Loading projects')).toHaveCount(0);
}

/** Picks an option of a select (a native one: ui's SelectField) by the select's label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).selectOption({ label: option });
}

async function rowMenu(page: Page, row: Locator, item: string) {
  const id = await row.getAttribute('data-project-id');
  await row.getByRole('button', { name: `Actions for project #${id}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function idOf(row: Locator): Promise<number> {
  return Number(await row.getAttribute('data-project-id'));
}

async function shownBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('credit-balance').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

test.describe('a customer with projects', () => {
  test('filters by status, and the filter survives a reload', async ({ page, consoleErrors, newAccount }) => {
    const { customer } = await customerWithProjects(newAccount, ['paid', 'paid', 'delivered', 'taken', 'completed']);
    await signInWith(page, customer);
    await openList(page);
    await expect(rows(page).first()).toBeVisible();
    await shotPage(page, 'list');

    await choose(page, 'Status', 'Pending Linguist');
    await expect(page).toHaveURL(/[?&]status=PENDING/);
    await expect(rows(page).first()).toBeVisible();
    const chips = table(page).locator('[data-status]');
    await expect(chips.filter({ hasNotText: 'Pending Linguist' })).toHaveCount(0);
    expect(await chips.count()).toBeGreaterThan(0);

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status' }).locator('option:checked')).toHaveText(
      'Pending Linguist',
    );
    await expect(chips.first()).toHaveText('Pending Linguist');
    await expect(chips.filter({ hasNotText: 'Pending Linguist' })).toHaveCount(0);

    // the READY filter reads 'Translation Received'; a status in the path preselects it
    await openList(page, '/my-projects/ready');
    await expect(page.getByRole('combobox', { name: 'Status' }).locator('option:checked')).toHaveText(
      'Translation Received',
    );
    await expect(chips.first()).toHaveText('Translation Received');
    await expect(chips.filter({ hasNotText: 'Translation Received' })).toHaveCount(0);

    // sorting by id ascending is kept in the address too
    await openList(page);
    await table(page).getByRole('button', { name: 'ID' }).click();
    await expect(page).toHaveURL(/order=asc/);
    // the previous rows stay until the sorted answer arrives
    await expect.poll(async () => (await idOf(rows(page).first())) - (await idOf(rows(page).nth(1)))).toBeLessThan(0);
    expect(consoleErrors).toEqual([]);
  });

  test('tags a project and finds it by the tag', async ({ page, newAccount }) => {
    const { customer } = await customerWithProjects(newAccount, ['paid', 'completed']);
    await signInWith(page, customer);
    await openList(page);
    const row = rows(page).first();
    const id = await idOf(row);
    const tag = `e2e-${Date.now().toString(36)}`;

    await rowMenu(page, row, 'Tags');
    const dialog = page.getByRole('dialog', { name: 'Tags' });
    const input = dialog.getByRole('combobox', { name: 'Tags' });
    await input.fill('a-tag-much-longer-than-twenty');
    await input.press('Enter');
    await expect(dialog.getByText('A tag can have at most 20 characters.')).toBeVisible();
    await input.fill(tag);
    await input.press('Enter');
    await expect(dialog.getByRole('button', { name: tag })).toBeVisible();
    await shotPage(page, 'tags-modal');
    await dialog.getByRole('button', { name: 'Save tags' }).click();
    await expect(page.getByText('Tags saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator(`tr[data-project-id="${id}"]`).getByText(tag, { exact: true })).toBeVisible();

    await page.getByRole('search', { name: 'Filter projects' }).getByLabel('Tag').selectOption({ label: tag });
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${tag}`));
    await expect(rows(page)).toHaveCount(1);
    expect(await idOf(rows(page).first())).toBe(id);
  });

  test('messages the translators of two projects at once', async ({ page, newAccount }) => {
    const { customer } = await customerWithProjects(newAccount, ['taken', 'taken']);
    await signInWith(page, customer);
    await openList(page, '/my-projects/customer/?status=IN_PROGRESS');
    await expect(rows(page).nth(1)).toBeVisible();
    const [a, b] = [rows(page).nth(0), rows(page).nth(1)];
    const ids = [await idOf(a), await idOf(b)];

    // one project is not enough
    await a.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Message translators' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message the translators' });
    await expect(dialog.getByText('Please select at least 2 projects.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await b.getByRole('checkbox').check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Message translators' }).click();
    const text = `Please use British spelling (${Date.now().toString(36)})`;
    await dialog.getByRole('textbox', { name: 'Message' }).fill(text);
    await shotPage(page, 'bulk-message');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent to 2 projects')).toBeVisible();
    await expect(dialog).toBeHidden();

    for (const id of ids) {
      await page.goto(`/project/${id}`);
      await expect(page.getByRole('list', { name: 'Messages' }).getByText(text)).toBeVisible();
    }
  });

  test('downloads two finished projects as one zip', async ({ page, newAccount }) => {
    const { customer } = await customerWithProjects(newAccount, ['completed', 'completed']);
    await signInWith(page, customer);
    await openList(page, '/my-projects/completed');
    await expect(rows(page).nth(1)).toBeVisible();
    await rows(page).nth(0).getByRole('checkbox').check();
    await rows(page).nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Download' });
    await expect(dialog.getByRole('radio', { name: 'All documents' })).toBeChecked();
    await shotPage(page, 'download-modal');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download zip' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = readFileSync(await download.path());
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  test('a low rating asks for a reason and a comment', async ({ page, newAccount }) => {
    // a completed project already rated three stars
    const { customer, projects } = await customerWithProjects(newAccount, ['completed']);
    await rateProject(customer.api, projects[0].id, 3);
    await signInWith(page, customer);
    await openList(page, '/my-projects/customer/?status=COMPLETED');
    const row = rows(page).first();
    const id = await idOf(row);
    await rowMenu(page, row, 'Rate');
    const dialog = page.getByRole('dialog', { name: 'Rate the translation' });
    // a rated project opens with its rating, and a click on the chosen star clears it: 3, then 2
    await dialog.locator('label').filter({ hasText: '3 Stars' }).click();
    await dialog.locator('label').filter({ hasText: '2 Stars' }).click();
    await expect(dialog.getByText('What went wrong?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send rating' }).click();
    await expect(dialog.getByText('Please tell us what went wrong: choose at least one reason.')).toBeVisible();
    await expect(dialog.getByText('Enter at least 3 chars')).toBeVisible();
    await shotPage(page, 'rating-errors');

    await dialog.getByRole('checkbox', { name: 'Overly literal' }).check();
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('ok');
    await dialog.getByRole('button', { name: 'Send rating' }).click();
    await expect(dialog.getByText('Enter at least 3 chars')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Too literal in the headings.');
    await dialog.getByRole('button', { name: 'Send rating' }).click();
    await expect(page.getByText('Thank you for your rating.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto(`/project/${id}`);
    const rating = page.getByRole('region', { name: 'Rating' });
    await expect(rating.getByText('Overly literal')).toBeVisible();
    await expect(rating.getByText('Too literal in the headings.')).toBeVisible();
  });
});

test('a new customer: empty states, then cancels a pending project and the credits come back', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill('Nora Newcomer');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('projects'));
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/cpanel');

  // no projects at all
  await openList(page);
  await expect(page.getByText('Nothing found for your request')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Translate now' }).last()).toHaveAttribute('href', '/wizard');
  await expect(page.getByTestId('credit-balance')).toHaveText('0 credits');
  await shotPage(page, 'empty-nothing-found');

  // a filter that matches nothing
  await page.getByRole('textbox', { name: 'ID' }).fill('9a9x9');
  await expect(page.getByRole('textbox', { name: 'ID' })).toHaveValue('999');
  await expect(page).toHaveURL(/[?&]id=999/);
  await expect(page.getByText('No projects match the selected filters')).toBeVisible();
  await shotPage(page, 'empty-no-match');
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page.getByText('Nothing found for your request')).toBeVisible();
  await expect(page).not.toHaveURL(/id=/);

  // credits by the sandbox card, then an order paid with them
  const credits = 5000;
  await buyCreditsByCard(page, credits);

  const name = `Cancel me ${Date.now().toString(36)}`;
  await putOrderInCart(page.request, name, 200);
  const headers = await csrfHeaders(page.request);
  // paid through the cart's call (the cart screen has its own journey in cart-payment.spec.ts)
  const cart = await page.request.get('/api/2/cart/all');
  const { ck } = ((await cart.json()) as { results: { ck: string } }).results;
  const paidCall = await page.request.post('/ajax/cart/translateNow', {
    headers: { ...headers, 'idempotency-key': `projects-${Date.now()}` },
    multipart: { ck },
  });
  expect(paidCall.ok(), await paidCall.text()).toBeTruthy();

  await openList(page);
  const row = rows(page).filter({ hasText: name });
  await expect(row).toHaveCount(1);
  // the row stays the same element through the rename below
  const rowId = await idOf(row);
  await expect(row.locator('[data-status]')).toHaveText('Pending Linguist');
  const paid = await shownBalance(page);
  expect(paid).toBeLessThan(credits);
  const id = rowId;

  // rename inline: at least 2 characters
  await row.getByRole('button', { name: `Rename project #${id}` }).click();
  const rename = page.getByRole('form', { name: `Rename project #${id}` });
  await rename.getByRole('textbox', { name: 'Project name' }).fill('X');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename.getByText('Title length should be at least 2 character long')).toBeVisible();
  const renamed = `${name} v2`;
  await rename.getByRole('textbox', { name: 'Project name' }).fill(renamed);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Project renamed')).toBeVisible();
  await expect(row).toContainText(renamed);

  // a pending project has nothing to download yet
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const download = page.getByRole('dialog', { name: 'Download' });
  await expect(download.getByText('You can download only finished projects')).toBeVisible();
  await expect(download.getByRole('button', { name: 'Download zip' })).toHaveCount(0);
  await download.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Cancel projects' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this project?' });
  await expect(confirm).toContainText(name);
  await shotPage(page, 'cancel-confirm');
  await confirm.getByRole('button', { name: 'Cancel project' }).click();
  await expect(page.getByText('The project was cancelled and its credits returned to your balance.')).toBeVisible();
  await expect(row.locator('[data-status]')).toHaveText('Cancelled');
  // the price and its VAT come back: the balance is what was bought
  await expect(page.getByTestId('credit-balance')).toHaveText(`${credits.toLocaleString('en-US')} credits`);
  await shotPage(page, 'cancelled');
  expect(consoleErrors.filter((e) => !e.includes('status of 40'))).toEqual([]);
});

test('on a phone the filters fold behind a button that says how many are set', async ({ page, newAccount }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { customer } = await customerWithProjects(newAccount, ['taken']);
  await signInWith(page, customer);
  await openList(page, '/my-projects/customer/?status=IN_PROGRESS');
  const filters = page.getByRole('search', { name: 'Filter projects' });
  const fold = filters.getByRole('button', { name: 'Filters (1)' });
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(filters.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'My projects' }).getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);
  await shotPage(page, 'projects-filters-folded');

  // unfolded: every field, the focus in the first, the status from the address
  await fold.click();
  await expect(filters.getByRole('textbox', { name: 'ID' })).toBeFocused();
  await expect(filters.getByRole('combobox', { name: 'Status' })).toHaveValue('IN_PROGRESS');
  await expect(filters.getByRole('combobox')).toHaveCount(5);

  // folded again after a reload; "Clear filters" beside the button clears them
  await page.reload();
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(filters.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/status=/);
});
