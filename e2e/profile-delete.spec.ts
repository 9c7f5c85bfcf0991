import { expect, expectAccessible, expectSettled, NEW_PASSWORD, test, shotPage, signInWith } from './fixtures';

// Account deletion end to end (spec 2 sections 4, 5 and 8): confirm, a reason, the password
// ('The password you entered is incorrect.' first), done; the account cannot sign in again.

test('a customer deletes the account', async ({ page, newAccount }) => {
  const account = await newAccount({ name: 'Lea Leaving' });
  const email = account.email;
  await signInWith(page, account);
  await page.goto('/cpanel');

  await page.goto('/profile#account');
  // the profile has finished loading before the click, as a person sees it: a click while the
  // section was still loading went nowhere on a loaded machine
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expectSettled(page);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Delete your account?' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByRole('heading', { name: 'Why are you leaving?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Choose a reason')).toBeVisible();
  await dialog.getByRole('radio', { name: 'The prices are too high' }).check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // a reason other than 'other' goes straight to the password step
  await expect(dialog.getByRole('heading', { name: 'Confirm with your password' })).toBeVisible();
  await dialog.getByLabel('Password').fill('Not-my-pass1!');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password you entered is incorrect.')).toBeVisible();
  await dialog.getByLabel('Password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your account was deleted.')).toBeVisible();
  await shotPage(page, 'profile-deleted');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL(/\/auth/);

  // the old credentials no longer sign in
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
});

test("'other' asks for the reason's words before the password", async ({ page, newAccount }) => {
  await signInWith(page, await newAccount({ name: 'Otto Other' }));
  await page.goto('/cpanel');
  await page.goto('/profile#account');
  // the profile has finished loading before the click, as a person sees it: a click while the
  // section was still loading went nowhere on a loaded machine
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expectSettled(page);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('radio', { name: 'Other', exact: true }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Tell us the reason' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Tell us the reason');
  await dialog.getByLabel('Reason').fill('Just testing the way out');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm with your password' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
