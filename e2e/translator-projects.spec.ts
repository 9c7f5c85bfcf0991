import type { APIRequestContext, Page } from '@playwright/test';
import { csrfHeaders, expect, NEW_PASSWORD, signInAs, test, uniqueEmail, shotPage } from './fixtures';
import { putOrderInCart } from './purchase';

// The translator's side of the marketplace (spec 1 §2 and §4; ADR 0027):
// Open Projects with its sound setting, the My Projects tabs, My Team customers, a project paid by
// a customer that appears live with the toast and is taken, and the availability switch.

// texts of packages/shared (PROJECT_TEXTS), quoted: a test asserts what a person reads
const LIST_UPDATED = 'The list of available projects was updated';
const LIST_FAILED = 'This list could not be loaded.';
const NO_PROJECTS = 'You have no projects here yet.';
const TRANSLATOR_INACTIVE = 'You are marked inactive or on vacation. Turn your availability back on to take projects.';
const APPROVES = '4242 4242 4242 4242';

/** Counts the oscillators the page starts: the chime is two of them. */
async function countChimes(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __oscillators: number };
    w.__oscillators = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__oscillators += 1;
      return original.call(this);
    };
  });
}

function oscillators(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __oscillators: number }).__oscillators);
}

function openProjectsTable(page: Page) {
  return page.getByRole('region', { name: 'Open projects' });
}

