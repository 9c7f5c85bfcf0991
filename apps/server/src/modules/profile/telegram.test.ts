import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_EXTRA_TEXTS } from '@parlance/shared';
import { accountDetails, mailOutbox, telegramSubscriptions, users } from '../../db/schema';
import { authed, signUp } from '../../test/auth-helpers';
import { FakeTelegram } from '../../test/fake-telegram';
import { createTestApp, type TestApp } from '../../test/harness';

// Telegram notifications: GET/POST /telegram/subscription, POST /telegram/sms, the sandbox Start,
// and the notifications that follow the mailing flags. Once with the outbox sandbox, once with
// the grammY client against a local fake of the Bot API.

async function outboxTo(t: TestApp, address: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
}

describe('sandbox (no bot token)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('subscribes through the simulated Start, sends the notifications the flags allow, and turns off', async () => {
    const me = await signUp(t.app, { user_type: 'translator' });
    const api = authed(t.app, me);
    const first = await api.get('/telegram/subscription');
    expect(first.statusCode).toBe(200);
    const state = first.json().results;
    expect(state).toMatchObject({ has_subscribed: false, connected: false, sandbox: true, bot: 'ParlanceSandboxBot' });
    expect(state.link).toBe(`https://t.me/ParlanceSandboxBot?start=${state.code}`);
    // the same link while it is valid (a page refetch must not break the link already opened)
    expect((await api.get('/telegram/subscription')).json().results.code).toBe(state.code);

    // turning on before Start: told what to do, nothing changes
    const early = await api.post('/telegram/subscription', { has_subscribed: 1 });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(PROFILE_EXTRA_TEXTS.telegramNotStarted);

    const bad = await api.post('/api/2/telegram/sandbox/start', { code: 'not-my-code' });
    expect(bad.statusCode).toBe(404);
    const started = await api.post('/api/2/telegram/sandbox/start', { code: state.code });
    expect(started.statusCode).toBe(200);
    expect(started.json().results).toMatchObject({ has_subscribed: true, connected: true, link: null, code: null });
    const chat = `telegram:sandbox-${me.user.id}`;
    expect((await outboxTo(t, chat)).map((m) => m.text)).toEqual([PROFILE_EXTRA_TEXTS.telegramWelcome]);

    // a project mail the flags allow reaches Telegram too; one the user turned off does not
    await t.app.deps.mailer.send({
      to: me.email,
      subject: 'A new project matches your languages',
      text: 'Project "Menu" (English to Spanish) is open.',
      preference: { userId: me.user.id, flag: 'email_newproject' },
    });
    await api.post('/userService/updateMailingPreferences', { email_newproject: '0' });
    await t.app.deps.mailer.send({
      to: me.email,
      subject: 'Another project',
      text: 'Should not arrive',
      preference: { userId: me.user.id, flag: 'email_newproject' },
    });
    const texts = (await outboxTo(t, chat)).map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe('A new project matches your languages\n\nProject "Menu" (English to Spanish) is open.');

    // off: no more messages; on again without a new Start (the chat is kept)
    const off = await api.post('/telegram/subscription', { has_subscribed: '0' });
    expect(off.json().results).toMatchObject({ has_subscribed: false, connected: true });
    await api.post('/userService/updateMailingPreferences', { email_newproject: '1' });
    await t.app.deps.mailer.send({
      to: me.email,
      subject: 'While off',
      text: 'x',
      preference: { userId: me.user.id, flag: 'email_newproject' },
    });
    expect(await outboxTo(t, chat)).toHaveLength(2);
    const on = await api.post('/telegram/subscription', { has_subscribed: 'true' });
    expect(on.json().results.has_subscribed).toBe(true);
  });

  it('refuses bad input and guests, and one user cannot use another user’s code', async () => {
    const anna = authed(t.app, await signUp(t.app, { user_type: 'translator' }));
    const ben = authed(t.app, await signUp(t.app, { user_type: 'translator' }));
    const annaCode = (await anna.get('/telegram/subscription')).json().results.code;
    expect((await ben.post('/api/2/telegram/sandbox/start', { code: annaCode })).statusCode).toBe(404);
    expect((await anna.get('/telegram/subscription')).json().results.has_subscribed).toBe(false);

    const bad = await anna.post('/telegram/subscription', { has_subscribed: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect((await anna.post('/telegram/subscription', {})).statusCode).toBe(400);
    expect((await anna.post('/api/2/telegram/sandbox/start', { code: '' })).statusCode).toBe(400);

    for (const [method, url, payload] of [
      ['GET', '/telegram/subscription', undefined],
      ['POST', '/telegram/subscription', { has_subscribed: '1' }],
      ['POST', '/telegram/sms', {}],
      ['POST', '/api/2/telegram/sandbox/start', { code: annaCode }],
    ] as const)
      expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
  });

  it('an expired link is replaced by a new one', async () => {
    const me = authed(t.app, await signUp(t.app, { user_type: 'translator' }));
    const old = (await me.get('/telegram/subscription')).json().results.code;
    t.clock.advance(25 * 60 * 60 * 1000);
    const expired = await me.post('/api/2/telegram/sandbox/start', { code: old });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(PROFILE_EXTRA_TEXTS.telegramCodeExpired);
    const fresh = (await me.get('/telegram/subscription')).json().results.code;
    expect(fresh).not.toBe(old);
    expect((await me.post('/api/2/telegram/sandbox/start', { code: fresh })).json().results.has_subscribed).toBe(true);
  });

  it('deleting the account forgets the chat: no more notifications reach it', async () => {
    const session = await signUp(t.app, { user_type: 'translator' });
    const me = authed(t.app, session);
    const code = (await me.get('/telegram/subscription')).json().results.code;
    await me.post('/api/2/telegram/sandbox/start', { code });
    const gone = await me.inject({
      method: 'POST',
      url: '/ajax/deleteAccount',
      payload: { reason: 'other', comment: 'Leaving the trade', password: session.password },
    });
    expect(gone.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(telegramSubscriptions)
      .where(eq(telegramSubscriptions.userId, session.user.id));
    expect(rows).toEqual([]);
  });

  it('texts the link to a verified phone only', async () => {
    const session = await signUp(t.app, { user_type: 'translator' });
    const me = authed(t.app, session);
    const unverified = await me.post('/telegram/sms');
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().message).toBe(PROFILE_EXTRA_TEXTS.telegramSmsNeedsPhone);
    const phone = '+1 555 010 9911';
    await t.database.db.update(users).set({ phone }).where(eq(users.id, session.user.id));
    await t.database.db.insert(accountDetails).values({ userId: session.user.id, phoneVerified: true });
    const sent = await me.post('/telegram/sms');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(PROFILE_EXTRA_TEXTS.telegramSmsSent);
    const link = (await me.get('/telegram/subscription')).json().results.link;
    const [sms] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, `sms:${phone}`), like(mailOutbox.text, '%t.me%')));
    expect(sms.text).toContain(link);
  });
});

