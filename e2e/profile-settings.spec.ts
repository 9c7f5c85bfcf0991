import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  NEW_PASSWORD,
  signIn,
  signOut,
  test,
  totpCode,
  uniqueEmail,
  shotPage,
  signInAs,
} from './fixtures';

// The profile's account and security sections (spec 2 section 2): account information, billing
// address, mailing preferences, password update and 2-step login, clicked through by a new customer.

async function registerCustomer(page: Page, email: string, name = 'Petra Profile') {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/cpanel');
}

test('a customer edits account information, billing address and mailing preferences', async ({
  page,
  consoleErrors,
}) => {
  await registerCustomer(page, uniqueEmail('profile'));
  await page.goto('/profile#account');
  await expect(page.getByRole('heading', { name: 'Account Information', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Petra Profile');
  await expectAccessible(page);
  await shotPage(page, 'account');

  // a field is checked when it is left, then on every change
  await page.getByLabel('Full name').fill('');
  await page.getByLabel('Full name').press('Tab');
  await expect(page.getByText('Incorrect full name')).toBeVisible();
  await page.getByLabel('Full name').fill('Petra Profile');
  await expect(page.getByText('Incorrect full name')).toBeHidden();

  // a phone with letters is refused with the spec's rule, on the field
  await page.getByLabel('Phone', { exact: true }).fill('555-CALL');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Phone may contain only digits, hyphens, parentheses and spaces')).toBeVisible();
  await page.getByLabel('Phone', { exact: true }).fill('(555) 010-2030');
  await page.getByLabel('Full name').fill('Petra Novak');
  await page.getByLabel('City').fill('Ljubljana');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account information saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Ljubljana');
  await expect(page.getByLabel('Full name')).toHaveValue('Petra Novak');

  // billing, reached from the sidebar's Billing Address item
  await page.getByRole('link', { name: 'Billing Address' }).first().click();
  await expect(page).toHaveURL(/#billing$/);
  await expect(page.getByRole('heading', { name: 'Billing Address', level: 2 })).toBeVisible();
  await page.getByLabel('First name').fill('Petra');
  await page.getByLabel('Last name').fill('Novak');
  await page.getByLabel('VAT ID').fill('SI12345678');
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Germany' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Billing address saved')).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByLabel('VAT ID')).toHaveValue('SI12345678');

  // mailing preferences: a flag turned off stays off, an additional address is added and removed
  await page.goto('/profile#mailing');
  const comments = page.getByRole('checkbox', { name: 'A new comment in a project discussion' });
  await expect(comments).toBeChecked();
  await comments.uncheck();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Mailing preferences saved')).toBeVisible();
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('Enter an e-mail address')).toBeVisible();
  await page.getByLabel('Additional email').fill('accounts@example.com');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByRole('list', { name: 'Additional e-mail addresses' })).toContainText('accounts@example.com');
  await expectAccessible(page);
  await shotPage(page, 'mailing');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'A new comment in a project discussion' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Remove accounts@example.com' }).click();
  await expect(page.getByText('No additional addresses yet.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a customer changes the password, turns 2-step login on, signs in with a code and turns it off', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('security');
  await registerCustomer(page, email);

  await page.goto('/profile#password');
  await page.getByLabel('Current password').fill('Wrong-pass-1!');
  await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass7!');
  await page.getByLabel('Repeat new password').fill('Brand-new-pass7');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Repeat new password').fill('Brand-new-pass7!');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Your current password is incorrect')).toBeVisible();
  await page.getByLabel('Current password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password Updated!')).toBeVisible();
  await expectAccessible(page);

  // 2-step login from the sidebar's Security item
  await page
    .getByRole('link', { name: /2-Step Login/ })
    .first()
    .click();
  await expect(page).toHaveURL(/#tfa_enable$/);
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'tfa-enable');
  const secret = (await page.getByTestId('tfa-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Turn on 2-step login' }).click();
  await expect(page.getByText('The authentication code is incorrect')).toBeVisible();
  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on 2-step login' }).click();
  await expect(page.getByText('Two-step login is on')).toBeVisible();
  // the ten recovery codes are shown this once
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page).toHaveURL(/#tfa_disable$/);

  // signing in again asks for a code
  await signOut(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Brand-new-pass7!');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  await codeField.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));

  await page.goto('/profile#tfa_disable');
  await expect(page.getByText('Your account is protected by 2-step login.')).toBeVisible();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText(/^10 recovery codes left/);
  await expectAccessible(page);
  await page.getByLabel('Code or recovery code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn off 2-step login' }).click();
  await expect(page.getByText('Two-step login is off')).toBeVisible();
  await signOut(page);
  await signIn(page, email, 'Brand-new-pass7!');
});

test('a customer verifies a phone with the code that reached the admin-readable SMS outbox', async ({
  page,
  browser,
}) => {
  await registerCustomer(page, uniqueEmail('phone'));
  await page.goto('/profile#account');
  const phone = `555 ${Date.now().toString().slice(-3)} ${Date.now().toString().slice(-4)}`;
  await page.getByLabel('Phone to verify').fill('555-CALL');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Phone may contain only digits, hyphens, parentheses and spaces')).toBeVisible();
  await page.getByLabel('Phone to verify').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('We sent a code to your phone')).toBeVisible();

  // the admin reads the SMS in the outbox (no SMS provider in the demo)
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInAs(adminPage, 'admin', false);
  const outbox = await adminPage.request.get('/api/2/admin/outbox?page=1');
  const mails = ((await outbox.json()) as { data: { to: string; text: string }[] }).data;
  const sms = mails.find((m) => m.to === `sms:${phone}`);
  const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await admin.close();

  await page.getByLabel('Code from the SMS').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('tabpanel').getByRole('alert')).toContainText('The code is incorrect');
  await page.getByLabel('Code from the SMS').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`${phone} is verified.`)).toBeVisible();
  await expectAccessible(page);
});
