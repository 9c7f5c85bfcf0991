import type { Page } from '@playwright/test';
import { csrfHeaders, DEMO, type DemoRole, expect, signIn, signInAs, signInWith, test } from './fixtures';

// The shell around every page (spec 1 section 2): each role's header navigation and sidebar, the
// route guard (guest sent to sign in and back, wrong role sees not-found), the not-found page and
// logout. Desktop viewport (1280 wide): the sidebar is docked and expanded.

interface ShellUser {
  type: string;
  myTeamStatus: boolean;
  name: string;
}

async function currentUser(page: Page): Promise<ShellUser> {
  const res = await page.request.get('/registry/get?data=User');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { results: ShellUser }).results;
}

const headerNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

/** The labels of the header's navigation, in order (links and the Support button). */
async function headerLabels(page: Page): Promise<string[]> {
  const nav = headerNav(page);
  await expect(nav.getByRole('link').first()).toBeVisible();
  return (await nav.locator('a, button').allInnerTexts()).map((t) => t.trim());
}

async function expectSidebarItems(page: Page, present: string[], absent: string[]) {
  const nav = sidebar(page);
  for (const label of present) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  for (const label of absent) await expect(nav.getByText(label, { exact: true })).toHaveCount(0);
}

test.describe('navigation per role', () => {
  test('a customer sees the customer header, cart and customer menu', async ({ page, consoleErrors }) => {
    await signInAs(page, 'customer');
    await expect(page).toHaveURL(/\/cpanel$/);
    const user = await currentUser(page);
    await expect(page.getByRole('heading', { name: `Welcome back, ${user.name}` })).toBeVisible();

    const expected = ['Dashboard', 'Projects', ...(user.myTeamStatus ? ['MyTeam'] : []), 'Support', 'Voices'];
    expect(await headerLabels(page)).toEqual(expected);
    await expect(page.getByRole('link', { name: /^Shopping cart/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin menu' })).toHaveCount(0);

    await expectSidebarItems(
      page,
      [
        'Dashboard',
        'My projects',
        'Manage Project Notes',
        'Invoices',
        'Statements',
        'Buy more credits',
        'Partners & Integrations',
        'API Documentation',
        'API Keys',
        'Account Information',
        'Billing Address',
        'Mailing Preferences',
        'Sub Accounts',
        'Messages',
        'Password Update',
        'Privacy Policy',
        'Help Center',
      ],
      ['Open projects', 'My Balance', 'Buy credits', 'Community', 'Language Skills'],
    );
    await expect(sidebar(page).getByRole('button', { name: 'Contact support' })).toBeVisible();
    await expect(page.getByText(`Hello ${user.name.slice(0, 10)}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    // signing in and the signed-in shell make no failing requests and throw nothing
    expect(consoleErrors).toEqual([]);
  });

  test('a translator sees Open Projects, no cart and the translator menu', async ({ page }) => {
    await signInAs(page, 'translator');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await headerLabels(page)).toEqual(['Dashboard', 'Projects', 'Open Projects', 'Support']);
    await expect(page.getByRole('link', { name: /^Shopping cart/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Admin menu' })).toHaveCount(0);

    await expectSidebarItems(
      page,
      ['Dashboard', 'My Balance', 'Statements', 'Messages', 'Open projects', 'My projects', 'Account Information'],
      ['Invoices', 'Buy credits', 'Buy more credits', 'API Keys', 'Sub Accounts', 'Manage Project Notes'],
    );
  });

  test('an admin sees the admin header, gear menu and admin menu', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/cpanel$/);
    // staff have no My Team and no cart: their calls are customers' and translators'
    expect(await headerLabels(page)).toEqual(['Dashboard', 'Projects', 'Support']);
    await expect(page.getByRole('link', { name: /^Shopping cart/ })).toHaveCount(0);

    // a super-admin holds every permission: the whole back office, the outbox included
    await expectSidebarItems(
      page,
      [
        'Dashboard',
        'Invoices',
        'Statements',
        'Messages',
        'Buy credits',
        'All projects',
        'Admin search',
        'Language dashboard',
        'Moderation',
        'Outbox',
      ],
      ['My Balance', 'Open projects', 'API Keys', 'Manage Project Notes', 'MyTeam'],
    );
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Admin menu' }).click();
    const menu = page.getByRole('menu', { name: 'Admin menu' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Admin Search', 'Control Panel', 'Log out']);
    await menu.getByRole('menuitem', { name: 'Admin Search' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a guest sees About, the Translators menu, Support and the sign-in buttons', async ({ page }) => {
    await page.goto('/help-center');
    expect(await headerLabels(page)).toEqual(['About', 'Translators', 'Support']);
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);

    await headerNav(page).getByRole('button', { name: 'Translators' }).click();
    const menu = page.getByRole('menu', { name: 'Translators' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Join as a Translator', 'Translators FAQ']);
    await expect(menu.getByRole('menuitem', { name: 'Join as a Translator' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&type=translator',
    );

    // the sign-in page keeps the header but hides its own sign-in buttons
    await page.goto('/auth');
    await expect(headerNav(page).getByRole('link', { name: 'About' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
  });
});

test.describe('route guard', () => {
  test('a guest opening /mbox signs in and comes back to /mbox', async ({ page }) => {
    await page.goto('/mbox');
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('return') === '/mbox');
    expect(new URL(page.url()).search).toBe('?return=/mbox');
    await signIn(page, DEMO.customer.email, DEMO.customer.password);
    await expect(page).toHaveURL(/\/mbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Translate now' })).toHaveAttribute('href', '/wizard');
    await expect(page.getByRole('link', { name: 'Homepage' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
    // no BLOG_URL is set here: there is no blog to send anyone to
    await expect(page.getByRole('link', { name: 'Blog' })).toHaveCount(0);
  });

  test('an admin address with no screen behind it is not found, not "not available yet"', async ({ page }) => {
    await signInAs(page, 'admin', false);
    for (const path of ['/admin/reports/2026', '/community']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByText('Not available yet')).toHaveCount(0);
    }
  });

  test("a customer opening the translators' /dashboard sees the not-found page in place", async ({ page }) => {
    await signInAs(page, 'customer', false);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    // the shell stays: the customer's own navigation is still there
    await expect(headerNav(page).getByRole('link', { name: 'Voices' })).toBeVisible();
  });

  for (const [role, home] of [
    ['translator', '/dashboard'],
    ['customer', '/cpanel'],
  ] as [DemoRole, string][]) {
    test(`/ takes a ${role} to ${home}`, async ({ page }) => {
      await signInAs(page, role, false);
      await page.goto('/');
      await expect(page).toHaveURL(new RegExp(`${home}$`));
    });
  }
});

test.describe('user bar', () => {
  test('logout from the user bar returns to /auth as a guest', async ({ page, newAccount }) => {
    // a session of its own: logging out must not end the demo session other tests of this worker reuse
    await signInWith(page, await newAccount({ type: 'translator' }));
    await page.goto('/dashboard');
    await sidebar(page).waitFor();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.search === '');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
    const res = await page.request.get('/registry/get?data=User');
    expect(((await res.json()) as { results: unknown }).results).toBeNull();
  });

  test('the sidebar collapses to icons and remembers it', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Invoices' })).toBeVisible();
    await expect(sidebar(page).getByText('Invoices', { exact: true })).toHaveCount(0);
    // a collapsed item names itself beside the sidebar while pointed at or focused, and not after
    const invoices = sidebar(page).getByRole('link', { name: 'Invoices' });
    const hint = page.getByTestId('hint');
    await invoices.hover();
    await expect(hint).toHaveText('Invoices');
    const [link, shown] = [await invoices.boundingBox(), await hint.boundingBox()];
    expect(shown?.x ?? 0).toBeGreaterThanOrEqual((link?.x ?? 0) + (link?.width ?? 0));
    await page.mouse.move(900, 500);
    await expect(hint).toHaveCount(0);
    await invoices.focus();
    await expect(hint).toHaveText('Invoices');
    await page.keyboard.press('Escape');
    await expect(hint).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar(page).getByText('Invoices', { exact: true })).toBeVisible();
  });
});

test('the footer links to the terms and the privacy policy', async ({ page }) => {
  await page.goto('/auth');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© 2008–${new Date().getFullYear()} Parlance`);
  await footer.getByRole('link', { name: 'Terms of service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
});

test('Support signs a customer in to the help centre in a new tab', async ({ page, context }) => {
  await signInAs(page, 'customer');
  const [helpTab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('banner').getByRole('button', { name: 'Support', exact: true }).click(),
  ]);
  // the signed parameters are posted as a plain form; the server checks them and redirects
  await helpTab.waitForURL(/\/help-center$/);
  await expect(helpTab.getByRole('heading', { name: 'Help Center', level: 1 })).toBeVisible();
});

test('the cart button counts the orders waiting in the cart', async ({ page, newAccount }) => {
  // a new customer, whose cart starts empty (the demo customer's is other journeys' too)
  await signInWith(page, await newAccount());
  await page.goto('/cpanel');
  const cart = page.getByRole('banner').getByRole('link', { name: /^Shopping cart/ });
  const serverCount = async () =>
    ((await (await page.request.get('/api/2/cart/all?count=true')).json()) as { results: { count: number } }).results
      .count;
  const label = (n: number) => `Shopping cart, ${n === 0 ? 'empty' : `${n} ${n === 1 ? 'order' : 'orders'}`}`;
  const before = await serverCount();
  expect(before).toBe(0);
  await expect(cart).toHaveAttribute('aria-label', 'Shopping cart, empty');

  // an order put in the cart through the wizard's calls
  const headers = await csrfHeaders(page.request);
  const created = await page.request.post('/api/2/po', { headers, form: { name: 'Cart count check' } });
  expect(created.ok()).toBeTruthy();
  const { pid } = ((await created.json()) as { results: { pid: string } }).results;
  const text = await page.request.post('/wizard/updateText', {
    headers,
    form: { pid, text: 'Hello world, five words.' },
  });
  expect(text.ok()).toBeTruthy();
  const languages = await page.request.post(`/api/2/po/${pid}`, {
    headers,
    form: { source_language: 'american-english', 'target_languages[]': 'french', expertise: 'general' },
  });
  expect(languages.ok()).toBeTruthy();
  expect((await page.request.post('/api/2/wizard/finalize', { headers, form: { pid } })).ok()).toBeTruthy();

  expect(await serverCount()).toBe(before + 1);
  await page.reload();
  await expect(cart).toHaveAttribute('aria-label', label(before + 1));
});
