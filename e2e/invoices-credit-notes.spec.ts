import type { Page } from '@playwright/test';
import {
  csrfHeaders,
  expect,
  expectAccessible,
  NEW_PASSWORD,
  shotPage,
  signInAs,
  signOut,
  test,
  uniqueEmail,
} from './fixtures';
import { buyCreditsByCard, putOrderInCart } from './purchase';

// Money a customer, a translator and finance can follow (ADR 0047): one invoice per order paid and
// a receipt for the credits bought; a numbered credit note for a refund, naming its invoice; the
// minimum order charge named where it sets a price; gross, fee and net named alike on /balance and
// /convert; a payout amount checked as it is typed; a new account welcomed, not welcomed back;
// the dashboard's figures labelled with their windows. New users only; the demo accounts are read.

const year = new Date().getUTCFullYear();

async function signUp(page: Page, name: string) {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('money'));
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/cpanel');
}

test('a card-paid order gives one invoice and a receipt; a cancel gives a credit note naming the invoice', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'Ines Invoice');
  // a brand-new account is welcomed, not welcomed back
  await expect(page.getByRole('heading', { name: 'Welcome to Parlance, Ines Invoice' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toHaveCount(0);

  await buyCreditsByCard(page, 5000);
  const name = `Brochure ${Date.now().toString(36)}`;
  await putOrderInCart(page.request, name, 300);
  const headers = await csrfHeaders(page.request);
  const { ck } = ((await (await page.request.get('/api/2/cart/all')).json()) as { results: { ck: string } }).results;
  const paid = await page.request.post('/ajax/cart/translateNow', {
    headers: { ...headers, 'idempotency-key': `money-${Date.now()}` },
    multipart: { ck },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  const project = ((await paid.json()) as { projects: { id: number }[] }).projects[0];

  await page.goto('/member/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  const rows = page.getByTestId('invoice-row');
  await expect(rows).toHaveCount(2);
  // one invoice for the order; the credits bought have a receipt, not a second invoice
  const invoiceRow = rows.filter({ hasText: 'Invoice · Projects' });
  const receiptRow = rows.filter({ hasText: 'Receipt · Prepaid credits' });
  await expect(invoiceRow).toHaveCount(1);
  await expect(receiptRow).toHaveCount(1);
  await expect(receiptRow).toContainText(new RegExp(`RCT-${year}-\\d{6}`));
  const invoiceNumber = ((await invoiceRow.getByRole('button').first().textContent()) ?? '').trim();
  expect(invoiceNumber).toMatch(new RegExp(`^PAR-${year}-\\d{6}$`));
  const invoiceTotal = ((await invoiceRow.textContent()) ?? '').match(/\$[\d,]+\.\d\d/)?.[0];
  await expectAccessible(page);

  // cancelling the project refunds it: a credit note appears, naming the invoice it corrects
  const cancelled = await page.request.post(`/api/2/projects/${project.id}/cancel`, { headers });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  await page.reload();
  await expect(rows).toHaveCount(3);
  const noteRow = rows.filter({ hasText: 'Credit note · Refund' });
  await expect(noteRow).toHaveCount(1);
  await expect(noteRow).toContainText(new RegExp(`CN-${year}-\\d{6}`));
  await expect(noteRow.getByTestId('corrects-invoice')).toHaveText(`Corrects invoice ${invoiceNumber}`);
  // the whole project was refunded: the credit note gives the invoice's amount back
  await expect(noteRow).toContainText(`-${invoiceTotal}`);
  await noteRow.getByRole('button', { expanded: false }).click();
  await expect(page.getByTestId('invoice-detail').getByText('Total credited')).toBeVisible();
  const pdfLink = noteRow.getByRole('link', { name: /^PDF of credit note CN-/ });
  const pdf = await page.request.get((await pdfLink.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page);
  await shotPage(page, 'invoices');
  expect(consoleErrors).toEqual([]);
});

test('a small order says the minimum order charge set its price', async ({ page }) => {
  await page.goto('/quote');
  await page.getByRole('textbox', { name: 'Word count' }).fill('20');
  for (const [label, language] of [
    ['Translate from', 'American English'],
    ['Translate to', 'German'],
  ]) {
    const input = page.getByRole('combobox', { name: label });
    await input.click();
    await input.fill(language);
    await page.getByRole('option', { name: language, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Get a quote' }).click();
  const quote = page.getByRole('region', { name: 'Your quote' });
  await expect(quote.getByTestId('quote-total')).toHaveText('$10.00');
  await expect(quote.getByTestId('minimum-order')).toHaveText(/minimum order \$10$/);

  // a large order is priced by its words: no minimum to mention
  await page.getByRole('textbox', { name: 'Word count' }).fill('2000');
  await page.getByRole('button', { name: 'Get a quote' }).click();
  await expect(quote.getByTestId('quote-total')).toHaveText('$160.00');
  await expect(quote.getByTestId('minimum-order')).toHaveCount(0);
  await expectAccessible(page);
});

test('the payout form checks the amount as it is typed, and names gross, fee and net', async ({ page }) => {
  // the demo translator's form is only typed into, never submitted: nothing of theirs changes
  await signInAs(page, 'translator', false);
  await page.goto('/balance');
  const available = (
    (await page
      .getByText(/^\$[\d,]+\.\d\d$/)
      .first()
      .textContent()) ?? ''
  ).trim();
  const amount = page.getByRole('textbox', { name: 'Amount (USD)' });
  const submit = page.getByRole('button', { name: 'Request payout' });

  await amount.fill('97999.02');
  await expect(page.getByText('The amount is more than your available credits')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('payout-preview')).toHaveCount(0);
  await expect(submit).toBeDisabled();

  await amount.fill('5');
  await expect(page.getByText('The minimum payout is 20.00 USD')).toBeVisible();
  await expect(page.getByTestId('payout-preview')).toHaveCount(0);

  await amount.fill('abc');
  await expect(page.getByText('Enter an amount in US dollars, like 25.00')).toBeVisible();

  await amount.fill('25');
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('payout-preview')).toHaveText(
    /^Gross \$25\.00 − fee \$[\d.]+ = you receive \$[\d.]+ \(net\)$/,
  );
  await expect(submit).toBeEnabled();
  expect(available).not.toBe('');

  const table = page.getByRole('table', { name: /payout/i });
  if ((await table.count()) > 0) {
    for (const header of ['Gross', 'Fee', 'Net paid out']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
  } else {
    await expect(page.getByText('Net paid out').first()).toBeVisible();
  }
  await expectAccessible(page);
  await shotPage(page, 'balance');

  // finance's list names the same three amounts
  await signOut(page);
  await signInAs(page, 'admin', false);
  await page.goto('/convert');
  await expect(page.getByRole('columnheader', { name: /Net paid out/ })).toBeVisible();
  await expect(page.getByText(/^gross \$[\d,]+\.\d\d · fee \$[\d,]+\.\d\d$/).first()).toBeVisible();
  await shotPage(page, 'convert');
});

test("the demo's statement dates the payout when it happened; the dashboard labels its windows", async ({ page }) => {
  await signInAs(page, 'translator', false);
  const res = await page.request.get('/api/2/account/statement?pageSize=100&date_from=2000-01-01');
  if (res.ok()) {
    const body = (await res.json()) as { data?: { date?: string; created_at?: string; description?: string }[] };
    const lines = body.data ?? [];
    const payout = lines.find((l) => /payout/i.test(l.description ?? ''));
    if (payout) {
      const when = new Date(payout.date ?? payout.created_at ?? '');
      expect(Date.now() - when.getTime()).toBeGreaterThan(24 * 60 * 60 * 1000);
    }
  }
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
  const stats = page
    .locator('#dash-statistics')
    .or(page.getByRole('region', { name: 'Statistics' }))
    .first();
  await expect(stats.getByText('all time').first()).toBeVisible();
  await expect(page.getByText(/projects completed in the last 180 days/)).toBeVisible();
  await expect(page.getByText('Words completed (last 180 days)')).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'dashboard');
});
