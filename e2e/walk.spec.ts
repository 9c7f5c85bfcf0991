import { csrfHeaders, expect, expectAccessible, shotPage, signInAs, signOut, test } from './fixtures';
import { signUpCustomer } from './ordering-helpers';
import { addToMyTeam } from './fixtures-projects';

// Defects found by walking through every screen: staff's project list, the MyTeam menu, the
// wizard's open draft, the chat composer's limit and an account-manager page of a non-manager.

test('staff: the menu names the list as the page does, no price reads 0 credits, the footer stays clear', async ({
  page,
  consoleErrors,
}) => {
  await signInAs(page, 'admin');
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'All projects', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All projects' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'My projects', exact: true })).toHaveCount(0);
  // the language manager's demo projects were written without an order: not charged
  await page.getByLabel('Customer').fill('Northwind');
  const table = page.getByRole('table').first();
  await expect(table.getByText('Northwind Traders').first()).toBeVisible();
  await expect(table.getByText('Not charged').first()).toBeVisible();
  await expect(table.getByText('0 credits', { exact: true })).toHaveCount(0);

  // at the foot of the page the floating admin button covers no footer link
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const button = await page.getByRole('button', { name: 'Open admin actions' }).boundingBox();
    for (const name of ['Terms of service', 'Privacy policy']) {
      const link = await page.getByRole('link', { name, exact: true }).boundingBox();
      expect(button && link, name).toBeTruthy();
      if (!button || !link) continue;
      const overlaps =
        link.x < button.x + button.width &&
        button.x < link.x + link.width &&
        link.y < button.y + button.height &&
        button.y < link.y + link.height;
      expect(overlaps, `${name} at ${width} px is under the admin button`).toBe(false);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});

test('the MyTeam menu follows whether the customer has a team', async ({ page, consoleErrors, newAccount }) => {
  await signUpCustomer(page, 'Walk Teamless');
  const header = page.getByRole('navigation', { name: 'Main' });
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'MyTeam' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'MyTeam' })).toHaveCount(0);

  // a preferred translator makes a team
  await addToMyTeam(page.request, (await newAccount({ type: 'translator' })).id);

  await page.reload();
  await header.getByRole('link', { name: 'MyTeam' }).click();
  await expect(page).toHaveURL(/\/myteam$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Team' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'MyTeam' })).toBeVisible();
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});

test('the wizard offers the open draft instead of a new empty order per visit', async ({ page, consoleErrors }) => {
  // a guest: two visits, one order
  await page.goto('/wizard');
  await page.waitForURL(/pid=/);
  const first = new URL(page.url()).searchParams.get('pid');
  await page.goto('/wizard');
  await page.waitForURL(/pid=/);
  expect(new URL(page.url()).searchParams.get('pid')).toBe(first);

  // a customer with a draft that has content is asked
  await signUpCustomer(page, 'Walk Drafter');
  const headers = await csrfHeaders(page.request);
  const created = await page.request.post('/api/2/po', {
    headers,
    data: { name: 'Quarterly report', source_language: 'american-english', target_languages: ['french'] },
  });
  expect(created.ok()).toBeTruthy();
  const draft = ((await created.json()) as { results: { pid: string } }).results.pid;

  await page.goto('/wizard');
  const choice = page.getByRole('region', { name: 'Continue your order?' });
  await expect(choice).toBeVisible();
  await expect(choice.getByText('Quarterly report')).toBeVisible();
  await expect(choice.getByText(/American English → French/)).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'walk-wizard-open-draft');
  await choice.getByRole('button', { name: 'Continue this order' }).click();
  await expect(page).toHaveURL(new RegExp(`pid=${draft}`));

  await page.goto('/wizard');
  await page.getByRole('button', { name: 'Start a new order' }).click();
  await page.waitForURL(/pid=/);
  expect(new URL(page.url()).searchParams.get('pid')).not.toBe(draft);
  await expect(page.getByRole('heading', { level: 1, name: 'Order a translation' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the chat composer counts down near its limit and says the limit in a sentence', async ({ page, newAccount }) => {
  await signUpCustomer(page, 'Walk Chatter');
  await addToMyTeam(page.request, (await newAccount({ type: 'translator' })).id);
  await page.goto('/blend-talk/chat/');
  await expect(page.getByRole('heading', { name: 'Team Chat', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await page.getByRole('button', { name: /^My Team/ }).click();
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await expect(composer).toBeEnabled();
  await composer.fill('a'.repeat(8_999));
  await expect(page.getByRole('status').filter({ hasText: 'characters left' })).toHaveCount(0);
  await composer.fill('a'.repeat(9_500));
  const status = page.getByRole('status').filter({ hasText: '500 characters left' });
  await expect(status).toHaveText('500 characters left');
  await expect(composer).toHaveAttribute('aria-describedby', await status.getAttribute('id').then((id) => id ?? ''));
  await composer.fill('a'.repeat(10_050));
  await expect(composer).toHaveValue('a'.repeat(10_000));
  await expect(
    page.getByRole('status').filter({ hasText: 'A message can be at most 10,000 characters long.' }),
  ).toBeVisible();
  await expectAccessible(page);
  await composer.fill('');
});

test("an account manager's page of a customer says the customer manages nobody", async ({ page, consoleErrors }) => {
  await signUpCustomer(page, 'Walk Managed');
  const me = await page.request.get('/registry/get?data=User');
  const id = ((await me.json()) as { results: { id: number } }).results.id;
  await signOut(page);
  await signInAs(page, 'admin', false);
  await page.goto(`/admin/account-managers/${id}`);
  await expect(page.getByRole('heading', { name: 'Not an account manager' })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText('This user is not a staff member, so they look after no customers.')).toBeVisible();
  await expect(page.getByText(/0–0 of 0/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: "Open the user's details" })).toHaveAttribute('href', `/admin/${id}`);
  await expectAccessible(page);
  await shotPage(page, 'walk-not-a-manager');
  // the 404 of the refused call is the answer the page explains, not a fault
  expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});
