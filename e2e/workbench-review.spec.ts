import type { APIRequestContext, Page } from '@playwright/test';
import {
  type Account,
  csrfHeaders,
  type NewAccount,
  expect,
  expectAccessible,
  shotPage,
  signInWith,
  test,
  signInAs,
} from './fixtures';
import { makeProject } from './fixtures-projects';
import { makeDocx } from './ordering-helpers';

// A dispute that points at segments (ADR 0112): the translator delivers a Word file from the
// editor, the customer disputes it ticking the sentence they object to with a comment, the admin
// who resolves it reads that sentence's source, translation and comment, and the translator's
// editor marks the segment.

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PARAGRAPHS = ['Welcome to the annual report.', 'Close the door behind you.', 'Read the notes.'];
const TRANSLATIONS = ['Bienvenue dans le rapport annuel.', 'Ouvrez la fenêtre.', 'Lisez les notes.'];
const COMMENT = 'This says "open the window", not "close the door".';

/** The translator confirms every segment and delivers from the editor, through the API. */
async function deliverFromEditor(api: APIRequestContext, projectId: number): Promise<void> {
  const headers = await csrfHeaders(api);
  const job = await (await api.get(`/api/2/workbench/projects/${projectId}`)).json();
  for (const [i, s] of (job.segments as { id: number; revision: number }[]).entries()) {
    const res = await api.put(`/api/2/workbench/segments/${s.id}`, {
      headers,
      data: { target: TRANSLATIONS[i], status: 'translated', revision: s.revision },
    });
    expect(res.ok(), `save answered ${res.status()}`).toBeTruthy();
  }
  const res = await api.post(`/api/2/workbench/projects/${projectId}/deliver`, {
    headers,
    data: { acceptWarnings: true },
  });
  expect(res.ok(), `deliver answered ${res.status()}`).toBeTruthy();
}

const statusOf = (page: Page) => page.locator('header [data-status]').first();

test('a customer disputes a segment and the admin and the translator see it', async ({ page, browser, newAccount }) => {
  test.setTimeout(180_000);
  const { customer, translator, project } = await deliveredDocxJob(newAccount);

  await signInWith(page, customer);
  await page.goto(`/project/${project.id}`);
  await page.getByRole('group', { name: 'Project actions' }).getByRole('button', { name: 'Dispute' }).click();
  const dispute = page.getByRole('dialog', { name: 'Dispute the translation' });
  await dispute.getByLabel('What is wrong?').fill('The second sentence says something else.');
  const rows = dispute.getByTestId('dispute-segment');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(PARAGRAPHS[1]);
  await expect(rows.nth(1)).toContainText(TRANSLATIONS[1]);
  await rows.nth(1).getByRole('checkbox').check();
  await dispute.getByLabel('What is wrong with segment 2?').fill(COMMENT);
  await expect(dispute).toContainText('1 picked');
  await expectAccessible(page, '[role="dialog"]');
  await shotPage(page, 'dispute-1-pick-segments');
  await dispute.getByRole('button', { name: 'Send dispute' }).click();
  await expect(dispute).toBeHidden();
  await expect(statusOf(page)).toHaveText('Disputed');
  const card = page.getByRole('region', { name: 'Disputed segments' });
  await expect(card.getByTestId('disputed-segment')).toHaveCount(1);
  await expect(card).toContainText(COMMENT);

  const adminPage = await (await browser.newContext()).newPage();
  await signInAs(adminPage, 'admin', false);
  await adminPage.goto(`/project/${project.id}`);
  const adminCard = adminPage.getByRole('region', { name: 'Disputed segments' });
  await expect(adminCard).toContainText(`Source: ${PARAGRAPHS[1]}`);
  await expect(adminCard).toContainText(`Translation: ${TRANSLATIONS[1]}`);
  await adminPage.getByRole('button', { name: 'Resolve dispute' }).click();
  const resolve = adminPage.getByRole('dialog', { name: 'Resolve the dispute' });
  await expect(resolve).toContainText('The customer points at these segments:');
  await expect(resolve.getByTestId('disputed-segment')).toContainText(COMMENT);
  await expectAccessible(adminPage, '[role="dialog"]');
  await shotPage(adminPage, 'dispute-2-resolve');
  await resolve.getByRole('button', { name: 'Cancel' }).click();
  await adminPage.context().close();

  // the translator's editor marks the disputed segment, with the comment
  const translatorPage = await (await browser.newContext({ storageState: translator.storageState })).newPage();
  await translatorPage.goto(`/ui-editor/${project.id}`);
  const second = translatorPage.getByRole('group', { name: 'Segment 2' });
  await expect(second.getByTestId('segment-disputed')).toHaveText('Disputed');
  await expect(second).toContainText(COMMENT);
  await expect(translatorPage.getByRole('group', { name: 'Segment 1' }).getByTestId('segment-disputed')).toHaveCount(0);
  await expectAccessible(translatorPage);
  await shotPage(translatorPage, 'dispute-3-editor');
  await translatorPage.context().close();
});

