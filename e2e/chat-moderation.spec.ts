import type { Page } from '@playwright/test';
import { expect, expectAccessible, shotPage, signInAs, signInWith, test, uniqueName } from './fixtures';
import { newTeamChat, sendChatMessage } from './fixtures-chat';
import { addToMyTeam } from './fixtures-projects';

// Team chat moderation (spec 3 sections 4 and 8): the translator posts an e-mail address in
// a new customer's team group with the translator and the admin; it is 'The message is under moderation' for the translator, the customer does
// not see it, the admin sees it and approves it from the message menu, and it appears live for the
// customer. The admin then deletes it and takes it back with Undo. Screenshots with E2E_SCREENSHOTS.

async function openGroup(page: Page, chatId: number, firstVisit: 'tour' | 'no tour') {
  await page.goto(`/blend-talk/chat/${chatId}`);
  // exact: the first visit's tour has a heading 'Welcome to Team Chat' too
  await expect(page.getByRole('heading', { name: 'Team Chat', exact: true })).toBeVisible({ timeout: 30_000 });
  // a customer's or translator's first visit starts with the onboarding tour (chat-ui.spec.ts walks it)
  if (firstVisit === 'tour') {
    await page.getByRole('button', { name: 'Skip' }).click({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  }
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
}

test('a held chat message is seen by its author and the admin only, until the admin approves it', async ({
  browser,
  newAccount,
  adminApi,
}) => {
  test.setTimeout(180_000);
  // a new customer's team group with a new translator of their My Team and the demo admin
  const [casey, tomas] = await Promise.all([
    newAccount({ name: uniqueName('Casey') }),
    newAccount({ type: 'translator', name: uniqueName('Tomas') }),
  ]);
  await addToMyTeam(casey.api, tomas.id);
  const me = await adminApi.get('/registry/get?data=User');
  const adminId = ((await me.json()) as { results: { id: number } }).results.id;
  const chatId = await newTeamChat(casey.api, `My Team ${Date.now() % 100000}`, [tomas.id, adminId]);
  // a message everyone sees, so that a loaded chat is told from an empty one
  await sendChatMessage(casey.api, chatId, 'Welcome to the team.');
  const contexts = await Promise.all(
    [0, 1, 2].map(() => browser.newContext({ viewport: { width: 1280, height: 800 } })),
  );
  const [customer, translator, admin] = await Promise.all(contexts.map((c) => c.newPage()));
  const errors: string[] = [];
  for (const p of [customer, translator, admin]) p.on('pageerror', (e) => errors.push(e.message));
  await signInWith(customer, casey);
  await signInWith(translator, tomas);
  await signInAs(admin, 'admin', false);
  await openGroup(customer, chatId, 'tour');
  await openGroup(translator, chatId, 'tour');
  await openGroup(admin, chatId, 'no tour');

  const text = `Quicker by mail: tomas.direct${Date.now() % 10000}@example.com`;
  const composer = translator.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill(text);
  await composer.press('Enter');

  // the author sees it on moderation
  const own = translator.getByTestId('chat-message').filter({ hasText: text });
  await expect(own).toContainText('The message is under moderation');

  // the admin sees it live, on moderation, with Approve and Decline in its menu
  const held = admin.getByTestId('chat-message').filter({ hasText: text });
  await expect(held).toContainText('The message is under moderation');
  // the customer, in the same chat, does not (the admin's copy arrived, so the customer's was sent if any)
  const customersCopy = customer.getByTestId('chat-message').filter({ hasText: text });
  await expect(customersCopy).toHaveCount(0);
  await customer.reload();
  // a whole page load of three signed-in pages' worth of chat on a busy two-core machine
  await expect(customer.getByTestId('chat-message').first()).toBeVisible({ timeout: 30_000 });
  await expect(customersCopy).toHaveCount(0);
  await expectAccessible(admin);
  await shotPage(admin, 'chat-moderation-admin-1280');

  await held.getByRole('button', { name: 'Message actions' }).click();
  await expect(admin.getByRole('menuitem', { name: 'Decline' })).toBeVisible();
  await admin.getByRole('menuitem', { name: 'Approve' }).click();
  await expect(held).not.toContainText('The message is under moderation');

  // it appears live for the customer, and the author's copy loses the moderation line
  await expect(customersCopy).toBeVisible();
  await expect(customersCopy).not.toContainText('The message is under moderation');
  await expect(own).not.toContainText('The message is under moderation');

  // the admin deletes it and takes it back with Undo
  const heldId = await held.getAttribute('id');
  expect(heldId).toMatch(/^message-\d+$/);
  const slot = admin.locator(`[id="${heldId}"]`);
  await held.getByRole('button', { name: 'Message actions' }).click();
  await admin.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(slot).toContainText('Message deleted');
  await expect(slot).not.toContainText(text);
  // members see a placeholder without the text
  await expect(customersCopy).toHaveCount(0);
  await slot.getByRole('button', { name: 'Undo' }).click();
  await expect(slot).toContainText(text);
  await expect(customersCopy).toBeVisible();

  expect(errors).toEqual([]);
  await Promise.all(contexts.map((c) => c.close()));
});
