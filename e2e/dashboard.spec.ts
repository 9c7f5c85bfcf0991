import {
  type Account,
  expect,
  expectAccessible,
  expectSettled,
  shotPage,
  signInAs,
  signInWith,
  test,
} from './fixtures';
import { makeProject, rateProject } from './fixtures-projects';

// The translator's /dashboard: statistics with the chart, the level and the parameters
// behind it, a contest of a project that lowers it, the vacation switch (sent only with both dates),
// balance, pending credits and the statement; at desktop width and at 375 px. The contest and the
// vacation change a translator, so they use new ones; the other two only read the demo translator's
// dashboard, to which other tests only add (a delivered project, a payout request): nobody
// contests its rows or empties its statement.

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

type NewAccount = (o?: {
  type?: 'client' | 'translator';
  credits?: number;
  pair?: [string, string];
}) => Promise<Account>;

/**
 * A new translator with work behind them: `count` projects of a new customer's, delivered and
 * approved (their earnings pending), each rated `rating` stars when given.
 */
async function translatorWithWork(newAccount: NewAccount, count: number, rating: number) {
  const [translator, customer] = await Promise.all([
    newAccount({ type: 'translator', pair: ['american-english', 'french'] }),
    newAccount({ credits: 20_000 * count }),
  ]);
  const projects = [];
  for (let n = 0; n < count; n++) {
    const project = await makeProject(customer, translator);
    await rateProject(customer.api, project.id, rating);
    projects.push(project);
  }
  return { translator, projects };
}

// reads the demo translator's history: released earnings (a statement line) take time no test has
test('the translator sees the chart, the level, the balance and the statement', async ({ page }) => {
  await signInAs(page, 'translator', false);
  await page.goto('/dashboard');
  const stats = page.getByTestId('dash-statistics');
  await expect(stats.getByText('Projects completed')).toBeVisible();
  // the chart draws a bar per month with work
  await expect(page.getByTestId('dash-chart').locator('rect.dash-chart-bar').first()).toBeVisible();
  await expect(page.getByTestId('dash-level')).toHaveText(/^Level [1-5]$/);
  const leveling = page.getByTestId('dash-leveling');
  for (const label of [
    'Average customer rating',
    'Average QA / LL review score',
    'Delivered on time',
    'Words completed',
    'Disputes lost',
  ])
    await expect(leveling.getByText(label)).toBeVisible();
  // the medals earned sit with the level (the demo translator is rated 4.5 over 14 ratings)
  await expect(
    leveling.getByRole('list', { name: 'Medals' }).getByRole('listitem').filter({ hasText: 'Top rated' }),
  ).toBeVisible();
  await expect(page.getByTestId('dash-balance').getByText('Available')).toBeVisible();
  await expect(
    page
      .getByTestId('dash-pending')
      .getByText(/^frees /)
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('dash-statement-row').first()).toBeVisible();
  await expect(page.getByTestId('dash-recruitment')).toBeVisible();
  await expectSettled(page);
  await expectAccessible(page);
  await shotPage(page, 'dashboard');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('dash-level')).toBeVisible();
  await expect(page.getByTestId('dash-statement-row').first()).toBeVisible();
  // nothing scrolls sideways on a phone
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await expectAccessible(page);
});

test('the translator contests a project that lowers the level', async ({ page, newAccount }) => {
  // two projects rated two stars: both lower the level
  await signInWith(page, (await translatorWithWork(newAccount, 2, 2)).translator);
  await page.goto('/dashboard');
  const rows = page.getByTestId('affected-row');
  await expect(rows.first()).toBeVisible();
  const contested = await rows.filter({ hasText: 'Contested' }).count();
  const row = rows.filter({ has: page.getByRole('button', { name: 'Contest' }) }).first();
  const name = (await row.locator('p').first().textContent()) ?? '';
  await row.getByRole('button', { name: 'Contest' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Contest “${name}”` })).toBeVisible();
  await dialog.getByLabel('Why (optional)').fill('The customer asked for literal wording in the brief.');
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Send contest' }).click();
  await expect(page.getByText('Your contest was sent to the quality team')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows.filter({ hasText: 'Contested' })).toHaveCount(contested + 1);
  await expect(rows.filter({ hasText: name }).getByText('Contested')).toBeVisible();
});

test('the vacation is sent only with both dates, and can be ended', async ({ page, newAccount }) => {
  await signInWith(page, await newAccount({ type: 'translator', pair: ['american-english', 'french'] }));
  await page.goto('/dashboard');
  const card = page.getByTestId('dash-availability');
  await expect(card.getByRole('switch', { name: /^Active/ })).toBeChecked();
  const vacation = card.getByRole('switch', { name: /Vacation|On vacation/ });
  await expect(vacation).not.toBeChecked();
  await vacation.check();
  const today = new Date();
  await card.getByLabel('First day').fill(isoDay(today));
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/2/account/trans-inactive')) posted += 1;
  });
  await card.getByRole('button', { name: 'Save vacation' }).click();
  await expect(card.getByText('Please set both vacation dates')).toBeVisible();
  expect(posted).toBe(0);

  await card.getByLabel('Last day').fill(isoDay(new Date(today.getTime() + 7 * 86_400_000)));
  await card.getByRole('button', { name: 'Save vacation' }).click();
  await expect(page.getByText('Your vacation was saved')).toBeVisible();
  expect(posted).toBe(1);
  await expect(card.getByText(/^On vacation /)).toBeVisible();
  await expect(page.getByTestId('dash-recruitment')).toContainText('You are on vacation');

  await card.getByRole('switch', { name: /On vacation/ }).uncheck();
  await expect(page.getByText('Your vacation was ended')).toBeVisible();
  await expect(page.getByTestId('dash-recruitment')).toContainText('You are available for new projects');
});

test('a failing card stays quiet and the others keep working', async ({ page }) => {
  await signInAs(page, 'translator', false);
  await page.route('**/api/2/dashboard/statistics', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.goto('/dashboard');
  await expect(page.getByTestId('dash-statistics').getByText('Not available right now.')).toBeVisible();
  await expect(page.getByTestId('dash-level')).toBeVisible();
  await expect(page.getByTestId('dash-statement-row').first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'boom' })).toHaveCount(0);
});
