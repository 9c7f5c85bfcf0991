import type { Page, Request } from '@playwright/test';
import { csrfHeaders, expect, NEW_PASSWORD, signIn, signInAs, signOut, test, totpCode, uniqueEmail } from './fixtures';

// Sign-in and registration journeys (spec 1 sections 2 to 5 and 8), clicked through in the built
// app with the captcha on: every signup, sign-in and password change here solves the invisible
// ALTCHA proof of work in the browser.

interface SessionUser {
  email: string;
  type: string;
  name: string;
}

/** The signed-in user as the server sees it (null for a guest). */
async function currentUser(page: Page): Promise<SessionUser | null> {
  const res = await page.request.get('/registry/get?data=User');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { results: SessionUser | null }).results;
}

/** Fills the signup form; the role and country keep their defaults unless asked. */
async function fillSignup(page: Page, fields: { name: string; email: string; password?: string }) {
  await page.getByLabel('Full name').fill(fields.name);
  await page.getByLabel('Email', { exact: true }).fill(fields.email);
  await page.getByLabel('Password', { exact: true }).fill(fields.password ?? NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(fields.password ?? NEW_PASSWORD);
}

/** Registers a new customer through the form and waits for the landing page. */
async function registerCustomer(page: Page, email: string) {
  await page.goto('/auth?mode=signup');
  await fillSignup(page, { name: 'Test Customer', email });
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/cpanel');
}

function formOf(request: Request): URLSearchParams {
  return new URLSearchParams(request.postData() ?? '');
}

test('an account an admin made without a country is completed before going on', async ({ page, adminApi }) => {
  const email = uniqueEmail('made-by-admin');
  const made = await adminApi.post('/api/2/account/customers', {
    headers: await csrfHeaders(adminApi),
    form: { fullName: 'Mara Made', email, password: NEW_PASSWORD },
  });
  expect(made.ok(), await made.text()).toBeTruthy();

  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const form = page.getByRole('form', { name: 'Complete your account' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveValue('Mara Made');
  await form.getByLabel('Phone').fill('+1 555 0100 ext. 9');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Phone may contain only digits, hyphens, parentheses and spaces')).toBeVisible();
  expect((await currentUser(page))?.name).toBe('Mara Made');
  await form.getByLabel('Phone').fill('(555) 010-0199');
  await form.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/cpanel');
  const user = await page.request.get('/registry/get?data=User');
  expect(((await user.json()) as { results: { country: string | null } }).results.country).toBeTruthy();
});

test.describe('registration', () => {
  test('a new customer registers, solves the invisible captcha and lands on /cpanel', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('customer');
    await page.goto('/auth?mode=signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Customer' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /I agree to the Terms of Service/ })).toBeChecked();
    await expect(page.getByLabel('Country')).not.toHaveValue('');

    await fillSignup(page, { name: "Ana O'Neil-Smith", email });
    await page.getByLabel('Company').fill('Acme Translations');
    const signupCall = page.waitForRequest((r) => r.url().endsWith('/userService/addAccountInfo'));
    await page.getByRole('button', { name: 'Create account' }).click();

    const form = formOf(await signupCall);
    expect(form.get('full_name')).toBe("Ana O'Neil-Smith");
    expect(form.get('user_email')).toBe(email);
    expect(form.get('action')).toBe('reg');
    expect(form.get('user_type')).toBe('client');
    expect(form.get('company_name')).toBe('Acme Translations');
    expect(form.get('registrationPage')).toBe('/auth');
    expect(form.get('captcha_service')).toBe('recaptcha');
    expect(form.get('captcha_response')?.length).toBeGreaterThan(20);

    await page.waitForURL((url) => url.pathname === '/cpanel');
    expect(await currentUser(page)).toMatchObject({ email, type: 'customer', name: "Ana O'Neil-Smith" });
    expect(consoleErrors).toEqual([]);
  });

  test('?type=translator preselects the translator role; a new translator lands on the languages step', async ({
    page,
  }) => {
    const email = uniqueEmail('translator');
    await page.goto('/auth?mode=signup&type=translator');
    await expect(page.getByRole('radio', { name: 'Translator' })).toBeChecked();
    await fillSignup(page, { name: 'Tomas Lindqvist', email });
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/profile'));
    const url = new URL(page.url());
    expect(url.searchParams.get('flow')).toBe('1');
    expect(url.hash).toBe('#languages');
    expect(await currentUser(page)).toMatchObject({ email, type: 'translator' });
  });

  test('the client-side rules show their exact messages and nothing is sent', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/userService/addAccountInfo')) sent.push(r.url());
    });
    await page.goto('/auth?mode=signup');

    await page.getByLabel('Full name').fill('Madonna');
    await page.getByLabel('Full name').blur();
    await expect(page.getByText('Incorrect full name', { exact: true })).toBeVisible();
    await page.getByLabel('Full name').fill('Иван Петров');
    await expect(page.getByText('Incorrect full name', { exact: true })).toBeVisible();
    await page.getByLabel('Full name').fill('Ivan Petrov');
    await expect(page.getByText('Incorrect full name', { exact: true })).toBeHidden();
    // the Latin script with its diacritics is the spec's "Latin letters"
    await page.getByLabel('Full name').fill('Zoë Müller');
    await expect(page.getByText('Incorrect full name', { exact: true })).toBeHidden();
    await page.getByLabel('Full name').fill('José García');
    await expect(page.getByText('Incorrect full name', { exact: true })).toBeHidden();

    await page.getByLabel('Email', { exact: true }).fill('ivan petrov@example.com');
    await page.getByLabel('Email', { exact: true }).blur();
    await expect(page.getByText('Incorrect email', { exact: true })).toBeVisible();

    // The live hint lists what is missing, then the spec's all-set text.
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    await expect(page.getByText(/Still needed: At least 6 characters/)).toBeVisible();
    await expect(page.getByText(/One uppercase letter/)).toBeVisible();
    await password.fill('abcdef1!');
    await expect(page.getByText('Still needed: One uppercase letter (A-Z)')).toBeVisible();
    await password.fill(NEW_PASSWORD);
    await expect(page.getByText("Your password is secure and you're all set!")).toBeVisible();

    await page.getByLabel('Repeat password').fill(`${NEW_PASSWORD}x`);
    await page.getByLabel('Repeat password').blur();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Incorrect email', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    expect(sent).toEqual([]);
  });

  test('Create account is disabled while the terms are not accepted', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    const terms = page.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
    const submit = page.getByRole('button', { name: 'Create account' });
    await expect(submit).toBeEnabled();
    await terms.uncheck();
    await expect(submit).toBeDisabled();
    await terms.check();
    await expect(submit).toBeEnabled();
    const form = page.getByRole('form', { name: 'Create account' });
    await expect(form.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  test('an e-mail that already has an account is answered on the e-mail field', async ({ page, newAccount }) => {
    const existing = await newAccount();
    await page.goto('/auth?mode=signup');
    await fillSignup(page, { name: 'Second Customer', email: existing.email });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('An account with this email already exists')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(await currentUser(page)).toBeNull();
  });
});

