import { expect, expectAccessible, test } from './fixtures';

// A page whose code cannot be fetched (offline, or a deployment replaced the chunks) says
// 'Loading chunk failed' and offers a reload, which brings the page once the network answers.

test.use({ signedInAs: 'customer' });

test("a page whose code cannot be fetched says 'Loading chunk failed' and reloads", async ({ page, shot }) => {
  await page.goto('/cpanel');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // from now on no script chunk arrives, as after a deployment removed the old ones
  await page.route('**/assets/*.js', (route) => route.abort('failed'));
  await page.getByRole('banner').getByRole('link', { name: 'Projects', exact: true }).click();

  await expect(page.getByText('Loading chunk failed', { exact: true })).toBeVisible();
  await expect(page.getByText(/could not be downloaded/)).toBeVisible();
  // the header stays usable around the failed page
  await expect(page.getByRole('banner')).toBeVisible();
  await expectAccessible(page);
  await shot('chunk-failure');

  await page.unroute('**/assets/*.js');
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page).toHaveURL(/\/my-projects\/customer$/);
  await expect(page.getByText('Loading chunk failed', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
