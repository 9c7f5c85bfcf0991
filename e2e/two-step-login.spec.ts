import type { Browser, Page } from '@playwright/test';
import {
  csrfHeaders,
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

// Two-step login that holds: a password link does not get round the code, and a recovery code
// stands in for the phone once.

async function registerCustomer(page: Page, email: string) {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill('Two Step');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/cpanel');
}

async function signedInEmail(page: Page): Promise<string | null> {
  const res = await page.request.get('/registry/get?data=User');
  return ((await res.json()) as { results: { email: string } | null }).results?.email ?? null;
}

/** The password link mailed to `email`, read from the outbox by the demo admin in a separate browser. */
async function mailedResetLink(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAs(admin, 'admin', false);
  const outbox = await admin.request.get('/api/2/admin/outbox?page=1&pageSize=50');
  expect(outbox.ok(), `GET /api/2/admin/outbox answered ${outbox.status()}`).toBeTruthy();
  const mails = ((await outbox.json()) as { data: { to: string; text: string }[] }).data;
  const link = mails
    .find((m) => m.to === email)
    ?.text.match(/https?:\/\/\S+\/auth\/resetPassword\?token=[^\s"<>]+/)?.[0];
  await context.close();
  expect(link, `a reset link mailed to ${email}`).toBeDefined();
  return link ?? '';
}

test('a password link for an account with two-step login asks for the code before signing in', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('twostep-reset');
  await registerCustomer(page, email);
  const setup = await page.request.get('/api/2/auth/2fa');
  const { secret } = ((await setup.json()) as { results: { secret: string } }).results;
  const on = await page.request.post('/api/2/account/2fa', {
    headers: await csrfHeaders(page.request),
    data: { code: totpCode(secret) },
  });
  expect(on.ok(), `POST /api/2/account/2fa answered ${on.status()}`).toBeTruthy();
  await signOut(page);

  await page.goto(`/auth/resetPassword?email=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const link = await mailedResetLink(browser, email);

  await page.goto(link);
  const newPassword = 'Fresh-meadow-77?';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat password').fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();

  // the code step: still on the page, and nobody is signed in yet
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await expect(page.getByText(/Your password is not changed until you enter/)).toBeVisible();
  expect(await signedInEmail(page)).toBeNull();
  await expectAccessible(page);
  await shotPage(page, 'reset-code-step');

  await code.fill('000000' === totpCode(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('The authentication code is incorrect')).toBeVisible();
  expect(await signedInEmail(page)).toBeNull();

  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.waitForURL((url) => url.pathname === '/cpanel');
  expect(await signedInEmail(page)).toBe(email);

  // the link is spent now
  await signOut(page);
  await page.goto(link);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});

test('a recovery code signs in once in place of the app code', async ({ page }) => {
  const email = uniqueEmail('twostep-recovery');
  await registerCustomer(page, email);
  await page.goto('/profile#tfa_enable');
  const secret = (await page.getByTestId('tfa-secret').textContent())?.trim() ?? '';
  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on 2-step login' }).click();

  const list = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(list).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'recovery-codes');
  const recoveryCode = ((await list.first().textContent()) ?? '').trim();
  expect(recoveryCode).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page).toHaveURL(/#tfa_disable$/);
  await signOut(page);

  const signInWith = async (second: string) => {
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const code = page.getByLabel('Authentication code');
    await code.fill(second);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    return code;
  };

  await signInWith(recoveryCode.toUpperCase());
  await page.waitForURL((url) => url.pathname === '/cpanel');
  expect(await signedInEmail(page)).toBe(email);
  await page.goto('/profile#tfa_disable');
  await expect(page.getByTestId('recovery-codes-left')).toHaveText(/^9 recovery codes left/);
  await shotPage(page, 'recovery-codes-left');
  await signOut(page);

  const code = await signInWith(recoveryCode);
  await expect(page.getByText('The authentication code is incorrect')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  expect(await signedInEmail(page)).toBeNull();
});

/** A new customer with two-step login turned on through the API: its e-mail and secret. */
async function customerWithTwoStep(page: Page, prefix: string): Promise<{ email: string; secret: string }> {
  const email = uniqueEmail(prefix);
  await registerCustomer(page, email);
  const setup = await page.request.get('/api/2/auth/2fa');
  const { secret } = ((await setup.json()) as { results: { secret: string } }).results;
  const on = await page.request.post('/api/2/account/2fa', {
    headers: await csrfHeaders(page.request),
    data: { code: totpCode(secret) },
  });
  expect(on.ok(), `POST /api/2/account/2fa answered ${on.status()}`).toBeTruthy();
  return { email, secret };
}

test('a customer moves two-step login to a new app with the old and the new code', async ({ page }) => {
  const { email, secret } = await customerWithTwoStep(page, 'twostep-move');
  await page.goto('/profile#tfa_disable');
  await page.getByRole('button', { name: 'Move to a new app' }).click();
  const next = (await page.getByTestId('tfa-new-secret').textContent())?.trim() ?? '';
  expect(next).toMatch(/^[A-Z2-7]+$/);
  expect(next).not.toBe(secret);
  await page.getByLabel('Code from the current app or a recovery code').fill(totpCode(secret));
  await page.getByLabel('Code from the new app').fill(totpCode(secret) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Move 2-step login' }).click();
  await expect(page.getByText('The code from the new authenticator app is incorrect')).toBeVisible();
  await page.getByLabel('Code from the new app').fill(totpCode(next));
  await page.getByRole('button', { name: 'Move 2-step login' }).click();
  await expect(page.getByText('2-step login now uses your new authenticator app.')).toBeVisible();

  // signing in now takes the new app's code
  await signOut(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Authentication code').fill(totpCode(next));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/cpanel');
});

test('support turns off a locked-out customer’s two-step login; the customer is signed out', async ({
  page,
  browser,
}) => {
  const { email } = await customerWithTwoStep(page, 'twostep-locked');
  const customerId = ((await (await page.request.get('/registry/get?data=User')).json()) as { results: { id: number } })
    .results.id;

  const context = await browser.newContext();
  const staff = await context.newPage();
  // a moderator (no users.act) is not offered the reset
  await signInAs(staff, 'moderator', false);
  await staff.goto(`/admin/${customerId}`);
  await expect(staff.getByText(email)).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Turn off two-step login' })).toHaveCount(0);
  await signOut(staff);

  await signInAs(staff, 'support', false);
  await staff.goto(`/admin/${customerId}`);
  await staff.getByLabel('How you checked it is them').fill('Video call, ID card shown');
  await shotPage(staff, 'staff-two-step-reset');
  await staff.getByRole('button', { name: 'Turn off two-step login' }).click();
  await expect(staff.getByText('Two-step login is off. The user was signed out everywhere')).toBeVisible();
  await context.close();

  // the customer's session ended; the password alone signs in now
  expect(await signedInEmail(page)).toBeNull();
  await page.goto('/auth');
  await signIn(page, email, NEW_PASSWORD);
  expect(await signedInEmail(page)).toBe(email);
});