test.describe('translator screens', () => {
  test('open projects lists the demo jobs; the sound setting survives a reload', async ({ page, consoleErrors }) => {
    await signInAs(page, 'translator');
    await page.goto('/open-project-freelance-translator');
    await expect(page.getByRole('heading', { name: 'Open projects' })).toBeVisible();
    const table = openProjectsTable(page);
    await expect(table.getByRole('button', { name: /^Take project \d+$/ }).first()).toBeVisible();
    // newest first, and every id links to its project page
    const ids = await table.locator('tbody tr td:first-child a').allTextContents();
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => b - a));
    await expect(table.getByRole('link', { name: ids[0], exact: true })).toHaveAttribute('href', `/project/${ids[0]}`);
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-connected', 'true');
    await shotPage(page, 'open-projects');

    // the demo translator has QA and LL review jobs: their tabs show, each at its own sub-path
    await page.getByRole('tab', { name: 'QA', exact: true }).click();
    await page.waitForURL('**/open-project-freelance-translator/qa');
    await expect(table.getByRole('link').first()).toBeVisible();
    await shotPage(page, 'open-projects-qa');
    await page.getByRole('tab', { name: 'LL', exact: true }).click();
    await page.waitForURL('**/open-project-freelance-translator/ll');
    await expect(table.getByRole('link').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Available', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/open-project-freelance-translator');

    const sound = page.getByRole('switch', { name: 'Sound' });
    await expect(sound).toBeChecked();
    await sound.click();
    await expect(sound).not.toBeChecked();
    await expect(page.getByRole('slider', { name: 'Sound volume' })).toBeDisabled();
    expect(await page.evaluate(() => localStorage.getItem('soundEnabled'))).toBe('false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Sound' })).not.toBeChecked();
    await shotPage(page, 'open-projects-sound-off');
    expect(consoleErrors).toEqual([]);
  });

  test('my projects: each tab loads its own list and the tab is in the address', async ({ page, consoleErrors }) => {
    await signInAs(page, 'translator');
    await page.goto('/my-projects/translator');
    await expect(page.getByRole('heading', { name: 'My projects' })).toBeVisible();
    await expect(page.getByTestId('earnings-pending')).toHaveText(/^[\d,]+ credits$/);
    await expect(page.getByTestId('earnings-available')).toHaveText(/^[\d,]+ credits$/);
    const tabs = [
      ['Translator Projects', 'translator'],
      ['Reviews', 'reviews'],
      ['LL Projects', 'll-projects'],
      ['Reviewed by QA/LL', 'reviewed'],
      ['My Opened Projects', 'opened'],
      ['Model Training', 'model-training'],
    ] as const;
    for (const [label, slug] of tabs) {
      await page.getByRole('tab', { name: label, exact: true }).click();
      await page.waitForURL(`**/my-projects/${slug}`);
      await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');
      const list = page.getByRole('region', { name: label });
      await expect(list.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
      // rows, or the empty text: never the failure line
      await expect(list.locator('tbody tr').or(list.getByText(NO_PROJECTS)).first()).toBeVisible();
      await expect(list.getByText(LIST_FAILED)).toHaveCount(0);
      await shotPage(page, `my-projects-${slug}`);
    }
    // the demo translator has worked on projects: the first tab has rows with a status
    await page.getByRole('tab', { name: 'Translator Projects', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Translator Projects' }).getByRole('link').first()).toBeVisible();
    // a reload keeps the tab
    await page.goto('/my-projects/opened');
    await expect(page.getByRole('tab', { name: 'My Opened Projects' })).toHaveAttribute('aria-selected', 'true');
    expect(consoleErrors).toEqual([]);
  });

  test('my team lists the customers who chose the translator', async ({ page, consoleErrors }) => {
    await signInAs(page, 'translator');
    await page.goto('/my-team');
    await expect(page.getByRole('heading', { name: 'My Team customers' })).toBeVisible();
    const table = page.getByRole('region', { name: 'My Team customers', exact: true });
    await expect(table.getByRole('cell', { name: 'Casey Customer', exact: true })).toBeVisible();
    await shotPage(page, 'my-team-customers');
    await page.getByLabel('Search customers').fill('nobody-by-this-name');
    await expect(table.getByText('Nothing found for your request')).toBeVisible();
    await page.getByLabel('Search customers').fill('casey');
    await expect(table.getByRole('cell', { name: 'Casey Customer', exact: true })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

/** A new customer with credits bought through the sandbox checkout. */
async function newCustomerWithCredits(page: Page, credits: number) {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill('Paula Payer');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('payer'));
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/cpanel');
  await page.goto(`/payment/quote/?amount=${credits}`);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.waitForURL('**/sandbox/checkout/**');
  await page.getByLabel('Card number').fill(APPROVES);
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getUTCFullYear() + 2) % 100}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Paula Payer');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/payment/thankyou/?payment=*');
}

/** Orders a translation through the wizard's calls and pays the cart with credits; answers the project id. */
async function orderAndPay(request: APIRequestContext, name: string): Promise<number> {
  await putOrderInCart(request, name, 250);
  const headers = await csrfHeaders(request);
  const cart = await request.get('/api/2/cart/all');
  const { ck } = ((await cart.json()) as { results: { ck: string } }).results;
  const key = `translator-e2e-${Date.now()}`;
  const paid = await request.post('/ajax/cart/translateNow', {
    headers: { ...headers, 'idempotency-key': key },
    multipart: { ck, idempotency_key: key },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  const result = (await paid.json()) as { projects: { id: number; name: string }[] };
  expect(result.projects).toHaveLength(1);
  return result.projects[0].id;
}

test('a paid project appears live with the toast and the chime; the translator takes it', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  await newCustomerWithCredits(customer, 20_000);

  await countChimes(page);
  await signInAs(page, 'translator');
  await page.goto('/open-project-freelance-translator');
  const table = openProjectsTable(page);
  await expect(table.getByRole('table')).toBeVisible();
  await expect(table.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-connected', 'true');
  await expect(page.getByRole('switch', { name: 'Sound' })).toBeChecked();
  const before = await oscillators(page);

  const name = `Live brochure ${Date.now().toString(36)}`;
  const projectId = await orderAndPay(customer.request, name);

  // no reload: the realtime event refreshes the list (the fallback poll is 30 s, longer than this wait)
  await expect(page.getByText(LIST_UPDATED)).toBeVisible({ timeout: 15_000 });
  const row = page.getByTestId(`project-row-${projectId}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(name);
  await expect(row).toContainText('French');
  expect(await oscillators(page)).toBeGreaterThan(before);
  await shotPage(page, 'open-projects-live-toast');
  // the toast closes by itself after 5 seconds
  await expect(page.getByText(LIST_UPDATED)).toBeHidden({ timeout: 8_000 });

  await row.getByRole('button', { name: `Take project ${projectId}` }).click();
  await page.waitForURL(`**/project/${projectId}`);

  // it is the translator's now: in My Opened Projects, and no longer open
  await page.goto('/my-projects/opened');
  await expect(page.getByTestId(`project-row-${projectId}`)).toBeVisible();
  await page.goto('/open-project-freelance-translator');
  await expect(table.getByRole('table')).toBeVisible();
  await expect(table.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId(`project-row-${projectId}`)).toHaveCount(0);
  await customerContext.close();
  expect(consoleErrors).toEqual([]);
});

test('a translator who turns availability off is told so and sees no open projects', async ({
  page,
  consoleErrors,
}) => {
  // a new translator: switching the demo translator off would change what parallel tests see
  await page.goto('/auth?mode=signup&type=translator');
  await page.getByLabel('Full name').fill('Ines Inactive');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('inactive'));
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/profile'));

  await page.goto('/open-project-freelance-translator');
  const table = openProjectsTable(page);
  // no language pairs yet: the empty state
  await expect(table.getByText(/^No open projects match your language pairs right now\./)).toBeVisible();
  await shotPage(page, 'open-projects-empty');

  const available = page.getByRole('switch', { name: 'Available for new projects' });
  await expect(available).toBeChecked();
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/2/account/trans-inactive') && r.request().method() === 'POST',
  );
  await available.click();
  expect(new URLSearchParams((await answer).request().postData() ?? '').get('flag_value')).toBe('1');
  await expect(available).not.toBeChecked();
  await expect(page.getByTestId('inactive-notice')).toHaveText(TRANSLATOR_INACTIVE);
  await expect(table).toHaveCount(0);
  await shotPage(page, 'open-projects-inactive');
  // the flag is the server's: a reload shows it as it was left
  await page.reload();
  await expect(page.getByTestId('inactive-notice')).toHaveText(TRANSLATOR_INACTIVE);
  await expect(available).not.toBeChecked();

  await available.click();
  await expect(available).toBeChecked();
  await expect(table).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