test('a customer finds a segment in the dispute dialog and disputes one from the side-by-side page', async ({
  page,
  newAccount,
}) => {
  test.setTimeout(180_000);
  const { customer, project } = await deliveredDocxJob(newAccount);

  await signInWith(page, customer);
  await page.goto(`/ui-editor/${project.id}`);
  const second = page.getByRole('group', { name: 'Segment 2' });
  await expect(second).toContainText(TRANSLATIONS[1]);
  await shotPage(page, 'dispute-4-side-by-side');
  await second.getByRole('link', { name: 'Dispute this segment' }).click();
  await page.waitForURL(`**/project/${project.id}`);
  const dispute = page.getByRole('dialog', { name: 'Dispute the translation' });
  const rows = dispute.getByTestId('dispute-segment');
  // the segment comes ticked, ready for its comment
  await expect(dispute).toContainText('1 picked');
  await expect(rows.nth(1).getByRole('checkbox')).toBeChecked();
  await expect(rows.nth(0).getByRole('checkbox')).not.toBeChecked();
  await expect(dispute.getByLabel('What is wrong with segment 2?')).toBeVisible();

  // the find box narrows the list by source or translation
  await dispute.getByLabel('Find a segment').fill('notes');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(PARAGRAPHS[2]);
  await dispute.getByLabel('Find a segment').fill('fenêtre');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(PARAGRAPHS[1]);
  await expect(rows.first().getByRole('checkbox')).toBeChecked();
  await dispute.getByLabel('Find a segment').fill('nothing like this');
  await expect(rows).toHaveCount(0);
  await expect(dispute).toContainText('No segment contains “nothing like this”.');
  await dispute.getByLabel('Find a segment').fill('');
  await expect(rows).toHaveCount(3);
  await expectAccessible(page, '[role="dialog"]');
  await shotPage(page, 'dispute-5-find');

  await dispute.getByLabel('What is wrong?').fill('The second sentence says something else.');
  await dispute.getByLabel('What is wrong with segment 2?').fill(COMMENT);
  await dispute.getByRole('button', { name: 'Send dispute' }).click();
  await expect(dispute).toBeHidden();
  await expect(statusOf(page)).toHaveText('Disputed');
  await expect(page.getByRole('region', { name: 'Disputed segments' })).toContainText(COMMENT);
  // disputed, the side-by-side page offers no more disputes
  await page.goto(`/ui-editor/${project.id}`);
  await expect(page.getByRole('group', { name: 'Segment 2' })).toContainText(TRANSLATIONS[1]);
  await expect(page.getByRole('link', { name: 'Dispute this segment' })).toHaveCount(0);
});

/** A new customer's .docx job, taken by a new translator and delivered from the editor. */
async function deliveredDocxJob(newAccount: (options?: NewAccount) => Promise<Account>) {
  const [customer, translator] = await Promise.all([
    newAccount({ credits: 20_000 }),
    newAccount({ type: 'translator', pair: ['american-english', 'french'] }),
  ]);
  const project = await makeProject(customer, translator, {
    stage: 'taken',
    source: { name: 'notes.docx', mimeType: DOCX, buffer: await makeDocx(PARAGRAPHS) },
  });
  await deliverFromEditor(translator.api, project.id);
  return { customer, translator, project };
}
