import type { Page } from '@playwright/test';
import { csrfHeaders, expect, NEW_PASSWORD, signInWith, test, uniqueEmail, signInAs } from './fixtures';
import { addCredits, addPayoutMethod } from './fixtures-projects';
import { buyCreditsByCard, putOrderInCart } from './purchase';

// A double click on a button that moves something (Approve on a delivered project, Pay in the
// payout dialog of /convert) does the move once and reports the success, not a failure: the
// button lets one request through per press, and a repeat that still reaches the server is answered
// as the first was.

const NOT_POSSIBLE = "This action is not possible in the project's current status.";
const NOTHING_PENDING = 'None of the selected requests is pending';

/** Counts the page's calls to paths ending in `suffix`, and their answers. */
function watchCalls(page: Page, suffix: string) {
  const seen = { sent: 0, answered: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith(suffix)) seen.sent += 1;
  });
  page.on('requestfinished', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith(suffix)) seen.answered += 1;
  });
  page.on('requestfailed', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith(suffix)) seen.answered += 1;
  });
  return seen;
}

test('a double click on Approve completes the project and says so, once', async ({ page, browser, newAccount }) => {
  test.setTimeout(180_000);
  // a new customer with credits, a paid order, taken and delivered by a new translator (API)
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill('Dora Double');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('double'));
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/cpanel');
  await buyCreditsByCard(page, 5000);
  await putOrderInCart(page.request, `Double ${Date.now().toString(36)}`, 120);
  const cart = await page.request.get('/api/2/cart/all');
  const { ck } = ((await cart.json()) as { results: { ck: string } }).results;
  const key = `double-${Date.now()}`;
  const paid = await page.request.post('/ajax/cart/translateNow', {
    headers: { ...(await csrfHeaders(page.request)), 'idempotency-key': key },
    multipart: { ck, idempotency_key: key },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  const id = ((await paid.json()) as { projects: { id: number }[] }).projects[0].id;

  const translatorContext = await browser.newContext();
  const translator = await translatorContext.newPage();
  await signInWith(translator, await newAccount({ type: 'translator', pair: ['american-english', 'french'] }));
  const took = await translator.request.post(`/api/2/job/${id}/take`, {
    headers: await csrfHeaders(translator.request),
  });
  expect(took.ok(), await took.text()).toBeTruthy();
  const delivered = await translator.request.post(`/api/2/projects/${id}/deliver`, {
    headers: await csrfHeaders(translator.request),
    multipart: { file: { name: 'done-fr.txt', mimeType: 'text/plain', buffer: Buffer.from('Bonjour.') } },
  });
  expect(delivered.ok(), await delivered.text()).toBeTruthy();
  await translatorContext.close();

  // the customer approves with a double click on the dialog's Approve
  await page.goto(`/project/${id}`);
  const status = page.locator('header [data-status]').first();
  await expect(status).toHaveText('Translation Received');
  const calls = watchCalls(page, `/projects/${id}/approve`);
  await page.getByRole('group', { name: 'Project actions' }).getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve the translation?' });
  await dialog.getByRole('button', { name: 'Approve' }).dblclick();
  await expect(page.getByText('Approved. Thank you!')).toBeVisible();
  await expect(status).toHaveText('Completed');
  await expect.poll(() => calls.answered).toBe(calls.sent);
  expect(calls.sent).toBe(1);
  await expect(page.getByText(NOT_POSSIBLE)).toHaveCount(0);
});

test('a double click on Pay in the payout dialog pays once and says so', async ({
  page,
  browser,
  newAccount,
  adminApi,
}) => {
  test.setTimeout(180_000);
  // a new translator, with PayPal on file and credits the admin added to their available balance,
  // asks for a payout of 20.00 USD by PayPal
  const account = await newAccount({ type: 'translator', pair: ['american-english', 'french'] });
  await addCredits(adminApi, account.id, 5000);
  await addPayoutMethod(account.api, 'paypal', account.email);
  const translatorContext = await browser.newContext();
  const translator = await translatorContext.newPage();
  await signInWith(translator, account);
  const requested = await translator.request.post('/api/2/account/convert/request', {
    data: { amount: 2000, method: 'paypal' },
    headers: { ...(await csrfHeaders(translator.request)), 'idempotency-key': `double-${Date.now()}` },
  });
  expect(requested.ok(), await requested.text()).toBeTruthy();
  const requestId = (await requested.json()).id as number;
  await translatorContext.close();

  await signInAs(page, 'finance', false);
  await page.goto('/convert');
  await expect(page.getByRole('table', { name: 'Payout requests' })).toBeVisible({ timeout: 45_000 });
  // every status, to see the row once it is processing
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
  await page.getByLabel('E-mail or translator id').fill(account.email);
  const row = page.getByTestId(`convert-${requestId}`);
  await expect(row.locator('[data-status]')).toHaveText('Pending');
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Pay out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay out' });
  await dialog.getByLabel('Type payout to confirm').fill('payout');
  const calls = watchCalls(page, '/adminService/payout_update');
  await dialog.getByRole('button', { name: 'Pay $19.60' }).dblclick();
  await expect(page.getByText('Sent 1 payout of $19.60 to the provider.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.locator('[data-status]')).toHaveText('Processing');
  await expect.poll(() => calls.answered).toBe(calls.sent);
  expect(calls.sent).toBe(1);
  await expect(page.getByText(NOTHING_PENDING)).toHaveCount(0);
});
