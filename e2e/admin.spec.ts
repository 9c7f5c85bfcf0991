import type { Locator, Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures';

// The admin's journeys (spec 1 sections 2, 4, 5 and 8): the /admin user search, the floating admin
// tools (act as a user and back, go to a project, change currency), dragging the tools button, and
// what a customer does not get.

const CUSTOMER = { email: 'customer@parlance.test', name: 'Casey Customer' };
const ADMIN_NAME = 'Ada Admin';

function toolsButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Open admin actions' });
}

/** Opens the floating admin tools and answers the panel. */
async function openTools(page: Page): Promise<Locator> {
  await toolsButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Admin actions' });
  await expect(panel).toBeVisible();
  return panel;
}

/** The user bar greets with 'Hello' and the first 10 characters of the name (spec 1 section 2). */
function greeting(page: Page, name: string): Locator {
  return page.getByText(`Hello ${name.slice(0, 10)}`, { exact: true });
}

test.describe('admin', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'admin');
  });

  test('searches users on /admin by e-mail, debounced, and opens their details', async ({ page, consoleErrors }) => {
    await page.goto('/admin');
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/adminService/searchUser')) searches.push(r.postData() ?? '');
    });
    await page.getByLabel('ID or E-mail').pressSequentially(CUSTOMER.email, { delay: 10 });
    const results = page.getByRole('table', { name: 'Users' });
    await expect(results.getByRole('row', { name: new RegExp(CUSTOMER.name) })).toBeVisible();
    await expect(results.getByText(CUSTOMER.email)).toBeVisible();
    // typed in one go: one search for the whole address, not one per keystroke
    expect(searches).toEqual([`userID=${encodeURIComponent(CUSTOMER.email)}`]);

    await results.getByRole('button', { name: `Details of ${CUSTOMER.name}` }).click();
    const details = page.getByRole('dialog', { name: /Casey Customer/ });
    await expect(details.getByRole('row', { name: /Type\s+customer/ })).toBeVisible();
    await details.getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByLabel('ID or E-mail').fill('nobody-at-all-xyz');
    await expect(page.getByText('No matches found')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('acts as the demo customer through the floating tools and restores admin rights', async ({ page }) => {
    await page.goto('/admin');
    await expect(greeting(page, ADMIN_NAME)).toBeVisible();
    let panel = await openTools(page);
    await expect(panel.getByText(new RegExp(`^${ADMIN_NAME} #\\d+$`))).toBeVisible();
    await panel.getByLabel('User ID or e-mail').fill(CUSTOMER.email);
    await panel.getByRole('button', { name: 'Act as', exact: true }).click();

    await page.waitForURL('**/cpanel');
    await expect(panel).toBeHidden();
    await expect(greeting(page, CUSTOMER.name)).toBeVisible();
    await expect(page.getByText(`Acting as ${CUSTOMER.name}`)).toBeVisible();

    // the tools stay while acting, apply to the customer, and lead back
    panel = await openTools(page);
    await expect(panel.getByText(new RegExp(`^${CUSTOMER.name} #\\d+$`))).toBeVisible();
    await expect(panel.getByText(`You are acting as ${CUSTOMER.name}`)).toBeVisible();
    await panel.getByRole('button', { name: 'Restore admin rights' }).click();
    await page.waitForURL('**/admin');
    await expect(greeting(page, ADMIN_NAME)).toBeVisible();
    await expect(page.getByText(`Acting as ${CUSTOMER.name}`)).toHaveCount(0);
  });

  test('acting as a person with the longest name keeps the header and the banner on screen', async ({
    page,
    newAccount,
  }) => {
    // 200 characters, the most a name may have, in two long words
    const name = `A${'a'.repeat(98)} B${'b'.repeat(99)}`;
    const person = await newAccount({ name });
    await page.goto('/admin');
    const panel = await openTools(page);
    await panel.getByLabel('User ID or e-mail').fill(person.email);
    await panel.getByRole('button', { name: 'Act as', exact: true }).click();
    await page.waitForURL('**/cpanel');
    await expect(greeting(page, name)).toBeVisible();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      if (width === 375) await page.getByRole('button', { name: 'Open menu' }).click();
      const banner = page.getByText(`Acting as ${name}`);
      await expect(banner).toBeVisible();
      // cut with an ellipsis inside the sidebar, the whole name on hover
      await expect(banner).toHaveAttribute('title', `Acting as ${name}`);
      const box = await banner.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width === 375) await page.keyboard.press('Escape');
    }
  });

  test('an unknown user to act as shows the server message', async ({ page }) => {
    await page.goto('/dashboard');
    const panel = await openTools(page);
    await panel.getByLabel('User ID or e-mail').fill('nobody-at-all@parlance.test');
    await panel.getByRole('button', { name: 'Act as', exact: true }).click();
    await expect(panel.getByRole('alert')).toBeVisible();
    await expect(panel.getByRole('alert')).not.toHaveText('');
    await expect(greeting(page, ADMIN_NAME)).toBeVisible();
  });

  test('go to project accepts digits only and reports a project that does not exist', async ({ page }) => {
    await page.goto('/dashboard');
    const panel = await openTools(page);
    const projectId = panel.getByLabel('Project ID');
    await projectId.pressSequentially('98x7-6');
    await expect(projectId).toHaveValue('9876');
    await panel.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(panel.getByText('Project does not exist')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  // the tools apply to the user acted as: the currency changed is a new customer's, not the demo
  // admin's, which every other admin test reads
  test('changes the currency with a toast, and back', async ({ page, newAccount }) => {
    const customer = await newAccount({ name: 'Cora Currency' });
    await page.goto('/admin');
    let panel = await openTools(page);
    await panel.getByLabel('User ID or e-mail').fill(customer.email);
    await panel.getByRole('button', { name: 'Act as', exact: true }).click();
    await page.waitForURL('**/cpanel');
    await expect(page.getByText(`Acting as ${customer.name}`)).toBeVisible();

    panel = await openTools(page);
    const currency = panel.getByRole('combobox', { name: /^Currency/ });
    await expect(currency.locator('option:checked')).toHaveText('USD ($)');

    await currency.selectOption({ label: 'EUR (€)' });
    await expect(page.getByText('Currency updated')).toBeVisible();
    await expect(currency.locator('option:checked')).toHaveText('EUR (€)');
    const user = await page.request.get('/registry/get?data=User');
    const acted = ((await user.json()) as { results: { email: string; currency: string } }).results;
    expect(acted).toMatchObject({ email: customer.email, currency: 'EUR' });
    // the customer's own session reads the change too
    const own = await customer.api.get('/registry/get?data=User');
    expect(((await own.json()) as { results: { currency: string } }).results.currency).toBe('EUR');

    // the toast closes by itself after 2 seconds, and leaves the page (a closed toast still fading out
    // matched the next toast's text too)
    await expect(page.getByText('Currency updated')).toHaveCount(0, { timeout: 5_000 });
    await currency.selectOption({ label: 'USD ($)' });
    await expect(page.getByText('Currency updated')).toBeVisible();
    await expect(currency.locator('option:checked')).toHaveText('USD ($)');

    await panel.getByRole('button', { name: 'Restore admin rights' }).click();
    await page.waitForURL('**/admin');
  });

  test('the floating button is dragged, not opened, and keeps its place after a reload', async ({ page }) => {
    await page.goto('/dashboard');
    const button = toolsButton(page);
    const before = await button.boundingBox();
    if (!before) throw new Error('the admin tools button is not on the page');

    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x - 200, before.y - 150, { steps: 10 });
    await page.mouse.up();
    await expect(page.getByRole('dialog', { name: 'Admin actions' })).toHaveCount(0);

    const moved = await button.boundingBox();
    if (!moved) throw new Error('the admin tools button disappeared');
    expect(Math.abs(moved.x - before.x)).toBeGreaterThan(150);
    expect(Math.abs(moved.y - before.y)).toBeGreaterThan(100);

    await page.reload();
    await expect(button).toBeVisible();
    const afterReload = await button.boundingBox();
    expect(afterReload?.x).toBeCloseTo(moved.x, 0);
    expect(afterReload?.y).toBeCloseTo(moved.y, 0);

    // a click (no drag) still opens the panel
    await button.click();
    await expect(page.getByRole('dialog', { name: 'Admin actions' })).toBeVisible();
  });

  test('a stored position outside the window goes back to the bottom right', async ({ page }) => {
    await page.goto('/dashboard');
    await page.evaluate(() => localStorage.setItem('adminToolsPosition', JSON.stringify({ x: 5000, y: 5000 })));
    await page.reload();
    const box = await toolsButton(page).boundingBox();
    const viewport = page.viewportSize();
    if (!box || !viewport) throw new Error('no button or viewport');
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.x).toBeGreaterThan(viewport.width / 2);
    expect(box.y).toBeGreaterThan(viewport.height / 2);
  });

  test('on a phone the button rises above the chat composer instead of covering Send', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/blend-talk/chat');
    await page.getByRole('button', { name: /^Website launch/ }).click();
    const send = page.getByRole('button', { name: 'Send' });
    await expect(send).toBeVisible();
    const overlap = async () => {
      const [a, b] = [await toolsButton(page).boundingBox(), await send.boundingBox()];
      if (!a || !b) throw new Error('the admin tools button or Send is not on the page');
      return a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
    };
    await expect.poll(overlap).toBe(false);
    // Send still answers a tap: nothing lies over it
    await page.getByRole('textbox', { name: 'Message' }).fill('x');
    await send.click({ trial: true });
  });

  test('a password-reset mail is read in the outbox, its link clickable', async ({
    page,
    playwright,
    baseURL,
    newAccount,
  }) => {
    // a guest asks for a reset link for a new customer (a new link may end the customer's earlier
    // ones); no mail server: the mail waits in the outbox
    const { email } = await newAccount();
    const guest = await playwright.request.newContext({ baseURL });
    const asked = await guest.post('/api/2/account/auth/password/resetPasswordToken', {
      form: { email },
    });
    expect(asked.ok(), `reset request answered ${asked.status()}`).toBeTruthy();
    await guest.dispose();

    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Outbox' }).click();
    await page.waitForURL('**/admin/outbox');
    const newest = page.getByRole('table', { name: 'Outbox' }).getByRole('row').filter({ hasText: email });
    await newest.first().getByRole('button').click();
    const message = page.getByRole('dialog');
    await expect(message.getByText(email)).toBeVisible();
    await expect(message.getByRole('link', { name: /\/auth\/resetPassword\?token=/ })).toHaveAttribute(
      'href',
      /\/auth\/resetPassword\?token=\S+$/,
    );
    await message.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(message).toHaveCount(0);
  });
});

test('a customer has no admin tools and /admin is not found', async ({ page }) => {
  await signInAs(page, 'customer');
  await expect(greeting(page, CUSTOMER.name)).toBeVisible();
  await expect(toolsButton(page)).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByLabel('ID or E-mail')).toHaveCount(0);
  await expect(toolsButton(page)).toHaveCount(0);
});
