import type { Page } from '@playwright/test';
import { csrfHeaders, expect, expectAccessible, signInAs, test, shotPage, signInWith } from './fixtures';

// The message box (spec 2 sections 2 and 4): a new customer gets admin notices, sees the
// unread count in the header, filters the box, marks two messages read in bulk and sees the count
// drop; a notice sent while the box is open arrives without a reload, and one sent while the live
// connection opens is there once it is open.

/** The user's unread count as the shell reads it (the header's chat badge counts team-chat notifications too). */
const mboxUnread = (page: Page, n: number) =>
  expect
    .poll(
      async () => (await (await page.request.get('/registry/get?data=User')).json()).results.statistics.unreadMessages,
    )
    .toBe(n);

test('a customer reads, filters and marks messages read; the header count follows live', async ({
  browser,
  newAccount,
}) => {
  test.setTimeout(120_000);
  const customerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const page = await customerContext.newPage();
  const admin = await adminContext.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await signInWith(page, await newAccount({ name: 'Mia Mailbox' }));
  await page.goto('/cpanel');
  const me = (await (await page.request.get('/registry/get?data=User')).json()).results as { id: number };

  // an empty box first
  await page.goto('/mbox');
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
  await expect(page.getByText('No messages yet')).toBeVisible();
  await shotPage(page, 'mbox-empty');

  await signInAs(admin, 'admin', false);
  const notice = async (subject: string, body: string) => {
    const res = await admin.request.post('/api/2/admin/messages', {
      form: { user_id: me.id, subject, body },
      headers: await csrfHeaders(admin.request),
    });
    expect(res.ok(), `POST /api/2/admin/messages answered ${res.status()}`).toBeTruthy();
  };
  await notice('Invoice address updated', 'Your invoices now go to the new billing address.');
  await notice('Holiday support hours', 'Support answers within 24 hours over the holidays.');
  await notice('New language pairs', 'We now offer Icelandic and Maltese.');

  // the notices arrive while the box is open: the list and the header count follow without a reload
  await expect(page.getByTestId('message-row')).toHaveCount(3);
  await mboxUnread(page, 3);
  await expect(page.getByText('3 unread')).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'mbox');

  // opening a message shows all of it and marks it read
  await page.getByRole('button', { name: /Holiday support hours/ }).click();
  await expect(page.getByText('Support answers within 24 hours over the holidays.')).toBeVisible();
  await mboxUnread(page, 2);

  // bulk: nothing selected says so; the two others selected are marked read at once
  await page.getByRole('button', { name: /^Mark as read/ }).click();
  await expect(page.getByText('Please select at least one item')).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Unread' });
  await expect(page).toHaveURL(/status=unread/);
  await expect(page.getByTestId('message-row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all messages on this page' }).check();
  await page.getByRole('button', { name: 'Mark as read (2)' }).click();
  await expect(page.getByText('Marked as read')).toBeVisible();
  await mboxUnread(page, 0);
  await expect(page.getByText('No messages match these filters')).toBeVisible();

  // a read message stays read: after a reload, the Read filter holds all three
  await page.goto('/mbox?status=read');
  await expect(page.getByTestId('message-row')).toHaveCount(3);
  await expect(page.getByText('All caught up')).toBeVisible();

  // filtering by type: notices only (all three), project starts (none)
  await page.goto('/mbox');
  await page.getByLabel('Type').selectOption({ label: 'Project started' });
  await expect(page.getByText('No messages match these filters')).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/mbox');
  await expect(page.getByTestId('message-row')).toHaveCount(3);
  await expectAccessible(page);
  await shotPage(page, 'mbox-375');
  expect(errors).toEqual([]);
  await customerContext.close();
  await adminContext.close();
});

test('notices sent while the live connection opens are in the box once it is open', async ({ browser, newAccount }) => {
  const customerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const page = await customerContext.newPage();
  const admin = await adminContext.newPage();
  await signInWith(page, await newAccount({ name: 'Noah Notices' }));
  const me = (await (await page.request.get('/registry/get?data=User')).json()).results as { id: number };

  // the live connection is held until the notices are sent: a first connection asks the server
  // only for what comes after it, so the box must catch up by itself when it opens
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.routeWebSocket(/\/api\/2\/realtime/, async (ws) => {
    await held;
    ws.connectToServer();
  });
  await page.goto('/mbox');
  await expect(page.getByText('No messages yet')).toBeVisible();

  await signInAs(admin, 'admin', false);
  for (const subject of ['Office move', 'New invoice layout']) {
    const res = await admin.request.post('/api/2/admin/messages', {
      form: { user_id: me.id, subject, body: `${subject}: details inside.` },
      headers: await csrfHeaders(admin.request),
    });
    expect(res.ok(), `POST /api/2/admin/messages answered ${res.status()}`).toBeTruthy();
  }
  await expect(page.getByText('No messages yet')).toBeVisible();
  release();
  await expect(page.getByTestId('message-row')).toHaveCount(2);
  await expect(page.getByText('2 unread')).toBeVisible();
  await customerContext.close();
  await adminContext.close();
});