describe('real bot (grammY against a local fake Bot API)', () => {
  let t: TestApp;
  let fake: FakeTelegram;
  beforeAll(async () => {
    fake = new FakeTelegram('ParlanceNotifyBot');
    const apiRoot = await fake.start();
    t = await createTestApp({ telegramBotToken: '987654:FAKE_token-abcdefghijklmnopq', telegramApiRoot: apiRoot });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  it('binds the chat that pressed Start with the code, and writes to it through the Bot API', async () => {
    const session = await signUp(t.app, { user_type: 'translator' });
    const me = authed(t.app, session);
    const state = (await me.get('/telegram/subscription')).json().results;
    expect(state).toMatchObject({ sandbox: false, bot: 'ParlanceNotifyBot', has_subscribed: false });
    expect(state.link).toBe(`https://t.me/ParlanceNotifyBot?start=${state.code}`);
    // no sandbox Start with a real bot
    expect((await me.post('/api/2/telegram/sandbox/start', { code: state.code })).statusCode).toBe(404);

    fake.userWrites(9001, '/start wrong-code', 'mallory');
    fake.userWrites(4242, `/start ${state.code}`, 'anna_t');
    const on = await me.post('/telegram/subscription', { has_subscribed: 1 });
    expect(on.statusCode).toBe(200);
    expect(on.json().results).toMatchObject({ has_subscribed: true, connected: true, username: 'anna_t' });
    expect(fake.sent.find((m) => m.chat_id === '4242')?.text).toBe(PROFILE_EXTRA_TEXTS.telegramWelcome);
    expect(fake.sent.find((m) => m.chat_id === '9001')?.text).toMatch(/expired/);

    await t.app.deps.mailer.send({
      to: session.email,
      subject: 'Your project was delivered',
      text: 'Open it in Parlance.',
      preference: { userId: session.user.id, flag: 'email_yourproject' },
    });
    expect(fake.sent.at(-1)).toEqual({ chat_id: '4242', text: 'Your project was delivered\n\nOpen it in Parlance.' });
    const [row] = await t.database.db
      .select()
      .from(telegramSubscriptions)
      .where(eq(telegramSubscriptions.userId, session.user.id));
    expect(row).toMatchObject({ chatId: '4242', subscribed: true, startCode: null });
  });

  it('a Telegram outage does not break the page or the mail', async () => {
    const session = await signUp(t.app, { user_type: 'translator' });
    const me = authed(t.app, session);
    await me.get('/telegram/subscription');
    fake.failWith = { status: 502, description: 'Bad Gateway' };
    try {
      const on = await me.post('/telegram/subscription', { has_subscribed: 1 });
      expect(on.statusCode).toBe(502);
      expect(on.json().message).toBe(PROFILE_EXTRA_TEXTS.telegramSendFailed);
    } finally {
      fake.failWith = null;
    }
  });
});
