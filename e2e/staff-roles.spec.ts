import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test, shotPage, expectSettled, signInAs } from './fixtures';

// Staff get exactly their groups' permissions (packages/shared staff.ts): the finance, support,
// moderation and language-manager demo accounts each see their own back-office menu, open every
// screen it offers without one refused call, meet the not-found page on a screen they may not
// open, and only support acts as a user. Screenshots of each menu with E2E_SCREENSHOTS.

interface StaffCase {
  role: string;
  email: string;
  name: string;
  /** the sidebar's Back office section, in order */
  backOffice: string[];
  /** screens of their menu and admin tabs, each opened with no error */
  allowed: string[];
  /** screens they may not open: the not-found page */
  forbidden: string[];
}

/** every staff account reads the back office: these open for all of them */
const READ_SCREENS = [
  '/cpanel',
  '/dashboard',
  '/my-projects',
  '/admin',
  '/admin?tab=audit',
  '/admin/payments',
  '/convert',
  '/client-alerts',
  '/admin/acl',
  '/admin/probation',
  '/admin/features-new',
  '/admin/blend-talk',
  '/blend-talk/chat/',
  '/mbox',
  '/profile',
];

const STAFF: StaffCase[] = [
  {
    role: 'finance',
    email: 'finance@parlance.test',
    name: 'Fiona Finance',
    backOffice: ['Admin search'],
    allowed: READ_SCREENS,
    forbidden: ['/lm_dashboard', '/admin/moderation', '/admin/outbox', '/shopping-cart'],
  },
  {
    role: 'support',
    email: 'support@parlance.test',
    name: 'Sam Support',
    backOffice: ['Admin search'],
    allowed: READ_SCREENS,
    forbidden: ['/lm_dashboard', '/admin/vocabulary', '/admin/outbox', '/myteam'],
  },
  {
    role: 'moderator',
    email: 'moderator@parlance.test',
    name: 'Mo Moderator',
    backOffice: ['Admin search', 'Moderation'],
    allowed: [...READ_SCREENS, '/admin/moderation', '/admin/vocabulary'],
    forbidden: ['/lm_dashboard', '/admin/outbox', '/voice'],
  },
  {
    role: 'language manager',
    email: 'lm@parlance.test',
    name: 'Lena Manager',
    backOffice: ['Admin search', 'Language dashboard'],
    allowed: [...READ_SCREENS, '/lm_dashboard'],
    forbidden: ['/admin/moderation', '/admin/outbox', '/my-projects/customer'],
  },
];

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });
const backOfficeSection = (page: Page) => sidebar(page).getByRole('region', { name: 'Back office' });

/** MUI's error alerts (info notes such as "Read-only" are alerts too, but not errors) */
const errorAlerts = (page: Page) => page.locator('.MuiAlert-colorError');

async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // lists and cards finish loading (their spinners, skeletons and busy frames are gone)
  await expectSettled(page);
}

for (const staff of STAFF) {
  test(`${staff.role}: the menu holds exactly their screens, each opens without an error`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, staff.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/cpanel$/);

    // the header: no cart and no MyTeam for staff
    const header = page.getByRole('navigation', { name: 'Main' });
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect((await header.locator('a, button').allInnerTexts()).map((t) => t.trim())).toEqual([
      'Dashboard',
      'Projects',
      'Support',
    ]);
    await expect(page.getByRole('link', { name: /^Shopping cart/ })).toHaveCount(0);

    // the sidebar: the back office as their permissions allow, nothing of customers or translators
    await expect(backOfficeSection(page).getByRole('link')).toHaveText(staff.backOffice);
    for (const hidden of ['MyTeam', 'My Balance', 'Open projects', 'Buy more credits', 'API Keys', 'Outbox'])
      await expect(sidebar(page).getByText(hidden, { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    const slug = staff.role.replace(/\W+/g, '-');
    await backOfficeSection(page).scrollIntoViewIfNeeded();
    await shotPage(page, `staff-menu-${slug}`);

    // the admin tabs offer no outbox; the moderation tabs only to the moderator
    await openScreen(page, '/admin');
    const tabs = page.getByRole('tablist', { name: 'Admin sections' });
    await expect(tabs.getByRole('tab', { name: 'User search' })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: 'Outbox' })).toHaveCount(0);
    await expect(tabs.getByRole('tab', { name: 'Moderation' })).toHaveCount(
      staff.backOffice.includes('Moderation') ? 1 : 0,
    );

    for (const path of staff.allowed) {
      await test.step(path, async () => {
        await openScreen(page, path);
        await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
        await expect(errorAlerts(page)).toHaveCount(0);
        expect(consoleErrors, path).toEqual([]);
      });
    }
    await expectAccessible(page);

    for (const path of staff.forbidden) {
      await test.step(`${path} is refused`, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
        await expectSettled(page);
        await expect(errorAlerts(page)).toHaveCount(0);
        // the guard decides before the page exists: no call is made and refused
        expect(consoleErrors, path).toEqual([]);
      });
    }
    await expectAccessible(page);

    // the phone: the same menu in the drawer
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/cpanel');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(backOfficeSection(page).getByRole('link')).toHaveText(staff.backOffice);
    await expectAccessible(page);
    await backOfficeSection(page).scrollIntoViewIfNeeded();
    await shotPage(page, `staff-menu-${slug}`);
  });
}

