import { randomBytes } from 'node:crypto';
import { expect, expectAccessible, shotPage, signInWith, signOut, test, signInAs } from './fixtures';
import { makeProject, postProjectMessage } from './fixtures-projects';

// Moderation (spec 2 section 7): the demo moderator approves a translator's held message in the
// moderation table and the customer then sees it in the project discussion; the vocabulary: a
// moderator adds a banned word, a duplicate word or language gets the spec's text, and a new
// language shows the empty text. The held message is in a project of the test's own (a new customer's,
// taken by a new translator); the new word and language have names no other test uses.

/** Lower-case letters no other test uses, for a word or a language name. */
const letters = () =>
  randomBytes(5)
    .toString('hex')
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)] as string);

const HELD = `Could you call me on +1 (415) 555-0134? (${Date.now() % 100000})`;

test.describe.configure({ timeout: 180_000 });

test('a moderator approves the held message and the customer sees it in the discussion', async ({
  page,
  newAccount,
}) => {
  const [casey, tomas] = await Promise.all([
    newAccount({ credits: 20_000 }),
    newAccount({ type: 'translator', pair: ['american-english', 'french'] }),
  ]);
  const project = await makeProject(casey, tomas, { stage: 'taken' });
  await postProjectMessage(tomas.api, project.id, HELD);
  await signInAs(page, 'moderator', false);
  await page.goto('/admin/moderation');
  await expect(page.getByRole('tab', { name: 'Moderation' })).toBeVisible({ timeout: 45_000 });
  const table = page.getByRole('table', { name: 'Messages on moderation' });
  // the demo's decided messages show their status
  await expect(table).toContainText('Approved');
  await expect(table).toContainText('Declined');
  // the project's held post, found by the project's name
  await page.getByLabel('Search').fill(project.name);
  await expect(table.getByRole('row').filter({ hasNotText: project.name })).toHaveCount(1); // the header
  const pending = table.getByRole('row').filter({ hasText: 'Pending' }).filter({ hasText: 'Phone number' });
  await expect(pending).toHaveCount(1);
  await expectAccessible(page);
  await shotPage(page, 'moderation-table');

  await pending.getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: 'Message on moderation' });
  await expect(dialog).toContainText(HELD);
  await expect(dialog).toContainText('Phone number');
  await expectAccessible(page);
  await shotPage(page, 'moderation-detail');
  const link = await dialog.getByRole('link', { name: 'Open the message in the project' }).getAttribute('href');
  expect(link).toMatch(/^\/project\/\d+/);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeDisabled();
  // the decision is final: declining it now is not offered
  await expect(dialog.getByRole('button', { name: 'Decline' })).toBeDisabled();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Approved' })).toHaveCount(1);
  expect(link).toMatch(new RegExp(`^/project/${project.id}(#|$)`));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(pending).toHaveCount(0);

  await signOut(page);
  await signInWith(page, casey);
  await page.goto(link as string);
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(HELD, { timeout: 30_000 });
});

test('a moderator adds a banned word; duplicates get the spec texts', async ({ page }) => {
  await signInAs(page, 'moderator', false);
  await page.goto('/admin/vocabulary');
  const languages = page.getByRole('list', { name: 'Languages' });
  await expect(languages).toContainText('German', { timeout: 45_000 });
  await languages.getByRole('button', { name: /German/ }).click();
  const words = page.getByRole('list', { name: 'Words of German' });
  await expect(words).toContainText('Betrug');

  const word = `schwindel${letters()}`;
  await page.getByLabel('New word').fill(word);
  await page.getByRole('button', { name: 'Add', exact: true }).last().click();
  await expect(words).toContainText(word);

  await page.getByLabel('New word').fill('betrug');
  await page.getByRole('button', { name: 'Add', exact: true }).last().click();
  await expect(page.getByText('A word with this name has already been created')).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'vocabulary');

  await page.getByLabel('New language').fill('english');
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  await expect(page.getByText('A language with this name has already been created')).toBeVisible();

  const language = `Portuguese${letters()}`;
  await page.getByLabel('New language').fill(language);
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: language })).toBeVisible();
  await expect(page.getByText('There are no words added for this language yet')).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'vocabulary-empty');
});
