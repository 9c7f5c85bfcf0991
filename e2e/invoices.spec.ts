import { expect, expectAccessible, signInWith, test } from './fixtures';

// Invoices (spec 2 sections 2, 7, 9): a customer who bought credits lists their documents (5 a
// page; buying credits gives a receipt, ADR 0047), opens one's detail and downloads its PDF.

test('the customer lists invoices, opens the detail and gets the PDF', async ({ page, newAccount, shot }) => {
  const customer = await newAccount({ credits: 10_000 });
  await signInWith(page, customer);
  await page.goto('/member/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  const rows = page.getByTestId('invoice-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(5);
  const first = rows.first();
  await first.getByRole('button', { expanded: false }).click();
  const detail = page.getByTestId('invoice-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByText('Total', { exact: true })).toBeVisible();
  await expect(detail.getByText(/^\$[\d,]+\.\d\d \([\d,]+ credits\)$/)).toBeVisible();
  await expectAccessible(page);
  await shot('invoices');

  const href = await first.getByRole('link', { name: /^PDF of receipt RCT-/ }).getAttribute('href');
  expect(href).toMatch(/^\/api\/2\/account\/invoice\/\d+$/);
  const pdf = await page.request.get(href as string);
  expect(pdf.ok()).toBeTruthy();
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(rows.first()).toBeVisible();
  await expectAccessible(page);
});
