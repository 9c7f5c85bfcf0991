import { expect, expectAccessible, test } from './fixtures';

// The customer's control panel: available credits, projects by status with links, the
// latest statement lines, the unread messages and a button to order. What the demo customer
// shows: read only.

test.use({ signedInAs: 'demo-customer' });

test('the customer control panel shows credits, projects by status, latest lines and messages', async ({
  page,
  shot,
}) => {
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
  await shot('cpanel');

  // a status count opens My projects filtered by it
  const ready = page.getByRole('link', { name: /^Translation Received/ });
  const count = Number(await page.getByTestId('cpanel-count-READY').textContent());
  expect(Number.isInteger(count)).toBe(true);
  await ready.click();
  await page.waitForURL('**/my-projects/customer/ready');
  await expect(page.getByRole('heading', { name: 'My projects', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Loading projects')).toHaveCount(0);
  // the list shows as many projects as the panel counted
  await expect(page.getByRole('table', { name: 'My projects' }).locator('tbody tr[data-project-id]')).toHaveCount(
    count,
  );

  await page.goto('/customer-statement');
  await expect(page.getByTestId('statement-row').first().getByRole('cell').nth(4)).toHaveText(balance as string);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/cpanel');
  await expect(credits).toBeVisible();
  await expectAccessible(page);
});
