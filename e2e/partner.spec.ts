import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  NEW_PASSWORD,
  referralLink,
  shotPage,
  signInWith,
  test,
  uniqueEmail,
} from './fixtures';
import { makeProject } from './fixtures-projects';

// Partner and affiliate program (spec 2 sections 2, 5, 7): a new customer, whose link already
// brought one customer who ordered, opens Partners & Integrations from the sidebar, copies their
// referral link, a visitor signs up through it and is counted; the range loads only with both dates;
// a new translator's /affiliate-program has a link of its own.

const signups = async (page: Page) => Number(await page.getByTestId('partner-signups').textContent());

test('a customer shares the referral link; a sign-up through it is counted', async ({ page, browser, newAccount }) => {
  // a partner of the test's own, and a customer who signed up through their link and paid an order
  const partner = await newAccount();
  const { code } = await referralLink(partner.api);
  const referred = await newAccount({ ref: code, credits: 20_000 });
  await makeProject(referred, undefined, { stage: 'paid' });
  await signInWith(page, partner);
  await page.goto('/cpanel');
  await page.getByRole('link', { name: 'Partners & Integrations' }).first().click();
  await expect(page).toHaveURL(/\/partner$/);
  await expect(page.getByRole('heading', { name: 'Partners & Integrations' })).toBeVisible();
  const link = await page.getByTestId('referral-link').inputValue();
  expect(link).toMatch(new RegExp(`/auth\\?mode=signup&ref=${code}$`));
  await expect(page.getByTestId('referred-row').first()).toBeVisible();
  const before = await signups(page);
  expect(before).toBe(1);
  await expect(page.getByTestId('partner-spend')).not.toHaveText('$0.00');
  // commission: credited when a referred customer's project is completed, pending before (ADR 0096)
  await expect(page.getByTestId('partner-commission-paid')).toHaveText(/^\$\d/);
  await expect(page.getByTestId('partner-commission-pending')).toHaveText(/^\$\d/);
  await expectAccessible(page);
  await shotPage(page, 'partner');

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();

  // a visitor follows the link and signs up
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(new URL(link).pathname + new URL(link).search);
  await visitor.getByLabel('Full name').fill('Paula Partnered');
  await visitor.getByLabel('Email', { exact: true }).fill(uniqueEmail('referred'));
  await visitor.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await visitor.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await visitor.getByLabel('Country').selectOption('US');
  await visitor.getByRole('button', { name: 'Create account' }).click();
  await visitor.waitForURL('**/cpanel');
  await visitorContext.close();

  await page.reload();
  await expect.poll(() => signups(page)).toBe(before + 1);
  await expect(page.getByTestId('referred-row').filter({ hasText: 'Paula P.' }).first()).toBeVisible();

  // the range loads only with both dates
  await page.getByLabel('From').fill('');
  await expect(page.getByText('Please select the time range first')).toBeVisible();
  await expect(page.getByTestId('partner-signups')).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByLabel('From').fill('2020-01-01');
  await expect(page.getByTestId('referred-row').first()).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'partner-375');
});

test('a translator has the affiliate program with a link of their own', async ({ page, newAccount }) => {
  const translator = await newAccount({ type: 'translator' });
  const { code } = await referralLink(translator.api);
  await signInWith(page, translator);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Affiliate program' }).first().click();
  await expect(page).toHaveURL(/\/affiliate-program$/);
  await expect(page.getByRole('heading', { name: 'Affiliate program' })).toBeVisible();
  await expect(page.getByTestId('referral-link')).toHaveValue(new RegExp(`ref=${code}$`));
  await expect(page.getByText('No sign-ups through your link yet')).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'affiliate-program');
  // the customer's page is not the translator's
  await page.goto('/partner');
  await expect(page.getByRole('heading', { name: 'Partners & Integrations' })).toHaveCount(0);
});
