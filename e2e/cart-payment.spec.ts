import type { Page } from '@playwright/test';
import {
  csrfHeaders,
  expect,
  expectAccessible,
  NEW_PASSWORD,
  test,
  uniqueEmail,
  shotPage,
  signInWith,
} from './fixtures';

// Buying credits through the sandbox processor's hosted checkout (approve, decline) and paying the
// cart with credits and the demo coupon (spec 1 section 2; ADRs 0024
// and 0025).

const APPROVES = '4242 4242 4242 4242';
const DECLINES = '4000 0000 0000 0002';

async function balanceOf(page: Page): Promise<number> {
  const res = await page.request.get('/api/2/cart/all');
  expect(res.ok(), `GET /api/2/cart/all answered ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { results: { balanceCredits: number } }).results.balanceCredits;
}

/** On the credits page: Pay by card, then the hosted checkout with the given test card. */
async function payByCard(page: Page, card: string) {
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.waitForURL('**/sandbox/checkout/**');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getUTCFullYear() + 2) % 100}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Demo Customer');
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function openCreditsPage(page: Page, amount: number) {
  await page.goto(`/payment/quote/?amount=${amount}`);
  await expect(page.getByRole('heading', { name: 'Buy credits' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Credits to buy' })).toHaveValue(String(amount));
  await expect(page.getByRole('button', { name: 'Pay by card' })).toBeEnabled();
}

test.describe('buying credits', () => {
  test('the approving test card adds the credits and lands on the thank-you page', async ({
    page,
    consoleErrors,
    newAccount,
  }) => {
    await signInWith(page, await newAccount());
    const before = await balanceOf(page);
    await openCreditsPage(page, 2500);
    // buying credits carries no VAT: the total is the amount
    await expect(page.getByText('$25.00')).toHaveCount(2);
    // paths containing /payment hide the cart button
    await expect(page.getByRole('banner').getByRole('link', { name: /^Shopping cart/ })).toHaveCount(0);

    await payByCard(page, APPROVES);
    await page.waitForURL('**/payment/thankyou/?payment=*');
    await expect(page.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
    await expect(page.getByTestId('credits-added')).toHaveText('2,500 credits have been added to your balance.');
    expect(await page.evaluate(() => localStorage.getItem('paymentSuccess'))).toBe('1');
    expect(await balanceOf(page)).toBe(before + 2500);

    // leaving the thank-you page clears the success flag
    await page.getByRole('link', { name: 'Back to the cart' }).click();
    await page.waitForURL('**/shopping-cart');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('paymentSuccess'))).toBeNull();
    expect(consoleErrors).toEqual([]);
  });

  test('a declined card says so and changes nothing', async ({ page, newAccount }) => {
    await signInWith(page, await newAccount());
    const before = await balanceOf(page);
    await openCreditsPage(page, 3000);
    await payByCard(page, DECLINES);
    await page.waitForURL(/\/payment\/quote\/\?amount=3000&error=declined/);
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    expect(await balanceOf(page)).toBe(before);
  });

  test('a wire transfer shows the bank details and a reference', async ({ page, newAccount }) => {
    await signInWith(page, await newAccount());
    await openCreditsPage(page, 5000);
    await page.getByRole('button', { name: 'Wire transfer' }).click();
    await expect(page.getByText('GB00 DEMO 0000 0000 0000 00')).toBeVisible();
    await expect(page.getByText(/^PAR-[A-Z2-9]{5}-[A-Z2-9]{5}$/)).toBeVisible();
  });
});

test('a new customer pays the cart with credits bought by card and the demo coupon', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill('Carla Cart');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('cart'));
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/cpanel');

  // the empty cart points to the wizard and the quote
  await page.goto('/shopping-cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order a translation' })).toHaveAttribute('href', '/wizard');

  // an order put in the cart through the wizard's calls: 1,000 words to French
  const headers = await csrfHeaders(page.request);
  const created = await page.request.post('/api/2/po', {
    headers,
    form: {
      name: 'Spring catalogue',
      source_language: 'american-english',
      'target_languages[]': 'french',
      expertise: 'general',
      materialsOption: 'count',
      wordCount: '1000',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { pid } = ((await created.json()) as { results: { pid: string } }).results;
  const finalized = await page.request.post('/api/2/wizard/finalize', { headers, form: { pid } });
  expect(finalized.ok(), await finalized.text()).toBeTruthy();

  await page.goto('/shopping-cart');
  const order = page.getByRole('listitem').filter({ hasText: 'Spring catalogue' });
  await expect(order).toBeVisible();
  await expect(order.getByText(/1,000 words/)).toBeVisible();
  const subtotal = Number(
    ((await page.getByTestId('cart-subtotal').textContent()) ?? '').match(/^([\d,]+) credits/)?.[1].replaceAll(',', ''),
  );
  expect(subtotal).toBeGreaterThan(0);

  // the demo coupon: 10% off
  await page.getByLabel('Coupon code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  const discount = Math.round(subtotal / 10);
  await expect(page.getByTestId('cart-discount')).toContainText(`−${discount.toLocaleString('en-US')} credits`);
  await expect(page.getByTestId('cart-discount')).not.toContainText('-');
  // applying it again says so beside the field, and toasts nothing a second time
  await page.getByLabel('Coupon code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This coupon is already applied.')).toBeVisible();
  await expect(page.getByText('Coupon applied')).toHaveCount(1);
  const total = subtotal - discount;
  await expect(page.getByTestId('cart-total')).toContainText(`${total.toLocaleString('en-US')} credits`);

  // no credits yet: the shortfall and a way to buy it
  await page.getByRole('button', { name: 'Pay with credits' }).click();
  await expect(page.getByText(`you need ${total.toLocaleString('en-US')} credits more`)).toBeVisible();
  await page.getByRole('link', { name: 'Buy credits' }).first().click();
  await page.waitForURL(`**/payment/quote/?amount=${total}`);
  await expect(page.getByRole('button', { name: 'Pay by card' })).toBeEnabled();
  await payByCard(page, APPROVES);
  await page.waitForURL('**/payment/thankyou/?payment=*');
  await page.getByRole('link', { name: 'Back to the cart' }).click();

  await expect(page.getByTestId('cart-balance')).toHaveText(`${total.toLocaleString('en-US')} credits`);
  await page.getByRole('button', { name: 'Pay with credits' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your order is paid' })).toBeVisible();
  // the invoice and each project are links; the status reads as everywhere else
  const invoice = page.getByTestId('paid-invoice').getByRole('link', { name: /^PAR-\d{4}-\d{6}$/ });
  await expect(invoice).toHaveAttribute('href', /^\/api\/2\/account\/invoice\/\d+$/);
  const pdf = await page.request.get((await invoice.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await expect(page.getByTestId('paid-invoice').getByRole('link', { name: 'All invoices' })).toHaveAttribute(
    'href',
    '/member/invoices',
  );
  const paidRow = page.getByRole('listitem').filter({ hasText: 'Spring catalogue' });
  await expect(paidRow).toContainText('Pending Linguist');
  await expect(paidRow).not.toContainText(/\bpending\b/);
  await expectAccessible(page);
  await shotPage(page, `paid`);
  await page.setViewportSize({ width: 375, height: 800 });
  // the lists turn into cards once the narrow layout has rendered
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shotPage(page, `paid`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await paidRow.getByRole('link', { name: 'Spring catalogue' }).click();
  await page.waitForURL(/\/project\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('Spring catalogue');
  await page.goBack();
  expect(await balanceOf(page)).toBe(0);
  // the refused payment (402) is logged by the browser itself; nothing else may be
  expect(consoleErrors.filter((e) => !e.includes('status of 402'))).toEqual([]);
});
