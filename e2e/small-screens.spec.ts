import type { Page } from '@playwright/test';
import {
  type DemoRole,
  expect,
  expectAccessible,
  expectSettled,
  expectStableLayout,
  shotPage,
  signInAs,
  test,
} from './fixtures';

// At 375 px every list is a stack of cards and no page scrolls sideways; the
// same lists are tables at 1280 px. Screenshots with E2E_SCREENSHOTS.

const LISTS: { role: DemoRole; path: string; list: string; shot: string }[] = [
  { role: 'customer', path: '/my-projects/customer', list: 'My projects', shot: 'customer-projects' },
  { role: 'translator', path: '/my-projects/translator', list: '', shot: 'translator-projects' },
  { role: 'translator', path: '/open-project-freelance-translator', list: '', shot: 'open-projects' },
  { role: 'admin', path: '/my-projects', list: 'All projects', shot: 'admin-projects' },
  { role: 'customer', path: '/mbox', list: 'Messages', shot: 'customer-mbox' },
  { role: 'customer', path: '/member/invoices', list: 'Invoices', shot: 'customer-invoices' },
  { role: 'customer', path: '/customer-statement', list: 'Statement', shot: 'customer-statement' },
  { role: 'translator', path: '/balance', list: 'Payouts', shot: 'translator-balance' },
  { role: 'translator', path: '/statement', list: 'Statement', shot: 'translator-statement' },
  { role: 'admin', path: '/admin/outbox', list: 'Outbox', shot: 'admin-outbox' },
  { role: 'admin', path: '/admin/payments', list: 'Payments', shot: 'admin-payments' },
  { role: 'admin', path: '/admin?tab=audit', list: 'Audit log', shot: 'admin-audit' },
];

async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}

for (const { role, path, list, shot } of LISTS) {
  test(`${path} (${role}): cards at 375 px, a table at 1280 px`, async ({ page }) => {
    test.setTimeout(150_000);
    // a phone from the start (the admin tools' button keeps the place it had on a wide window)
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(page, role, false);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const cards = page.locator('ul[data-layout="cards"]').first();
    await expect(cards).toBeVisible();
    if (list) await expect(page.getByRole('list', { name: list })).toBeVisible();
    await expect(cards.locator('> li').first()).toBeVisible();
    await expect(page.locator('table')).toHaveCount(0);
    await expectSettled(page);
    await noSidewaysScroll(page);
    // every card's facts are on screen: nothing is cut at the right edge, and each field reads as
    // "label: value" inside its card
    for (const card of (await cards.locator('> li').all()).slice(0, 3)) {
      const box = await card.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
      for (const field of (await card.locator('> dl > div > dd').all()).slice(0, 4)) {
        const at = await field.boundingBox();
        expect((at?.x ?? 0) + (at?.width ?? 0), 'a field runs past its card').toBeLessThanOrEqual(
          (box?.x ?? 0) + (box?.width ?? 0),
        );
      }
      if (list) await expect(card.locator('> dl > div > dt').first()).not.toBeEmpty();
    }
    await expectAccessible(page);
    await shotPage(page, `${shot}`);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.locator('table').first()).toBeVisible();
    await expect(page.locator('ul[data-layout="cards"]')).toHaveCount(0);
    await noSidewaysScroll(page);
    await shotPage(page, `${shot}`);
  });
}

const PAGES: Record<DemoRole, string[]> = {
  customer: ['/cpanel', '/shopping-cart', '/mbox', '/member/invoices', '/customer-statement', '/voice'],
  translator: ['/dashboard', '/cpanel', '/balance', '/statement', '/my-team'],
  admin: ['/dashboard', '/admin', '/admin?tab=audit', '/admin/outbox', '/admin/payments'],
};

for (const role of Object.keys(PAGES) as DemoRole[]) {
  test(`${role === 'admin' ? 'an' : 'a'} ${role}'s pages do not scroll sideways at 375 px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAs(page, role, false);
    for (const path of PAGES[role]) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectSettled(page);
        await noSidewaysScroll(page);
        await expectStableLayout(page);
        const name = path.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');
        await shotPage(page, `${role}-${name}`);
      });
    }
  });
}