test.describe('sign in', () => {
  // a customer of the test's own: failed sign-ins count against the account they name
  test('a wrong password shows "Incorrect email or password"', async ({ page, newAccount }) => {
    const customer = await newAccount();
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password1!');
    const loginCall = page.waitForRequest((r) => r.url().endsWith('/api/2/account/auth/login'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const form = formOf(await loginCall);
    expect(form.get('username')).toBe(customer.email);
    expect(form.get('captcha_service')).toBe('recaptcha');
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    // The captcha was spent by the failed attempt; the next one solves a new one and succeeds.
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/cpanel');
  });

  test('switching between sign-in and signup clears the form and its errors', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill('not an email');
    await page.getByLabel('Email', { exact: true }).blur();
    await expect(page.getByText('Incorrect email', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/mode=signup/);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
    await expect(page.getByText('Incorrect email', { exact: true })).toBeHidden();
    // Escape closes the signup mode again (nothing is in flight).
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');
  });

  test('?return= is followed when it is a path of this site, and ignored otherwise', async ({ page, newAccount }) => {
    const customer = await newAccount();
    await page.goto('/auth?return=%2Fmbox');
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/mbox$/);
    await signOut(page);

    await page.goto('/auth?return=%2F%2Fevil.example%2Fphish');
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/cpanel$/);
  });

  test('with two-step login on, the authenticator code is asked for and accepted', async ({ page }) => {
    const email = uniqueEmail('twostep');
    await registerCustomer(page, email);

    // Turn two-step login on through the API, as the Security page would.
    const setup = await page.request.get('/api/2/auth/2fa');
    expect(setup.ok(), `GET /api/2/auth/2fa answered ${setup.status()}`).toBeTruthy();
    const { secret } = ((await setup.json()) as { results: { secret: string } }).results;
    const enable = await page.request.post('/api/2/account/2fa', {
      headers: await csrfHeaders(page.request),
      data: { code: totpCode(secret) },
    });
    expect(enable.ok(), `POST /api/2/account/2fa answered ${enable.status()}`).toBeTruthy();
    await signOut(page);

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeHidden();
    await code.fill('12345');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/auth$/);

    const loginCall = page.waitForRequest((r) => r.url().endsWith('/api/2/account/auth/login'));
    await code.fill(totpCode(secret));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(formOf(await loginCall).get('twoFactorAuthCode')).toMatch(/^\d{6}$/);
    await page.waitForURL((url) => url.pathname === '/cpanel');
    expect(await currentUser(page)).toMatchObject({ email });
  });
});

