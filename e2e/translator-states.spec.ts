import { expect, NEW_PASSWORD, shotPage, signInAs, signInWith, test, uniqueEmail, uniqueName } from './fixtures';
import { addToMyTeam, makeProject } from './fixtures-projects';

// The translator screens' quieter states: a failing list is
// silent and never blocks the others (spec 1 §8), loading, an admin on Open Projects, and a
// customer's own My Team (preferred translators: add by id, remove). The translators are new
// accounts; the phone test gives its translator an open job, a worked project and a team customer.

const PAIR: [string, string] = ['american-english', 'french'];

const LIST_FAILED = 'This list could not be loaded.';

test('a failing list shows a quiet line in its tab; the other tabs and the earnings keep working', async ({
  page,
  newAccount,
}) => {
  // a translator with a delivered project, so that Translator Projects has a row to show
  const [translator, customer] = await Promise.all([
    newAccount({ type: 'translator', pair: PAIR }),
    newAccount({ credits: 20_000 }),
  ]);
  const worked = await makeProject(customer, translator);
  await signInWith(page, translator);
  // the Reviews list fails on the server; the others answer as usual
  await page.route('**/api/2/account/project/cqr/reviews**', (route) =>
    route.fulfill({ status: 500, json: { status: 'ERROR', message: 'Internal error' } }),
  );
  await page.goto('/my-projects/reviews');
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText(LIST_FAILED)).toBeVisible();
  // silent: no toast, no error page
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('earnings-pending')).toBeVisible();
  await shotPage(page, 'my-projects-tab-failed');

  await page.getByRole('tab', { name: 'Translator Projects', exact: true }).click();
  const main = page.getByRole('region', { name: 'Translator Projects' });
  await expect(main.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
  await expect(main.getByRole('link', { name: String(worked.id), exact: true })).toBeVisible();
  await expect(main.getByText(LIST_FAILED)).toHaveCount(0);
});

test('while a list loads, its table shows placeholder rows', async ({ page, newAccount }) => {
  await signInWith(page, await newAccount({ type: 'translator', pair: PAIR }));
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/2/job/open**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/open-project-freelance-translator');
  const table = page.getByRole('table', { name: 'Open projects' });
  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(table.locator('.MuiSkeleton-root').first()).toBeVisible();
  await shotPage(page, 'open-projects-loading');
  release();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
});

test('an admin on Open Projects is told the list belongs to a translator', async ({ page, consoleErrors }) => {
  await signInAs(page, 'admin', false);
  await page.goto('/open-project-freelance-translator');
  await expect(page.getByText(/act as that translator from the admin tools/)).toBeVisible();
  await shotPage(page, 'open-projects-admin');
  expect(consoleErrors).toEqual([]);
});

test('a customer adds a translator to My Team by id and removes them', async ({ page, newAccount }) => {
  const translatorName = uniqueName('Tomas');
  const { id: translatorId } = await newAccount({ type: 'translator', name: translatorName, pair: PAIR });

  // a new customer: the demo customer's team decides who sees its projects first in other tests
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill('Mona Myteam');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('myteam'));
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/cpanel');

  await page.goto('/my-team');
  await expect(page.getByRole('heading', { name: 'My Team' })).toBeVisible();
  const table = page.getByRole('region', { name: 'My Team translators', exact: true });
  await expect(table.getByText('No translators in your team yet.', { exact: false })).toBeVisible();
  await shotPage(page, 'customer-my-team-empty');

  // a customer's id is refused with the server's message
  const own = await page.request.get('/registry/get?data=User');
  const ownId = ((await own.json()) as { results: { id: number } }).results.id;
  await page.getByLabel('Translator ID').fill(String(ownId));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Only translator accounts can be added to My Team.')).toBeVisible();
  await shotPage(page, 'customer-my-team-error');

  await page.getByLabel('Translator ID').fill(String(translatorId));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(table.getByRole('cell', { name: translatorName, exact: true })).toBeVisible();
  await shotPage(page, 'customer-my-team');

  await table.getByRole('button', { name: `Remove ${translatorName} from My Team` }).click();
  await expect(table.getByRole('cell', { name: translatorName, exact: true })).toHaveCount(0);
  await expect(table.getByText('No translators in your team yet.', { exact: false })).toBeVisible();
});

test('on a phone the screens fit the width: projects as cards, other tables scroll inside their frame', async ({
  page,
  newAccount,
}) => {
  // something in each list: an open job of the pair, a project the translator delivered, a customer
  const [translator, customer] = await Promise.all([
    newAccount({ type: 'translator', pair: PAIR }),
    newAccount({ name: uniqueName('Phoebe'), credits: 20_000 }),
  ]);
  await addToMyTeam(customer.api, translator.id);
  await makeProject(customer, translator);
  const open = await makeProject(customer, undefined, { stage: 'paid' });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWith(page, translator);
  const pages = [
    ['/open-project-freelance-translator', 'Open projects', 'phone-open-projects'],
    ['/my-projects/translator', 'Translator Projects', 'phone-my-projects'],
    ['/my-team', 'My Team customers', 'phone-my-team'],
  ] as const;
  for (const [path, table, name] of pages) {
    await page.goto(path);
    const list = page.getByRole('region', { name: table, exact: true });
    await expect(list).toBeVisible();
    await expect(list.locator('[aria-busy="true"]')).toHaveCount(0);
    // project lists turn into cards: the Take button is on screen without scrolling sideways
    const take = list.getByRole('button', { name: /^Take project \d+$/ });
    if (path === '/open-project-freelance-translator') {
      await expect(list.getByRole('button', { name: `Take project ${open.id}` })).toBeVisible();
    }
    if ((await take.count()) > 0) await expect(take.first()).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} is wider than the phone`).toBeLessThanOrEqual(0);
    await shotPage(page, name);
  }
});
