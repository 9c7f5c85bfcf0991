import type { Browser, Page } from '@playwright/test';
import { type Account, expect, expectAccessible, shotPage, signInAs, signInWith, test, uniqueName } from './fixtures';
import { newTeamChat, sendChatMessage } from './fixtures-chat';
import { addToMyTeam } from './fixtures-projects';

// Team chat screens (spec 3): the first-visit onboarding tour, the jump-to-unread chip, the
// emoji picker (loaded only when opened), global search opening a message at its page, the header
// badge, and the admin's view of a customer's chats. Each test has a new customer and a new
// translator of their My Team; the admin is the demo admin. Screenshots at 1280 and 375 px (E2E_SCREENSHOTS).

const badge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Team chat/ });

/** The header badge's count, read from its accessible name ('Team chat, 3 unread'). */
async function badgeCount(page: Page): Promise<number> {
  const name = (await badge(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

/** A chat call made in the page with the user's bearer token (to set up data quickly). */
async function chatApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = (await fetch('/api/2/auth/token').then((r) => r.json())) as {
        results: { jwt: { access_token: string } };
      };
      const res = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${token.results.jwt.access_token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** A customer and a translator of their My Team, both new, with names of their own. */
async function team(newAccount: (o?: { type?: 'client' | 'translator'; name?: string }) => Promise<Account>) {
  const [customer, translator] = await Promise.all([
    newAccount({ name: uniqueName('Casey') }),
    newAccount({ type: 'translator', name: uniqueName('Tomas') }),
  ]);
  await addToMyTeam(customer.api, translator.id);
  return { customer, translator };
}

/** A browser of its own signed in as `who`: an account the test made, or the demo admin. */
async function newUser(browser: Browser, who: Account | 'admin', width = 1280, height = 800, hasTouch = false) {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch });
  const page = await context.newPage();
  if (who === 'admin') await signInAs(page, 'admin', false);
  else await signInWith(page, who);
  return { context, page };
}

/** Opens the chat page; a first visit shows the tour, which a returning user has skipped. */
async function openChatPage(page: Page, path = '/blend-talk/chat/') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Team Chat', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
}

/** The customer makes a team group with the translator of their My Team and posts `texts` into it. */
async function groupWith(customer: Account, member: Account, title: string, texts: string[]): Promise<number> {
  const chatId = await newTeamChat(customer.api, title, [member.id]);
  for (const text of texts) await sendChatMessage(customer.api, chatId, text);
  return chatId;
}

const unique = () => Math.random().toString(36).slice(2, 8);

test('the onboarding tour: 7 steps for a customer, 6 for a translator, shown once', async ({ browser, newAccount }) => {
  test.setTimeout(120_000);
  const people = await team(newAccount);
  const launch = `Website launch ${unique()}`;
  await groupWith(people.customer, people.translator, launch, ['Kick-off on Monday']);
  const { context, page: customer } = await newUser(browser, people.customer);
  await customer.goto('/blend-talk/chat/');
  const tour = customer.getByRole('alertdialog');
  await expect(tour.getByRole('heading', { name: 'Welcome to Team Chat' })).toBeVisible({ timeout: 30_000 });
  await expect(tour).toContainText('Step 1 of 7');
  await expect(tour).toBeInViewport();
  await expectAccessible(customer);
  await shotPage(customer, 'chat-tour-1280');
  for (let step = 2; step <= 7; step += 1) {
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour).toContainText(`Step ${step} of 7`);
  }
  await expect(tour.getByRole('heading', { name: 'Never miss a message' })).toBeVisible();
  await expect(tour.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(tour.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await tour.getByRole('button', { name: 'Start chatting' }).click();
  await expect(customer.getByRole('heading', { name: 'Never miss a message' })).toHaveCount(0);
  // remembered: not shown again
  await customer.reload();
  await expect(customer.getByRole('heading', { name: 'Team Chat', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(customer.getByRole('button', { name: new RegExp(`^${launch}`) })).toBeVisible();
  await expect(customer.getByRole('heading', { name: 'Welcome to Team Chat' })).toHaveCount(0);
  await context.close();

  // a translator on a phone: 6 steps (no group creation); Escape skips it for good
  const { context: tc, page: translator } = await newUser(browser, people.translator, 375, 740);
  await translator.goto('/blend-talk/chat/');
  await expect(translator.getByRole('heading', { name: 'Welcome to Team Chat' })).toBeVisible({ timeout: 30_000 });
  await expect(translator.getByText('Step 1 of 6')).toBeVisible();
  // the card has the focus, and the page behind it takes no clicks
  await expect(translator.getByRole('button', { name: 'Next' })).toBeFocused();
  const row = await translator.locator('[data-tour="chat-row"]').first().boundingBox();
  if (!row) throw new Error('no chat row on the page');
  await translator.mouse.click(row.x + 40, row.y + row.height / 2);
  await expect(translator).toHaveURL(/\/blend-talk\/chat\/?$/);
  await expect(translator.getByText('Step 1 of 6')).toBeVisible();
  await translator.getByRole('button', { name: 'Next' }).click();
  await expect(translator.getByText('Step 2 of 6')).toBeVisible();
  // the tooltip points at the first chat row
  await expect(translator.getByRole('alertdialog', { name: 'Your chats' })).toBeInViewport();
  await shotPage(translator, 'chat-tour-375');
  await translator.keyboard.press('Escape');
  await expect(translator.getByText('Step 2 of 6')).toHaveCount(0);
  await translator.reload();
  await expect(translator.getByRole('heading', { name: 'Team Chat', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(
    translator.getByRole('button', { name: new RegExp(`^${people.customer.name}: ${launch}`) }),
  ).toBeVisible();
  await expect(translator.getByRole('heading', { name: 'Welcome to Team Chat' })).toHaveCount(0);
  await tc.close();
});

test('a reader who scrolled up gets a jump-to-unread chip; the badge counts and clears', async ({
  browser,
  newAccount,
}) => {
  test.setTimeout(150_000);
  const people = await team(newAccount);
  const title = `Unread check ${unique()}`;
  const filler = Array.from({ length: 20 }, (_, i) => `Earlier note ${i + 1}`);
  const chatId = await groupWith(people.customer, people.translator, title, filler);
  const { context: tc, page: translator } = await newUser(browser, people.translator, 1280, 640);

  await openChatPage(translator);
  const row = translator.getByRole('button', { name: new RegExp(`^${people.customer.name}: ${title}`) });
  await row.click();
  await expect(translator).toHaveURL(new RegExp(`/blend-talk/chat/${chatId}$`));
  const log = translator.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Earlier note 20')).toBeVisible();
  // opened at the bottom: read, so this chat no longer counts on the badge
  await expect(row).toHaveAccessibleName(`${people.customer.name}: ${title}`);
  const before = await badgeCount(translator);

  // the translator scrolls up to the start of the chat; two messages arrive
  await log.hover();
  await expect(async () => {
    await translator.mouse.wheel(0, -4000);
    expect(await log.evaluate((el) => el.scrollTop)).toBe(0);
  }).toPass();
  await sendChatMessage(people.customer.api, chatId, 'Unread one');
  await sendChatMessage(people.customer.api, chatId, 'Unread two');
  const chip = translator.getByRole('button', { name: '2 unread messages' });
  await expect(chip).toBeVisible();
  await expect(badge(translator)).toHaveAccessibleName(`Team chat, ${before + 2} unread`);
  await expect(translator.getByText('Unread one')).not.toBeInViewport();
  await expectAccessible(translator);
  await shotPage(translator, 'chat-unread-chip-1280');

  await chip.click();
  await expect(translator.getByText('Unread one')).toBeInViewport();
  await expect(chip).toHaveCount(0);
  await expect(badge(translator)).toHaveAccessibleName(before === 0 ? 'Team chat' : `Team chat, ${before} unread`);

  // on a phone: the same chip above the composer
  await translator.setViewportSize({ width: 375, height: 640 });
  await expect(async () => {
    await log.hover();
    await translator.mouse.wheel(0, -4000);
    expect(await log.evaluate((el) => el.scrollTop)).toBe(0);
  }).toPass();
  await sendChatMessage(people.customer.api, chatId, 'Unread three');
  await expect(translator.getByRole('button', { name: '1 unread message', exact: true })).toBeVisible();
  await shotPage(translator, 'chat-unread-chip-375');
  await translator.getByRole('button', { name: '1 unread message', exact: true }).click();
  await expect(translator.getByText('Unread three')).toBeInViewport();
  await expect(badge(translator)).toHaveAccessibleName(before === 0 ? 'Team chat' : `Team chat, ${before} unread`);
  await tc.close();
});

test('the emoji picker loads when first opened and puts the emoji into the message', async ({
  browser,
  newAccount,
}) => {
  test.setTimeout(120_000);
  const people = await team(newAccount);
  const { context, page: customer } = await newUser(browser, people.customer, 1280, 800, true);
  const scripts: string[] = [];
  customer.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url());
  });
  const title = `Emoji check ${unique()}`;
  const chatId = await groupWith(people.customer, people.translator, title, ['Ready when you are']);
  await openChatPage(customer, `/blend-talk/chat/${chatId}`);
  const composer = customer.getByRole('textbox', { name: 'Message', exact: true });
  await expect(composer).toBeEnabled();
  expect(scripts.filter((u) => /EmojiPicker/.test(u))).toEqual([]);

  await composer.fill('Looks great ');
  await customer.getByRole('button', { name: 'Insert emoji' }).click();
  const picker = customer.getByRole('dialog', { name: 'Emoji picker' });
  await picker.getByPlaceholder('Search').fill('thumbs up');
  await picker.getByRole('button', { name: '👍' }).first().click();
  await expect(picker).toHaveCount(0);
  expect(scripts.filter((u) => /EmojiPicker/.test(u))).toHaveLength(1);
  await expect(composer).toHaveValue('Looks great 👍');
  await composer.press('Enter');
  await expect(customer.getByTestId('chat-message').filter({ hasText: 'Looks great 👍' })).toBeVisible();

  await customer.getByRole('button', { name: 'Insert emoji' }).click();
  await expect(picker.getByPlaceholder('Search')).toBeVisible();
  await shotPage(customer, 'chat-emoji-1280');
  await customer.setViewportSize({ width: 375, height: 740 });
  await shotPage(customer, 'chat-emoji-375');
  await customer.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);

  // a double tap (two taps within 400 ms) on a message opens its actions
  const sent = customer.getByTestId('chat-message').filter({ hasText: 'Looks great 👍' });
  await sent.evaluate((el) => {
    for (let i = 0; i < 2; i += 1) el.dispatchEvent(new TouchEvent('touchend', { bubbles: true, cancelable: true }));
  });
  await expect(customer.getByRole('menuitem', { name: 'Reply' })).toBeVisible();
  await customer.keyboard.press('Escape');
  await context.close();
});

test('global search opens an older message at its page; the query clears after the jump', async ({
  browser,
  newAccount,
}) => {
  test.setTimeout(150_000);
  const people = await team(newAccount);
  const { context, page: customer } = await newUser(browser, people.customer);
  const word = `zephyr${unique().replace(/\d/g, 'q')}`;
  const title = `Search check ${unique()}`;
  // 35 messages: the first is on page 2 (30 a page, newest first)
  const texts = [`The ${word} brief is attached`, ...Array.from({ length: 34 }, (_, i) => `Later update ${i + 1}`)];
  const chatId = await groupWith(people.customer, people.translator, title, texts);
  await openChatPage(customer);

  await customer.getByLabel('Search all chats').fill(word);
  const results = customer.getByLabel('Search results');
  await expect(results.getByText('Messages')).toBeVisible();
  await expectAccessible(customer);
  await shotPage(customer, 'chat-search-1280');
  await results.getByRole('button', { name: new RegExp(`${word} brief`) }).click();
  await expect(customer).toHaveURL(new RegExp(`/blend-talk/chat/${chatId}\\?message=\\d+&page=2$`));
  const found = customer.getByTestId('chat-message').filter({ hasText: `The ${word} brief is attached` });
  await expect(found).toBeInViewport();
  // the jump query is cleared about 2 s later; the message stays on screen
  await expect(customer).toHaveURL(new RegExp(`/blend-talk/chat/${chatId}$`));
  await expect(found).toBeVisible();

  // a reply's quote jumps back to the message it answers, at its page
  const older = await chatApi<{ data: { id: number; text: string }[] }>(
    customer,
    'GET',
    `/chat/api/chats/${chatId}/messages?page=2`,
  );
  const original = older.data.find((m) => m.text.includes(word));
  await chatApi(customer, 'POST', '/chat/api/reply-messages', {
    text: 'Following up on the brief',
    chat: { id: chatId },
    message: { id: original?.id },
  });
  const reply = customer.getByTestId('chat-message').filter({ hasText: 'Following up on the brief' });
  const answered = customer.locator(`#message-${original?.id}`);
  await reply.scrollIntoViewIfNeeded();
  await expect(answered).not.toBeInViewport();
  await reply.getByRole('button', { name: `Go to the message of ${people.customer.name} this replies to` }).click();
  await expect(customer).toHaveURL(new RegExp(`/blend-talk/chat/${chatId}\\?message=${original?.id}&page=2$`));
  await expect(answered).toBeInViewport();

  // on a phone the search replaces the list, and a result opens the chat body
  await customer.setViewportSize({ width: 375, height: 740 });
  await customer.getByRole('button', { name: 'Back' }).click();
  await customer.getByLabel('Search all chats').fill(word);
  await expect(customer.getByLabel('Search results').getByText('Messages')).toBeVisible();
  await shotPage(customer, 'chat-search-375');
  await context.close();
});

test('in-chat search shows a page of matches, then more, and opens the oldest at its page', async ({
  browser,
  newAccount,
}) => {
  test.setTimeout(150_000);
  const people = await team(newAccount);
  const word = `quorum${unique().replace(/\d/g, 'k')}`;
  // 35 matches with a line between each: 30 on the first page, 5 more after "More results"
  const texts = Array.from({ length: 35 }, (_, i) => [`The ${word} note ${i + 1}`, `Filler ${i + 1}`]).flat();
  const chatId = await groupWith(people.customer, people.translator, `Paged search ${unique()}`, texts);
  const { context, page: customer } = await newUser(browser, people.customer);
  await openChatPage(customer, `/blend-talk/chat/${chatId}`);
  await customer.getByRole('button', { name: 'Search in chat' }).click();
  await customer.getByLabel('Search in this chat').fill(word);
  const panel = customer.getByRole('complementary', { name: 'Search in chat' });
  const results = panel.getByText(new RegExp(`The ${word} note \\d+`));
  await expect(results).toHaveCount(30);
  await expectAccessible(customer);
  await shotPage(customer, 'chat-in-chat-search');
  await panel.getByRole('button', { name: 'More results' }).click();
  await expect(results).toHaveCount(35);
  await expect(panel.getByRole('button', { name: 'More results' })).toHaveCount(0);
  // the oldest match is on history page 3 (70 messages, 30 a page, newest first): the jump loads it
  const oldest = customer
    .getByTestId('chat-message')
    .filter({ hasText: `The ${word} note 1` })
    .filter({ hasNotText: /note 1\d/ });
  await expect(oldest).toHaveCount(0);
  await panel.getByText(`The ${word} note 1`, { exact: true }).click();
  await expect(oldest).toBeInViewport();
  await context.close();
});

test('an admin looks a customer up by external id and creates a group on their behalf', async ({
  browser,
  newAccount,
}) => {
  test.setTimeout(150_000);
  const people = await team(newAccount);
  const launch = `Website launch ${unique()}`;
  await groupWith(people.customer, people.translator, launch, ['Kick-off on Monday']);
  const { context: cc, page: customer } = await newUser(browser, people.customer);
  await customer.goto('/');
  const me = await chatApi<{ id: number; name: string }>(customer, 'GET', '/chat/api/current-user');
  const undoChat = `Undo check ${unique()}`;
  await groupWith(people.customer, people.translator, undoChat, ['Temporary note']);
  const { context: ac, page: admin } = await newUser(browser, 'admin');

  // the admin finds the look-up from the admin area's tabs
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Team chat' }).click({ timeout: 30_000 });
  await expect(admin).toHaveURL(/\/admin\/blend-talk$/);
  await expect(admin.getByRole('heading', { name: 'Team chat of a customer' })).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByRole('button', { name: 'Look up' })).toBeDisabled();
  await admin.getByLabel('External ids').fill('999999');
  await admin.getByRole('button', { name: 'Look up' }).click();
  await expect(admin.getByText('No customer has the id 999999.')).toBeVisible();
  await admin.getByLabel('External ids').fill(`${me.id}, 999999`);
  await admin.getByRole('button', { name: 'Look up' }).click();
  const found = admin.getByRole('list', { name: 'Customers found' });
  await expect(found.getByText(me.name)).toBeVisible();
  await expect(found.getByText(`External id ${me.id}`)).toBeVisible();
  await expectAccessible(admin);
  await shotPage(admin, 'admin-chat-lookup-1280');

  await found.getByRole('button', { name: `Open chats of ${me.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Chats of ${me.name}` });
  await expect(dialog).toBeVisible();
  await expect(admin).toHaveURL(new RegExp(`/admin/blend-talk/user/${me.id}/chat/$`));
  await expect(dialog.getByRole('button', { name: new RegExp(`^${launch}`) })).toBeVisible();
  // no tour for admins; no sidebar on the admin chat
  await expect(admin.getByRole('heading', { name: 'Welcome to Team Chat' })).toHaveCount(0);

  // a team group on the customer's behalf: it is selected and stays in the dialog
  const title = `On behalf ${unique()}`;
  await dialog.getByRole('button', { name: 'Add chat' }).click();
  await admin.getByRole('menuitem', { name: 'Team group' }).click();
  await dialog.getByRole('checkbox', { name: new RegExp(people.translator.name) }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Team name').fill(title);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(admin).toHaveURL(new RegExp(`/admin/blend-talk/user/${me.id}/chat/\\d+$`));
  await expect(dialog).toBeVisible();

  await expectAccessible(admin);
  await shotPage(admin, 'admin-chat-dialog-1280');

  // the admin deletes a message: a line with its time and Undo, which restores it
  await dialog.getByRole('button', { name: new RegExp(`^${undoChat}`) }).click();
  const note = dialog.getByTestId('chat-message').filter({ hasText: 'Temporary note' });
  await note.getByRole('button', { name: 'Message actions' }).click();
  await admin.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(note).toHaveCount(0);
  await expect(dialog.getByText(/^Message deleted · /)).toBeVisible();
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: `Undo deleting the message of ${people.customer.name}` }).click();
  await expect(note).toBeVisible();
  await admin.setViewportSize({ width: 375, height: 740 });
  await shotPage(admin, 'admin-chat-dialog-375');

  // the customer owns the new group
  const list = await chatApi<{ data: { title: string; owner: { id: number } }[] }>(customer, 'GET', '/chat/api/chats');
  expect(list.data.find((c) => c.title === title)?.owner.id).toBe(me.id);

  // closing returns to the look-up page
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(admin).toHaveURL(/\/admin\/blend-talk$/);
  await expect(admin.getByRole('heading', { name: 'Team chat of a customer' })).toBeVisible();
  await shotPage(admin, 'admin-chat-lookup-375');

  // without the navigation state the address is a page of its own, without the sidebar
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto(`/admin/blend-talk/user/${me.id}/chat/`);
  await expect(admin.getByRole('button', { name: new RegExp(`^${launch}`) })).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByRole('dialog')).toHaveCount(0);
  await expect(admin.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
  await cc.close();
  await ac.close();
});

test('while the chat list loads, rows stand in for it, not "No chats yet"', async ({ browser, newAccount }) => {
  const { customer } = await team(newAccount);
  const { context, page } = await newUser(browser, customer);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/chat/api/chats*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/blend-talk/chat/');
  const chats = page.getByRole('navigation', { name: 'Chats' });
  await expect(chats.getByLabel('Loading chats')).toHaveAttribute('aria-busy', 'true');
  await expect(chats.getByText(/No chats yet/)).toHaveCount(0);
  // nor does the open panel say there is nobody to chat with
  await expect(page.getByText('Add translators to My Team to start chatting.')).toHaveCount(0);
  await expect(page.getByText('Select a chat to start messaging')).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'chat-list-loading');
  release();
  await expect(chats.getByLabel('Loading chats')).toHaveCount(0);
  await expect(chats.getByRole('listitem').first()).toBeVisible();
  await expect(chats.getByText(/No chats yet/)).toHaveCount(0);
  await context.close();
});
