import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, NEW_PASSWORD, shotPage, signInAs, signInWith, test, uniqueEmail } from './fixtures';
import { orderPastedTextToPlans } from './ordering-helpers';
import { buyCreditsByCard, putOrderInCart } from './purchase';

// A certificate of translation accuracy from order to revocation (ADR 0090): a new customer orders
// with the Certificate option, a new translator of the pair takes and delivers, the customer approves and
// downloads the certificate; its verification page (the address the QR code holds) says valid to
// a guest; an admin revokes it and the page says revoked. An unknown number says so plainly.

const statusOf = (page: Page) => page.locator('header [data-status]').first();

test('a certified translation: issued on approval, verified by its QR address, revoked by an admin', async ({
  browser,
  newAccount,
}) => {
  test.setTimeout(300_000);
  const customerContext = await browser.newContext({ acceptDownloads: true });
  const translatorContext = await browser.newContext();
  const guestContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const translator = await translatorContext.newPage();
  const guest = await guestContext.newPage();

  // a new customer with credits orders with the certificate and pays with credits
  await customer.goto('/auth?mode=signup');
  await customer.getByLabel('Full name').fill('Clara Certified');
  await customer.getByLabel('Email', { exact: true }).fill(uniqueEmail('cert'));
  await customer.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await customer.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await customer.getByLabel('Country').selectOption('US');
  await customer.getByRole('button', { name: 'Create account' }).click();
  await customer.waitForURL('**/cpanel');
  await buyCreditsByCard(customer, 10000);
  const name = `Diploma ${Date.now().toString(36)}`;
  await putOrderInCart(customer.request, name, 40, { certificate: true });
  await customer.goto('/shopping-cart');
  await customer.getByRole('button', { name: 'Pay with credits' }).click();
  await expect(
    customer.getByRole('heading', { name: /^(Thank you, your order is paid|Your cart is empty)$/ }),
  ).toBeVisible();
  await customer.goto('/my-projects');
  const row = customer.getByRole('table', { name: 'My projects' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  const id = Number(await row.getAttribute('data-project-id'));
  await customer.goto(`/project/${id}`);
  const panel = customer.getByRole('region', { name: 'Certificate of translation accuracy' });
  await expect(panel).toContainText('The certificate is issued when the project completes.');

  // a new translator of American English -> French takes and delivers (the demo translator's
  // projects and earnings are what other tests read)
  await signInWith(translator, await newAccount({ type: 'translator', pair: ['american-english', 'french'] }));
  await translator.goto(`/project/${id}`);
  await translator.getByRole('button', { name: 'Take this project' }).click();
  await expect(statusOf(translator)).toHaveText('In Progress');
  await translator.getByRole('button', { name: 'Deliver translation' }).click();
  const deliver = translator.getByRole('dialog', { name: 'Deliver the translation' });
  const translated = 'Diplôme de licence, mention très bien.';
  await deliver
    .getByLabel('Choose files')
    .setInputFiles([{ name: 'diploma-fr.txt', mimeType: 'text/plain', buffer: Buffer.from(translated) }]);
  await deliver.getByRole('button', { name: 'Submit delivery' }).click();
  await expect(translator.getByText('Delivered. The customer has been told.')).toBeVisible();

  // the customer approves: the certificate is there, with the file's SHA-256
  await customer.reload();
  await expect(statusOf(customer)).toHaveText('Translation Received');
  await customer.getByRole('button', { name: 'Approve' }).click();
  await customer
    .getByRole('dialog', { name: 'Approve the translation?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(statusOf(customer)).toHaveText('Completed');
  const { createHash } = await import('node:crypto');
  const sha = createHash('sha256').update(translated).digest('hex');
  await expect(panel.getByText(/^Certificate PC-\d{4}-/)).toBeVisible();
  await expect(panel.getByText(sha)).toBeVisible();
  const number = ((await panel.locator('strong').first().textContent()) ?? '').trim();
  expect(number).toMatch(/^PC-\d{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  await expectAccessible(customer);

  const [download] = await Promise.all([
    customer.waitForEvent('download'),
    panel.getByRole('link', { name: 'Download certificate' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await shotPage(customer, 'project-page');

  // the verification address (what the QR code holds) says valid, to anybody
  const verifyUrl = await panel.getByRole('link', { name: 'Public verification page' }).getAttribute('href');
  expect(verifyUrl).toMatch(new RegExp(`/certificate/${number}$`));
  await guest.goto(verifyUrl ?? '');
  await expect(guest.getByTestId('certificate-status')).toContainText('Valid certificate');
  await expect(guest.getByText('American English → French')).toBeVisible();
  await expect(guest.getByText(sha)).toBeVisible();
  await expect(guest.getByText('diploma-fr.txt')).toBeVisible();
  await expect(guest.getByText(name)).toHaveCount(0);
  // a pasted fingerprint is compared
  await guest.getByLabel('Compare a SHA-256').fill(sha.toUpperCase());
  await expect(guest.getByText('Matches “diploma-fr.txt”.')).toBeVisible();
  await guest.getByLabel('Compare a SHA-256').fill('0'.repeat(64));
  await expect(guest.getByText('Matches no file of this certificate.')).toBeVisible();
  await guest.getByLabel('Compare a SHA-256').fill('');
  await expectAccessible(guest);
  await shotPage(guest, 'valid');

  // an admin revokes it from the project's page
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin', false);
  await admin.goto(`/project/${id}`);
  const adminPanel = admin.getByRole('region', { name: 'Certificate of translation accuracy' });
  await adminPanel.getByRole('button', { name: 'Revoke certificate' }).click();
  const dialog = admin.getByRole('dialog', { name: `Revoke certificate ${number}` });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog.getByText('Give the reason for revoking the certificate.')).toBeVisible();
  await expectAccessible(admin, '[role="dialog"]');
  await dialog.getByLabel('Reason').fill('Issued for the wrong source document');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(adminPanel).toContainText('Revoked on');
  await expect(adminPanel).toContainText('Issued for the wrong source document');

  await guest.reload();
  await expect(guest.getByTestId('certificate-status')).toContainText('Revoked certificate');
  await expect(guest.getByText('Issued for the wrong source document')).toHaveCount(0);
  await expectAccessible(guest);
  await shotPage(guest, 'revoked');

  // a number nobody was given
  await guest.goto('/certificate/PC-2026-2222-2222');
  await expect(guest.getByText('No certificate has this number.')).toBeVisible();
  await expectAccessible(guest);
  await shotPage(guest, 'unknown');

  for (const c of [customerContext, translatorContext, guestContext, adminContext]) await c.close();
});

test('the wizard sells the certificate: chosen on the plans step, named and priced in the cart', async ({
  page,
  newAccount,
}) => {
  const customer = await newAccount();
  await signInWith(page, customer);
  const name = `Certified birth record ${Date.now().toString(36)}`;
  await orderPastedTextToPlans(page, {
    text: 'A birth certificate for the registry office in Lyon.',
    words: 9,
    target: 'French',
    expertise: 'Legal',
    name,
  });
  await page.getByTestId('plan-translation').getByRole('radio').check();
  const total = page.getByTestId('plan-total');
  const before = Number(((await total.textContent()) ?? '').replace(/[^\d.]/g, ''));
  // $25.00 per target language, from the price list
  const option = page.getByLabel(
    /^Add a certificate of translation accuracy, verifiable online \(\+\$25\.00 per language\)$/,
  );
  await option.check();
  await expect(page.getByLabel('Your order')).toContainText('Translation + certificate');
  await expect(total).toHaveText(`$${(before + 25).toFixed(2)}`);
  await expectAccessible(page);
  await shotPage(page, 'plans-certificate');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.waitForURL('**/shopping-cart');
  const line = page.getByRole('listitem').filter({ hasText: name });
  await expect(line).toContainText('Translation + Certificate');
  // the order itself carries it: the price the cart charges includes it
  const cart = (await (await page.request.get('/api/2/cart/all')).json()).results as {
    purchaseOrders: { name: string; certificate: boolean }[];
  };
  expect(cart.purchaseOrders.find((o) => o.name === name)?.certificate).toBe(true);
});
