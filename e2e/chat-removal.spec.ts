import type { APIRequestContext, Page } from '@playwright/test';
import { csrfHeaders, expect, expectAccessible, shotPage, signInAs, test, uniqueName } from './fixtures';

// Removing a chat (ADR 0098): the owner of a team group removes it; the other member, on the chat
// at that moment, sees the lock and the read-only notice appear without a reload and has no
// composer any more; an admin restores it and the member writes again. Two browser contexts (and
// a third for the admin). Screenshots at 1280 and 375 px (E2E_SCREENSHOTS).

async function bearer(api: APIRequestContext): Promise<string> {
  const res = await api.get('/api/2/auth/token');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { results: { jwt: { access_token: string } } }).results.jwt.access_token;
}

/** Opens the chat page on one chat, past the first-visit tour (new accounts always meet it). */
async function openChat(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('button', { name: 'Skip' }).click({ timeout: 30_000 });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

test('the owner removes a team group; the member sees it read-only live; an admin restores it', async ({
  browser,
  newAccount,
}) => {
  test.setTimeout(180_000);
  const owner = await newAccount({ name: 'Rita Owner' });
  const member = await newAccount({ type: 'translator', name: uniqueName('Mark') });
  // the translator joins the customer's My Team, so the customer may put them in a team group
  const added = await owner.api.post('/api/2/account/my-team', {
    headers: await csrfHeaders(owner.api),
    data: { translatorId: member.id },
  });
  expect(added.ok()).toBeTruthy();
  const title = `Launch review ${Date.now() % 100000}`;
  const created = await owner.api.post('/chat/api/chats', {
    headers: { authorization: `Bearer ${await bearer(owner.api)}` },
    data: { title, members: [{ id: member.id }] },
  });
  expect(created.status()).toBe(201);
  const chatId = ((await created.json()) as { chatId: number }).chatId;

  const ownerContext = await browser.newContext({
    storageState: owner.storageState,
    viewport: { width: 1280, height: 800 },
  });
  const memberContext = await browser.newContext({
    storageState: member.storageState,
    viewport: { width: 1280, height: 800 },
  });
  const ownerPage = await ownerContext.newPage();
  const memberPage = await memberContext.newPage();
  const errors: string[] = [];
  for (const p of [ownerPage, memberPage]) p.on('pageerror', (e) => errors.push(e.message));
  await openChat(ownerPage, `/blend-talk/chat/${chatId}`);
  await openChat(memberPage, `/blend-talk/chat/${chatId}`);
  const memberComposer = memberPage.getByRole('textbox', { name: 'Message', exact: true });
  await expect(memberComposer).toBeVisible();
  // the member may not remove it: no button
  await expect(memberPage.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'Remove chat' })).toHaveCount(0);
  await memberComposer.fill('Draft one is in');
  await memberComposer.press('Enter');
  await expect(ownerPage.getByTestId('chat-message').filter({ hasText: 'Draft one is in' })).toBeVisible();

  // the owner removes it, after a confirmation
  await ownerPage.getByRole('button', { name: 'Remove chat' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Remove this chat?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Only an administrator can restore it.');
  await expectAccessible(ownerPage, '[role="dialog"]');
  await shotPage(ownerPage, 'chat-remove-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(memberComposer).toBeVisible();
  await ownerPage.getByRole('button', { name: 'Remove chat' }).click();
  await ownerPage
    .getByRole('dialog', { name: 'Remove this chat?' })
    .getByRole('button', { name: 'Remove chat' })
    .click();
  await expect(ownerPage.getByTestId('chat-removed-notice')).toContainText(
    'This chat was removed, so it is read-only.',
  );
  await expect(ownerPage.getByRole('button', { name: 'Remove chat' })).toHaveCount(0);
  // the owner is not an admin: no Restore
  await expect(ownerPage.getByRole('button', { name: 'Restore chat' })).toHaveCount(0);

  // the member, on the same chat, sees it without reloading: the lock, the notice, no composer
  const notice = memberPage.getByTestId('chat-removed-notice');
  await expect(notice).toContainText('This chat was removed, so it is read-only.');
  await expect(memberComposer).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'Send' })).toHaveCount(0);
  // the lock, named for screen readers, on the chat's header and on its row of the list
  const lock = { name: 'Removed chat' };
  await expect(memberPage.getByRole('heading', { name: new RegExp(title) }).getByRole('img', lock)).toBeVisible();
  await expect(memberPage.getByRole('button', { name: new RegExp(title) }).getByRole('img', lock)).toBeVisible();
  // its history still reads
  await expect(memberPage.getByTestId('chat-message').filter({ hasText: 'Draft one is in' })).toBeVisible();
  await expectAccessible(memberPage);
  await shotPage(memberPage, 'chat-removed-member');

  // an admin restores it from the customer's chats; both members get their composer back, live
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  adminPage.on('pageerror', (e) => errors.push(e.message));
  await signInAs(adminPage, 'admin', false);
  await adminPage.goto(`/admin/blend-talk/user/${owner.id}/chat/${chatId}`);
  const restore = adminPage.getByRole('button', { name: 'Restore chat' });
  await expect(restore).toBeVisible({ timeout: 30_000 });
  await expectAccessible(adminPage);
  await shotPage(adminPage, 'chat-removed-admin');
  await restore.click();
  await expect(adminPage.getByTestId('chat-removed-notice')).toHaveCount(0);
  await expect(memberComposer).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(ownerPage.getByRole('button', { name: 'Remove chat' })).toBeVisible();
  await memberComposer.fill('Back in business');
  await memberComposer.press('Enter');
  await expect(ownerPage.getByTestId('chat-message').filter({ hasText: 'Back in business' })).toBeVisible();

  expect(errors).toEqual([]);
  await Promise.all([ownerContext.close(), memberContext.close(), adminContext.close()]);
});
