import type { Page, Response } from '@playwright/test';
import { type DemoRole, expect, expectSettled, signInAs, signInWith, test } from './fixtures';

// A page asks only for what its viewer may read: each demo role opens every
// page of its menus, and no call answers 403 (nor 401), and the console stays free of errors.

const PAGES: Record<DemoRole, string[]> = {
  customer: [
    '/cpanel',
    '/my-projects/customer',
    '/shopping-cart',
    '/mbox',
    '/member/invoices',
    '/customer-statement',
    '/profile',
    '/help-center',
  ],
  translator: [
    '/dashboard',
    '/cpanel',
    '/open-project-freelance-translator',
    '/my-projects/translator',
    '/my-team',
    '/mbox',
    '/balance',
    '/statement',
    '/profile',
    '/wizard',
  ],
  admin: ['/dashboard', '/cpanel', '/my-projects', '/admin', '/admin/outbox', '/admin/payments', '/mbox', '/profile'],
};

// Pages that write on a customer's visit (the wizard opens a draft order when there is none): a
// customer of the test's own opens them, so the demo customer's orders stay as the demo made them.
const OWN_CUSTOMER_PAGES = ['/wizard'];

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectSettled(page);
}

for (const role of Object.keys(PAGES) as DemoRole[]) {
  test(`${role === 'admin' ? 'an' : 'a'} ${role}'s pages request nothing the ${role} may not read`, async ({
    page,
    newAccount,
  }) => {
    test.setTimeout(150_000);
    const refused: string[] = [];
    const consoleErrors: string[] = [];
    let current = '';
    page.on('response', (res: Response) => {
      if (res.status() === 403 || res.status() === 401) {
        refused.push(`${current}: ${res.request().method()} ${new URL(res.url()).pathname} -> ${res.status()}`);
      }
    });
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${current}: ${m.text()}`);
    });
    await signInAs(page, role, false);
    for (const path of PAGES[role]) {
      current = path;
      await test.step(path, () => visit(page, path));
    }
    if (role === 'customer') {
      // leave the last page first: its calls still in flight would reach the server cookie-less (401)
      await page.goto('about:blank');
      await page.context().clearCookies();
      await signInWith(page, await newAccount());
      for (const path of OWN_CUSTOMER_PAGES) {
        current = path;
        await test.step(`${path} (a new customer)`, () => visit(page, path));
      }
    }
    expect(refused).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test("the admin's Projects card opens every project on the platform, filtered by the server", async ({ page }) => {
  await signInAs(page, 'admin', false);
  await page.goto('/dashboard');
  await page
    .getByRole('link', { name: /Projects/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'All projects' })).toBeVisible();
  const rows = page.locator('tr[data-project-id]');
  await expect(rows.first()).toBeVisible();
  // the demo platform has far more projects than the admin's own
  const total = page.locator('.MuiTablePagination-displayedRows');
  await expect(total).toContainText(/of \d{2,}/);
  await page.getByLabel('Customer').fill('customer@parlance.test');
  await expect(total).not.toContainText(/of \d{3,}/);
  await expect(rows.first()).toContainText('Casey Customer');
  await page.getByLabel('Status').selectOption({ label: 'Completed' });
  await expect(rows.first()).toContainText('Completed');
  for (const row of await rows.all()) await expect(row).toContainText('Completed');
});

test("a translator's control panel speaks to a translator", async ({ page }) => {
  await signInAs(page, 'translator', false);
  await page.goto('/cpanel');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /Open Projects/ })).toBeVisible();
  await expect(main).not.toContainText('rate your translators');
  await expect(main).not.toContainText('billing address');
});