test('finance has no Act as and reads projects; support acts as a customer', async ({ page, consoleErrors }) => {
  await signInAs(page, 'finance', false);
  await openScreen(page, '/admin');
  await page.getByLabel('ID or E-mail').fill('customer@parlance.test');
  const results = page.getByRole('table', { name: 'Users' });
  await expect(results.getByRole('button', { name: 'Details of Casey Customer' })).toBeVisible();
  await expect(results.getByRole('button', { name: /^Act as/ })).toHaveCount(0);
  // the floating tools: details yes, acting and the user's currency and country no
  await page.getByRole('button', { name: 'Open admin actions' }).click();
  const panel = page.getByRole('dialog', { name: 'Admin actions' });
  await expect(panel.getByRole('button', { name: 'Details' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Act as', exact: true })).toHaveCount(0);
  await expect(panel.getByRole('heading', { name: 'Currency' })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'Outbox' })).toHaveCount(0);
  await expectAccessible(page, '[role="dialog"]');
  await shotPage(page, `staff-tools-finance`);
  await panel.getByRole('button', { name: 'Close', exact: true }).click();

  // a project, read without projects.write: a read-only note and none of the interventions
  await openScreen(page, '/my-projects');
  // a demo customer's project: other tests' projects (a revoked certificate, say) show alerts of their own
  const filtered = page.waitForResponse(
    (r) => r.url().includes('customer=customer%40parlance.test') && r.status() === 200,
  );
  await page.getByLabel('Customer', { exact: true }).fill('customer@parlance.test');
  await filtered;
  // every row shown is the demo customer's before one is opened
  await expect(
    page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: /^#\d+$/ }) })
      .filter({ hasNotText: 'Casey Customer' }),
  ).toHaveCount(0);
  await page
    .getByRole('link', { name: /^#\d+$/ })
    .first()
    .click();
  await page.waitForURL(/\/project\/\d+$/);
  await expect(page.getByText('Read-only: you do not have the permission to change this')).toBeVisible();
  for (const move of ['Cancel project', 'Put on hold', 'Release', 'Reassign', 'Resolve dispute', 'Create QA job'])
    await expect(page.getByRole('button', { name: move })).toHaveCount(0);
  await expect(errorAlerts(page)).toHaveCount(0);
  await expectAccessible(page);
  await shotPage(page, `staff-project-read-only`);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByText('Read-only: you do not have the permission to change this')).toBeVisible();
  await shotPage(page, `staff-project-read-only`);
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(consoleErrors).toEqual([]);

  await page.context().clearCookies();
  await signInAs(page, 'support', false);
  await openScreen(page, '/admin');
  await page.getByLabel('ID or E-mail').fill('customer@parlance.test');
  await results.getByRole('button', { name: 'Act as Casey Customer' }).click();
  await page.waitForURL('**/cpanel');
  await expect(page.getByText('Acting as Casey Customer')).toBeVisible();
  // acting: the customer's menu, cart included; no back office
  await expect(sidebar(page).getByRole('link', { name: 'Buy more credits' })).toBeVisible();
  await expect(backOfficeSection(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Open admin actions' }).click();
  await expect(panel.getByText(/Casey Customer #\d+, while you are signed in as Sam Support/)).toBeVisible();
  // while acting, the back office's own pages wait until admin rights are restored
  await expect(panel.getByRole('link', { name: 'Admin search' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Restore admin rights' }).click();
  await page.waitForURL('**/admin');
  await expect(page.getByText('Acting as Casey Customer')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('the outbox masks a staff member’s sign-in link and says so', async ({
  page,
  playwright,
  baseURL,
  consoleErrors,
}) => {
  // a guest asks for a reset link for the finance account: a link that would sign staff in
  const guest = await playwright.request.newContext({ baseURL });
  const asked = await guest.post('/api/2/account/auth/password/resetPasswordToken', {
    form: { email: 'finance@parlance.test' },
  });
  expect(asked.ok(), `reset request answered ${asked.status()}`).toBeTruthy();
  await guest.dispose();

  // only a super-admin holds outbox.read
  await signInAs(page, 'admin', false);
  await openScreen(page, '/admin/outbox');
  await expect(page.getByText('Links and codes that sign someone in are hidden')).toBeVisible();
  const row = page.getByRole('table', { name: 'Outbox' }).getByRole('row').filter({ hasText: 'finance@parlance.test' });
  await row.first().getByRole('button').click();
  const message = page.getByRole('dialog');
  await expect(message.getByText('A link or code in this mail that signs the recipient in is hidden.')).toBeVisible();
  await expect(message.getByRole('link', { name: /resetPassword\?token=/ })).toHaveCount(0);
  await expectAccessible(page, '[role="dialog"]');
  await shotPage(page, `outbox-secrets-hidden`);
  expect(consoleErrors).toEqual([]);
});
