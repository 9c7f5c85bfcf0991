import { csrfHeaders, expect, expectAccessible, expectSettled, shotPage, signInAs, test } from './fixtures';

// One-click unsubscribe (ADR 0097): a customer who asked for promotions gets the promotion an admin
// sends from /admin/features-new
// with its unsubscribe link; opening the link as a guest (as from a mail app) asks before anything
// changes; the button turns off that one switch, which the profile then shows; an altered link is
// refused with a way forward. Never a sign-in on the way.

test('a mail’s unsubscribe link asks, then turns off its one switch without signing in', async ({
  browser,
  newAccount,
  adminApi,
}) => {
  test.setTimeout(120_000);
  const customer = await newAccount();
  const optIn = await customer.api.post('/userService/updateMailingPreferences', {
    form: { email_promotion: '1' },
    headers: await csrfHeaders(customer.api),
  });
  expect(optIn.ok(), await optIn.text()).toBeTruthy();

  // an admin sends a promotion from the back office's settings page
  const subject = `Spring offer ${Date.now().toString(36)}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin', false);
  await admin.goto('/admin/features-new');
  const promotion = admin.getByRole('form', { name: 'Send a promotion' });
  await promotion.getByRole('button', { name: 'Send promotion' }).click();
  await expect(promotion.getByText('Enter the subject')).toBeVisible();
  await promotion.getByLabel('Subject').fill(subject);
  await promotion.getByLabel('Text').fill('Ten per cent off every translation this week.');
  await expectSettled(admin);
  await expectAccessible(admin);
  await shotPage(admin, 'promotion-form');
  await promotion.getByRole('button', { name: 'Send promotion' }).click();
  await expect(admin.getByText(/^Promotion sent to the people who asked for news and offers: \d+$/)).toBeVisible();
  await adminContext.close();

  const outbox = await adminApi.get('/api/2/admin/outbox?page=1&pageSize=50');
  expect(outbox.ok(), `GET /api/2/admin/outbox answered ${outbox.status()}`).toBeTruthy();
  const mails = ((await outbox.json()) as { data: { to: string; subject: string; text: string }[] }).data;
  const mail = mails.find((m) => m.to === customer.email && m.subject === subject);
  expect(mail, `no promotion to ${customer.email} in the outbox`).toBeDefined();
  const link = mail?.text.match(/Stop these e-mails: (\S+)/)?.[1] ?? '';
  expect(link).toMatch(/\/api\/2\/mail\/unsubscribe\?token=/);
  const path = new URL(link).pathname + new URL(link).search;

  // a guest browser, as a mail app opens links
  const guestContext = await browser.newContext();
  const page = await guestContext.newPage();
  await page.goto(path);
  await expect(page).toHaveURL(/\/unsubscribe\?token=/);
  await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stop these e-mails?' })).toBeVisible();
  await expect(page.getByTestId('unsubscribe-label')).toHaveText('News, offers and promotions');
  await expectSettled(page);
  await expectAccessible(page);
  await shotPage(page, 'unsubscribe-confirm');
  // opening the page changed nothing
  const before = await customer.api.get('/api/2/account/mailing-preferences');
  expect(((await before.json()) as { results: { flags: Record<string, boolean> } }).results.flags.email_promotion).toBe(
    true,
  );

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('unsubscribe-done')).toContainText('Done: these e-mails are off.');
  await expectAccessible(page);
  await shotPage(page, 'unsubscribe-done');
  const after = await customer.api.get('/api/2/account/mailing-preferences');
  const flags = ((await after.json()) as { results: { flags: Record<string, boolean> } }).results.flags;
  expect(flags.email_promotion).toBe(false);
  expect(flags.email_yourproject).toBe(true);

  // the owner's Mailing Preferences show the switch off
  const ownerContext = await browser.newContext({ storageState: customer.storageState });
  const owner = await ownerContext.newPage();
  await owner.goto('/profile#mailing');
  const form = owner.getByRole('form', { name: 'Mailing preferences' });
  await expect(form.getByRole('checkbox', { name: 'News, offers and promotions' })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Updates on my projects' })).toBeChecked();
  await expectSettled(owner);
  await expectAccessible(owner);
  await shotPage(owner, 'unsubscribe-mailing-preferences');

  // an altered link is refused, and the page says what to do instead
  await page.goto(`/unsubscribe?token=${customer.id}.email_yourproject.${'A'.repeat(43)}`);
  await expect(page.getByTestId('unsubscribe-invalid')).toContainText('This unsubscribe link is not valid');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await expectAccessible(page);
  await shotPage(page, 'unsubscribe-invalid');
  await guestContext.close();
  await ownerContext.close();
});
