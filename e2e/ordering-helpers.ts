import type { APIRequestContext, Browser, Page } from '@playwright/test';
import yazl from 'yazl';
import { csrfHeaders, DEMO, expect, NEW_PASSWORD, uniqueEmail } from './fixtures';

// What the ordering journeys share (e2e/ordering-*.spec.ts): a real .docx made in the test, the
// wizard's pickers, a new customer, the sandbox checkout and the admin's API calls.

export const APPROVES = '4242 4242 4242 4242';
export const NEEDS_CONFIRMATION = '4000 0025 0000 3155';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';

const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

const escapeXml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A Word document (a zip of three parts) whose body is these paragraphs. */
export function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`).join('');
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    `<w:body>${body}</w:body></w:document>`;
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(RELS), '_rels/.rels');
  zip.addBuffer(Buffer.from(document), 'word/document.xml');
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

export async function pickLanguage(page: Page, label: string, name: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

/**
 * Walks a new order through the wizard's screens as a customer does: pastes `text` (counted as
 * `words`), American English to `target`, the `expertise`, the project `name`, and stops on the
 * plans step.
 */
export async function orderPastedTextToPlans(
  page: Page,
  order: { text: string; words: number; target: string; expertise: string; name: string },
): Promise<void> {
  await page.goto('/wizard');
  await page.waitForURL(/\/wizard\?pid=/);
  await page.getByRole('button', { name: 'Paste text' }).click();
  await page.getByLabel('Your text').fill(order.text);
  await page.getByRole('button', { name: 'Count words' }).click();
  await expect(page.getByTestId('word-count')).toHaveText(String(order.words));
  await page.getByRole('button', { name: 'Next' }).click();
  await pickLanguage(page, 'Translate from', 'American English');
  await pickLanguage(page, 'Translate to', order.target);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: order.expertise }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Project name').fill(order.name);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
}

/** Signs up a new customer through the /auth form; answers the address. */
export async function signUpCustomer(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('order');
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/cpanel');
  return email;
}

export async function balanceOf(page: Page): Promise<number> {
  const res = await page.request.get('/api/2/cart/all');
  expect(res.ok(), `GET /api/2/cart/all answered ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { results: { balanceCredits: number } }).results.balanceCredits;
}

/** On the credits page: Pay by card, then the sandbox's hosted checkout with the given test card. */
export async function payByCard(page: Page, card: string) {
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.waitForURL('**/sandbox/checkout/**');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getUTCFullYear() + 2) % 100}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Demo Customer');
  await page.getByRole('button', { name: /^Pay / }).click();
}

export async function openCreditsPage(page: Page, amount: number) {
  await page.goto(`/payment/quote/?amount=${amount}`);
  await expect(page.getByRole('heading', { name: 'Buy credits' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay by card' })).toBeEnabled();
}

/** An API client signed in as the demo admin (its own cookies, apart from every page). */
export async function adminApi(browser: Browser): Promise<{ request: APIRequestContext; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  return { request: page.request, close: () => context.close() };
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The newest mail of the admin outbox to this address with this subject (waits for it). */
export async function mailTo(admin: APIRequestContext, to: string, subject: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await admin.get('/api/2/admin/outbox?page=1&pageSize=50');
        expect(res.ok(), `GET /api/2/admin/outbox answered ${res.status()}`).toBeTruthy();
        const { data } = (await res.json()) as { data: OutboxMail[] };
        found = data.find((m) => m.to === to && m.subject === subject);
        return found !== undefined;
      },
      { message: `a mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found as OutboxMail;
}

/** Sets a UI feature flag as the admin (POST /api/2/site/ui-feature/config/set). */
export async function setUiFeature(admin: APIRequestContext, uuid: string, status: 0 | 1): Promise<void> {
  const res = await admin.post('/api/2/site/ui-feature/config/set', {
    headers: await csrfHeaders(admin),
    data: { uuid, status, config: { enabled: true } },
  });
  expect(res.ok(), `setting ${uuid} answered ${res.status()} ${await res.text()}`).toBeTruthy();
}
