import { expect, NEW_PASSWORD, test, uniqueEmail, shotPage } from './fixtures';
import { adminApi, mailTo, pickLanguage, signUpCustomer } from './ordering-helpers';

// Finish later (spec 1 section 7, POST /api/2/po/finish-later): the wizard mails a link; the link,
// read from the admin outbox, opens the same order in another browser at the step it was left on,
// with everything chosen so far.

const SUBJECT = 'Your Parlance order is saved';
const TEXT = 'Seven words are in this pasted sentence.';

function resumeLinkOf(text: string): string {
  const link = text.match(/https?:\/\/\S+\/wizard\?pid=[^\s&]+&resume=\S+/)?.[0];
  expect(link, `a resume link in: ${text}`).toBeTruthy();
  return link as string;
}

test('a customer finishes later and resumes on another device at the same step', async ({ page, browser }) => {
  const email = await signUpCustomer(page, 'Fiona Later');
  await page.goto('/wizard');
  await page.waitForURL(/\/wizard\?pid=[A-Za-z0-9_-]{24}$/);
  const pid = new URL(page.url()).searchParams.get('pid') ?? '';

  await page.getByRole('button', { name: 'Paste text' }).click();
  await page.getByLabel('Your text').fill(TEXT);
  await page.getByRole('button', { name: 'Count words' }).click();
  await expect(page.getByTestId('word-count')).toHaveText('7');
  await page.getByRole('button', { name: 'Next' }).click();
  await pickLanguage(page, 'Translate from', 'American English');
  await pickLanguage(page, 'Translate to', 'German');
  await pickLanguage(page, 'Translate to', 'Italian');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'What is your content about?' })).toBeVisible();

  // on the expertise step: finish later, to the account's own address (filled in)
  await page.getByRole('button', { name: 'Finish later' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finish later' });
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(`We sent a link to ${email}. Open it to continue your order.`)).toBeVisible();

  const admin = await adminApi(browser);
  const mail = await mailTo(admin.request, email, SUBJECT);
  await admin.close();
  const link = resumeLinkOf(mail.text);
  expect(new URL(link).searchParams.get('pid')).toBe(pid);

  // another device: the order is the customer's, so the link asks to sign in first, then resumes
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await page2.goto(link);
  await page2.waitForURL((url) => url.pathname === '/auth');
  await page2.getByLabel('Email', { exact: true }).fill(email);
  await page2.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page2.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page2.waitForURL(new RegExp(`/wizard\\?pid=${pid}$`));
  await expect(page2.getByRole('heading', { name: 'What is your content about?' })).toBeVisible();
  await shotPage(page2, `finish-later-resumed`);

  // the steps before hold what was chosen on the first device
  await page2.getByRole('button', { name: 'Back' }).click();
  await expect(page2.getByRole('combobox', { name: 'Translate from' })).toHaveValue('American English');
  await expect(page2.getByRole('button', { name: 'German' })).toBeVisible();
  await expect(page2.getByRole('button', { name: 'Italian' })).toBeVisible();
  await page2.getByRole('button', { name: 'Back' }).click();
  await expect(page2.getByTestId('word-count')).toHaveText('7');
  await expect(page2.getByLabel('Your text')).toHaveValue(TEXT);
  await other.close();
});

test("a guest's finish-later link moves the order to the browser that opens it", async ({ page, browser }) => {
  const email = uniqueEmail('guest');
  await page.goto('/wizard/2/entry');
  await page.waitForURL(/\/wizard\?pid=[A-Za-z0-9_-]{24}$/);
  const pid = new URL(page.url()).searchParams.get('pid') ?? '';
  await page.getByRole('button', { name: 'Paste text' }).click();
  await page.getByLabel('Your text').fill(TEXT);
  await page.getByRole('button', { name: 'Count words' }).click();
  await expect(page.getByTestId('word-count')).toHaveText('7');
  await page.getByRole('button', { name: 'Next' }).click();
  await pickLanguage(page, 'Translate from', 'American English');
  await pickLanguage(page, 'Translate to', 'French');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Legal' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /^Brief your translator/ })).toBeVisible();

  await page.getByRole('button', { name: 'Finish later' }).click();
  const dialog = page.getByRole('dialog', { name: 'Finish later' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(dialog).toBeHidden();

  const admin = await adminApi(browser);
  const link = resumeLinkOf((await mailTo(admin.request, email, SUBJECT)).text);
  await admin.close();

  // a new browser without any cookie of this order: the link is the proof
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await page2.goto(link);
  await page2.waitForURL(new RegExp(`/wizard\\?pid=${pid}$`));
  await expect(page2.getByRole('heading', { name: /^Brief your translator/ })).toBeVisible();
  await page2.getByRole('button', { name: 'Back' }).click();
  await expect(page2.getByRole('radio', { name: 'Legal' })).toBeChecked();
  const saved = await page2.request.get(`/registry/get?data=PurchaseOrder&pid=${pid}`);
  expect(saved.ok()).toBeTruthy();
  expect((await saved.json()).results).toMatchObject({
    wordCount: 7,
    source_language: 'american-english',
    target_languages: ['french'],
    expertise: 'legal',
  });
  await other.close();
});
