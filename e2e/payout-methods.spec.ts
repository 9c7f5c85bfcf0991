import { expect, expectAccessible, shotPage, signInWith, test, uniqueEmail, uniqueName, signInAs } from './fixtures';
import { addCredits, addPayoutMethod } from './fixtures-projects';

// Payout methods: a new translator with PayPal on file adds a Payoneer account on /balance (a wrong
// IBAN and a wrong e-mail are explained first); it waits for approval and is not offered for payouts;
// a finance admin approves it on /convert; the translator can then be paid to it, and removes it.

test.describe.configure({ timeout: 180_000 });

test('a translator adds a Payoneer account, finance approves it, the translator removes it', async ({
  browser,
  page,
  newAccount,
  adminApi,
}) => {
  // a name and a Payoneer e-mail of the test's own: finance's list may hold other translators' accounts
  const account = await newAccount({ type: 'translator', name: uniqueName('Tomas') });
  await addCredits(adminApi, account.id, 5000);
  await addPayoutMethod(account.api, 'paypal', account.email);
  const payoneerEmail = uniqueEmail('payoneer');
  await signInWith(page, account);
  await page.goto('/balance');
  const section = page.getByRole('region', { name: 'Payout methods' });
  const list = section.getByRole('list', { name: 'Your payout methods' });
  await expect(list.getByRole('listitem').filter({ hasText: 'PayPal' })).toContainText('Active', { timeout: 45_000 });

  // a wrong IBAN and a wrong e-mail: the field says why, nothing is saved
  const form = section.getByRole('form', { name: 'Add a payout method' });
  await form.getByLabel('Method').selectOption({ label: 'Bank wire' });
  await form.getByLabel('IBAN').fill('DE88 3704 0044 0532 0130 00');
  await form.getByRole('button', { name: 'Save method' }).click();
  await expect(form.getByText('Enter a valid IBAN (country code, check digits and account number)')).toBeVisible();
  await form.getByLabel('Method').selectOption({ label: 'Payoneer' });
  await form.getByLabel('Payoneer e-mail').fill('tomas at payoneer');
  await form.getByRole('button', { name: 'Save method' }).click();
  await expect(form.getByText('Enter the e-mail address of the account')).toBeVisible();

  await form.getByLabel('Payoneer e-mail').fill(payoneerEmail);
  await form.getByRole('button', { name: 'Save method' }).click();
  await expect(page.getByText('Payout method saved: your Payoneer account waits for approval.')).toBeVisible();
  const payoneer = list.getByRole('listitem').filter({ hasText: 'Payoneer' });
  await expect(payoneer).toContainText('Waiting for approval');
  // not offered for a payout yet
  await expect(
    page
      .getByRole('combobox', { name: 'Method' })
      .first()
      .getByRole('option', { name: /Payoneer/ }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  await shotPage(page, `methods`);

  // finance approves it on /convert
  const financeContext = await browser.newContext();
  const finance = await financeContext.newPage();
  await signInAs(finance, 'finance', false);
  await finance.goto('/convert');
  const waiting = finance.getByRole('list', { name: 'Payoneer accounts waiting for approval' });
  const mine = waiting.getByRole('listitem').filter({ hasText: payoneerEmail });
  await expect(mine).toBeVisible({ timeout: 45_000 });
  await expectAccessible(finance);
  await shotPage(finance, `payees`);
  await mine.getByRole('button', { name: `Approve the Payoneer account of ${account.name}` }).click();
  await expect(finance.getByText(`Payoneer account of ${account.name} approved.`)).toBeVisible();
  await expect(mine).toHaveCount(0);
  await financeContext.close();

  await page.reload();
  await expect(payoneer).toContainText('Active', { timeout: 45_000 });
  await expect(
    page
      .getByRole('combobox', { name: 'Method' })
      .first()
      .getByRole('option', { name: `Payoneer · ${payoneerEmail}` }),
  ).toHaveCount(1);
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(payoneer).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, `methods`);
  await page.setViewportSize({ width: 1280, height: 900 });

  // removed again (PayPal stays)
  await payoneer.getByRole('button', { name: 'Remove Payoneer' }).click();
  await expect(page.getByText('Payoneer removed.')).toBeVisible();
  await expect(payoneer).toHaveCount(0);
});
