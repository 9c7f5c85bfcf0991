import { expect, expectAccessible, signInAs, test } from './fixtures';

// The customer's control panel: available credits, projects by status with links, the
// latest statement lines, the unread messages and a button to order.

test('the customer control panel shows credits, projects by status, latest lines and messages', async ({ page }) => {
  await signInAs(page, 'customer');
  await page.goto('/cpanel');
  const credits = page.getByTestId('cpanel-credits');
  await expect(credits).toBeVisible();
  // the same balance as the statement's newest line
  const balance = (await credits.textContent())?.match(/^([\d,]+)/)?.[1];
  expect(balance).toBeTruthy();
  await expect(page.getByTestId('cpanel-line').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /unread message/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order a translation' }).first()).toBeVisible();
  await expectAccessible(page);
  if (process.env.MESSAGE_SHOTS)
    await page.screenshot({ path: `${process.env.MESSAGE_SHOTS}/cpanel.png`, fullPage: true });

  // a status count opens My projects filtered by it
  const ready = page.getByRole('link', { name: /^Translation Received/ });
  const count = await page.getByTestId('cpanel-count-READY').textContent();
  await ready.click();
  await page.waitForURL('**/my-projects/customer/ready');
  expect(Number(count)).toBeGreaterThanOrEqual(0);

  await page.goto('/customer-statement');
  await expect(page.getByTestId('statement-row').first().getByRole('cell').nth(4)).toHaveText(balance as string);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/cpanel');
  await expect(credits).toBeVisible();
  await expectAccessible(page);
  if (process.env.MESSAGE_SHOTS)
    await page.screenshot({ path: `${process.env.MESSAGE_SHOTS}/cpanel-375.png`, fullPage: true });
});
