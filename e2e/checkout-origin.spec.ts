import { expect, NEW_PASSWORD, test, uniqueEmail } from './fixtures';
import { balanceOf, openCreditsPage, payByCard } from './ordering-helpers';

// A browser on another of the server's addresses than PUBLIC_URL (the suite's servers have
// PUBLIC_URL http://127.0.0.1:PORT; this test opens http://localhost:PORT, the same server) pays by
// card: the sandbox checkout returns it to the origin it is on, where its session is, and the
// thank-you page shows the outcome. Before, the Content-Security-Policy's form-action blocked the
// redirect to PUBLIC_URL's origin and left a charged card on a silent, filled form.

test('a card payment made on another address of the server ends on its thank-you page', async ({
  browser,
  baseURL,
}) => {
  const publicUrl = new URL(baseURL ?? '');
  const other = new URL(publicUrl.origin);
  other.hostname = publicUrl.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  const context = await browser.newContext({ baseURL: other.origin });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });

  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill('Oona Origin');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('origin'));
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/cpanel');

  await openCreditsPage(page, 1500);
  await payByCard(page, '4242 4242 4242 4242');
  await page.waitForURL(`${other.origin}/payment/thankyou/?payment=*`);
  await expect(page.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
  await expect(page.getByTestId('credits-added')).toHaveText('1,500 credits have been added to your balance.');
  expect(await balanceOf(page)).toBe(1500);
  expect(errors).toEqual([]);
  await context.close();
});
