import type { Page } from '@playwright/test';
import { type Account, expect, NEW_PASSWORD, shotPage, signInWith, test, uniqueEmail, uniqueName } from './fixtures';
import { addToMyTeam, makeProject, openReviewJob } from './fixtures-projects';

// The translator's side of the marketplace (spec 1 §2 and §4; ADR 0027):
// Open Projects with its sound setting, the My Projects tabs, My Team customers, a project paid by
// a customer that appears live with the toast and is taken, and the availability switch.
// Every translator here is a new account of American English -> French, with the projects, review
// jobs and My Team customers each test needs made through the screens' calls (fixtures-projects.ts).

const PAIR: [string, string] = ['american-english', 'french'];

// texts of packages/shared (PROJECT_TEXTS), quoted: a test asserts what a person reads
const LIST_UPDATED = 'The list of available projects was updated';
const LIST_FAILED = 'This list could not be loaded.';
const NO_PROJECTS = 'You have no projects here yet.';
const TRANSLATOR_INACTIVE = 'You are marked inactive or on vacation. Turn your availability back on to take projects.';

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
  test('open projects lists the open jobs; the sound setting survives a reload', async ({
    page,
    consoleErrors,
    newAccount,
    adminApi,
  }) => {
    // an open translation job, and QA and LL jobs over another customer's completed project
    const [translator, customer, author] = await Promise.all([
      newAccount({ type: 'translator', pair: PAIR }),
      newAccount({ credits: 20_000 }),
      newAccount({ type: 'translator', pair: PAIR }),
    ]);
    const open = await makeProject(customer, undefined, { stage: 'paid' });
    const done = await makeProject(customer, author);
    const qa = await openReviewJob(adminApi, done.id, 'qa');
    const ll = await openReviewJob(adminApi, done.id, 'll');
    await signInWith(page, translator);
    await page.goto('/open-project-freelance-translator');
    await expect(page.getByRole('heading', { name: 'Open projects' })).toBeVisible();
    const table = openProjectsTable(page);
    await expect(table.getByRole('button', { name: /^Take project \d+$/ }).first()).toBeVisible();
    // newest first, and every id links to its project page
    const ids = await table.locator('tbody tr td:first-child a').allTextContents();
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => b - a));
    await expect(table.getByRole('link', { name: ids[0], exact: true })).toHaveAttribute('href', `/project/${ids[0]}`);
    await expect(table.getByRole('link', { name: String(open.id), exact: true })).toBeVisible();
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-connected', 'true');
    await shotPage(page, 'open-projects');

    // QA and LL review jobs of the pair are open: their tabs show, each at its own sub-path
    await page.getByRole('tab', { name: 'QA', exact: true }).click();
    await page.waitForURL('**/open-project-freelance-translator/qa');
    await expect(table.getByRole('link', { name: String(qa), exact: true })).toBeVisible();
    await shotPage(page, 'open-projects-qa');
    await page.getByRole('tab', { name: 'LL', exact: true }).click();
    await page.waitForURL('**/open-project-freelance-translator/ll');
    await expect(table.getByRole('link', { name: String(ll), exact: true })).toBeVisible();
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

  test('my projects: each tab loads its own list and the tab is in the address', async ({
    page,
    consoleErrors,
    newAccount,
  }) => {
    // a translator who has worked on a project
    const [translator, customer] = await Promise.all([
      newAccount({ type: 'translator', pair: PAIR }),
      newAccount({ credits: 20_000 }),
    ]);
    const worked = await makeProject(customer, translator);
    await signInWith(page, translator);
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
      // loaded: an empty list has no table, only its text
      await expect(list).toBeVisible();
      await expect(list.locator('table[aria-busy="true"]')).toHaveCount(0);
      // rows, or the empty text: never the failure line
      await expect(list.locator('tbody tr').or(list.getByText(NO_PROJECTS)).first()).toBeVisible();
      await expect(list.getByText(LIST_FAILED)).toHaveCount(0);
      await shotPage(page, `my-projects-${slug}`);
    }
    // the translator has worked on a project: the first tab lists it
    await page.getByRole('tab', { name: 'Translator Projects', exact: true }).click();
    await expect(
      page
        .getByRole('table', { name: 'Translator Projects' })
        .getByRole('link', { name: String(worked.id), exact: true }),
    ).toBeVisible();
    // a reload keeps the tab
    await page.goto('/my-projects/opened');
    await expect(page.getByRole('tab', { name: 'My Opened Projects' })).toHaveAttribute('aria-selected', 'true');
    expect(consoleErrors).toEqual([]);
  });

  test('my team lists the customers who chose the translator', async ({ page, consoleErrors, newAccount }) => {
    const customerName = uniqueName('Casey');
    const [translator, customer]: Account[] = await Promise.all([
      newAccount({ type: 'translator', pair: PAIR }),
      newAccount({ name: customerName }),
    ]);
    await addToMyTeam(customer.api, translator.id);
    await signInWith(page, translator);
    await page.goto('/my-team');
    await expect(page.getByRole('heading', { name: 'My Team customers' })).toBeVisible();
    const table = page.getByRole('region', { name: 'My Team customers', exact: true });
    await expect(table.getByRole('cell', { name: customerName, exact: true })).toBeVisible();
    await shotPage(page, 'my-team-customers');
    await page.getByLabel('Search customers').fill('nobody-by-this-name');
    await expect(table.getByText('Nothing found for your request')).toBeVisible();
    await page.getByLabel('Search customers').fill(customerName.split(' ')[1].toLowerCase());
    await expect(table.getByRole('cell', { name: customerName, exact: true })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test('a paid project appears live with the toast and the chime; the translator takes it', async ({
  page,
  consoleErrors,
  newAccount,
}) => {
  test.setTimeout(120_000);
  const [customer, translator] = await Promise.all([
    newAccount({ credits: 20_000 }),
    // a pair no other test orders: the toast and its five seconds are this project's alone
    newAccount({ type: 'translator', pair: ['american-english', 'swedish'] }),
  ]);

  await countChimes(page);
  await signInWith(page, translator);
  await page.goto('/open-project-freelance-translator');
  const table = openProjectsTable(page);
  // loaded (empty until the order is paid: no other test orders this pair, and an empty list has no table)
  await expect(table).toBeVisible();
  await expect(table.locator('table[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-connected', 'true');
  await expect(page.getByRole('switch', { name: 'Sound' })).toBeChecked();
  const before = await oscillators(page);

  const name = `Live brochure ${Date.now().toString(36)}`;
  const { id: projectId } = await makeProject(customer, undefined, {
    name,
    words: 250,
    stage: 'paid',
    target: 'swedish',
  });

  // no reload: the realtime event refreshes the list (the fallback poll is 30 s, longer than this wait)
  await expect(page.getByText(LIST_UPDATED)).toBeVisible({ timeout: 15_000 });
  const row = page.getByTestId(`project-row-${projectId}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(name);
  await expect(row).toContainText('Swedish');
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
  // loaded (empty until the order is paid: no other test orders this pair, and an empty list has no table)
  await expect(table).toBeVisible();
  await expect(table.locator('table[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByTestId(`project-row-${projectId}`)).toHaveCount(0);
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
