import type { Page } from '@playwright/test';
import {
  type DemoRole,
  expect,
  expectAccessible,
  expectSettled,
  expectStableLayout,
  signInAs,
  signInWith,
  test,
} from './fixtures';

// Every page the browser tests visit, for each role, checked with axe-core:
// no serious or critical violation, no rule skipped, and a layout that moved by at most 0.1 (CLS) as
// the page loaded. The journeys' own specs check their dialogs
// and states; this tour keeps every page's resting state clean.

const PAGES: Record<DemoRole | 'guest', string[]> = {
  guest: ['/auth', '/auth?mode=signup', '/auth/resetPassword', '/quote', '/help-center', '/privacy', '/project/demo'],
  customer: [
    '/cpanel',
    '/my-projects',
    '/shopping-cart',
    '/wizard',
    '/payment/quote/?amount=2500',
    '/help-center',
    '/voice',
    '/project/demo',
  ],
  translator: [
    '/dashboard',
    '/open-project-freelance-translator',
    '/my-projects/translator',
    '/my-projects/opened',
    '/my-projects/reviews',
    '/my-team',
  ],
  admin: ['/cpanel', '/admin', '/mbox', '/no-such-page/at-all'],
};

// Pages that write on a customer's visit (the wizard opens a draft order when there is none): a
// customer of the test's own opens them, so the demo customer's orders stay as the demo made them.
const OWN_CUSTOMER_PAGES = new Set(['/wizard']);

/** Opens a page and waits for its main heading, so that axe sees the page and not a spinner. */
async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectSettled(page);
}

// One test per page (not one walk per role): a slow machine times one page, not six, and a
// failure names its page.
for (const role of Object.keys(PAGES) as (keyof typeof PAGES)[]) {
  for (const path of PAGES[role]) {
    test(`${path} as ${role === 'admin' ? 'an' : 'a'} ${role} has no serious accessibility violation`, async ({
      page,
      newAccount,
    }) => {
      if (role === 'customer' && OWN_CUSTOMER_PAGES.has(path)) await signInWith(page, await newAccount());
      else if (role !== 'guest') await signInAs(page, role, false);
      await openPage(page, path);
      await expectAccessible(page);
      await expectStableLayout(page);
    });
  }
}

test("the customer's project page has no serious accessibility violation", async ({ page }) => {
  await signInAs(page, 'customer', false);
  await page.goto('/my-projects');
  const first = page.locator('tr[data-project-id]').first();
  const id = await first.getAttribute('data-project-id');
  await openPage(page, `/project/${id}`);
  await expectAccessible(page);
});

// Pages whose small-screen layout once broke a rule: /myteam's table scrolls sideways (it must be
// reachable with the keyboard), /admin/acl's member links sit in wrapped text (underlined), and
// /profile#apikeys' webhook deliveries.
const SMALL_SCREEN_PAGES: [DemoRole, string][] = [
  ['translator', '/myteam'],
  ['customer', '/myteam'],
  ['admin', '/admin/acl'],
  ['customer', '/profile#apikeys'],
];
for (const [role, path] of SMALL_SCREEN_PAGES) {
  test(`${path} at 375 px as ${role === 'admin' ? 'an' : 'a'} ${role} has no serious accessibility violation`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, role, false);
    await openPage(page, path);
    await expectAccessible(page);
    // nothing scrolls the page sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}