test.describe('password reset', () => {
  test('an address without an account is told so', async ({ page }) => {
    await page.goto('/auth/resetPassword');
    const field = page.getByLabel('Email', { exact: true });
    await field.fill('nobody@');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Input does not match email format')).toBeVisible();
    await field.fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('This email address does not match our records')).toBeVisible();
  });

  test('a broken link says so and offers a new one', async ({ page }) => {
    await page.goto('/auth/resetPassword?token=not-a-real-token');
    await expect(page.getByText('This link has expired or was already used. Please request a new one.')).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  });

  // A fresh customer rather than the demo one: setting a password ends every session of the user,
  // which would sign out the demo customer in the specs running beside this one.
  test('the mailed link, read from the admin outbox, sets a new password and signs in', async ({ page }) => {
    const email = uniqueEmail('reset');
    await registerCustomer(page, email);
    await signOut(page);

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('link', { name: 'Forgot your password' }).click();
    await expect(page).toHaveURL(/\/auth\/resetPassword\?email=/);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

    await page.goto('/auth');
    await signInAs(page, 'admin', false);
    const outbox = await page.request.get('/api/2/admin/outbox?page=1&pageSize=50');
    expect(outbox.ok(), `GET /api/2/admin/outbox answered ${outbox.status()}`).toBeTruthy();
    const mails = ((await outbox.json()) as { data: { to: string; subject: string; text: string }[] }).data;
    const mail = mails.find((m) => m.to === email);
    expect(mail, `no mail to ${email} in the outbox`).toBeDefined();
    const link = mail?.text.match(/https?:\/\/\S+\/auth\/resetPassword\?token=[^\s"<>]+/)?.[0];
    expect(link, 'the mail holds the reset link').toBeDefined();
    await signOut(page);

    await page.goto(link ?? '/');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const newPassword = 'Fresh-meadow-77?';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await expect(page.getByText("Your password is secure and you're all set!")).toBeVisible();
    await page.getByLabel('Repeat password').fill(newPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL((url) => url.pathname === '/cpanel');
    expect(await currentUser(page)).toMatchObject({ email });

    // The link is single use, and the new password is the one that works.
    await signOut(page);
    await page.goto(link ?? '/');
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    await page.goto('/auth');
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL(/\/cpanel$/);
  });
});
