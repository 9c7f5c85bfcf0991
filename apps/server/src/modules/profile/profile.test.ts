import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_TEXTS, TEXTS } from '@parlance/shared';
import { mailOutbox, sessions, users } from '../../db/schema';
import { wantsMail } from '../../platform/mail-preferences';
import { authed, form, login, signUp, TEST_PASSWORD, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const goodAccount = {
  fullName: 'Dana  Scully',
  address: '1 Main Street',
  city: 'Springfield',
  userCountry: 'us',
  userIndustry: 'Legal',
  phone: '(555) 123-4567',
  company: 'FBI',
};

async function bearerOf(session: TestSession): Promise<string> {
  const res = await authed(t.app, session).get('/api/2/auth/token');
  return (res.json() as { results: { jwt: { access_token: string } } }).results.jwt.access_token;
}

describe('account information', () => {
  it('reads the form, saves every field, and answers the saved values', async () => {
    const me = await signUp(t.app, { full_name: 'Dana Old', phone: '123' });
    const before = await authed(t.app, me).get('/api/2/account/details');
    expect(before.statusCode).toBe(200);
    expect(before.json().results).toMatchObject({ fullName: 'Dana Old', email: me.email, phone: '123', address: '' });

    const res = await authed(t.app, me).post('/userService/updateAccountInfo', goodAccount);
    expect(res.statusCode).toBe(200);
    expect(res.json().account).toEqual({
      fullName: 'Dana Scully',
      email: me.email,
      address: '1 Main Street',
      userCountry: 'US',
      userIndustry: 'Legal',
      city: 'Springfield',
      phone: '(555) 123-4567',
      company: 'FBI',
      phoneVerified: false,
    });
    const again = await authed(t.app, me).get('/api/2/account/details');
    expect(again.json().results.city).toBe('Springfield');
    // the user bar reads the new name
    const user = await authed(t.app, me).get('/registry/get?data=User');
    expect(user.json().results.name).toBe('Dana Scully');
  });

  it('refuses a bad phone, name or country with the field message and changes nothing', async () => {
    const me = await signUp(t.app, { full_name: 'Kept Name' });
    for (const [field, value, message] of [
      ['phone', '555-CALL-NOW', TEXTS.invalidPhone],
      ['fullName', 'X', TEXTS.incorrectFullName],
      // the sign-up's limit: a 252-character name used to be saved and ran off the header
      ['fullName', `Dana ${'s'.repeat(247)}`, TEXTS.fullNameTooLong],
      ['userCountry', 'ZZ', 'Choose a country from the list'],
    ] as const) {
      const res = await authed(t.app, me).post('/userService/updateAccountInfo', { ...goodAccount, [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row.name).toBe('Kept Name');
  });

  it('is for signed-in users only and never answers 500 on a malformed body', async () => {
    const guest = await t.app.inject({ method: 'POST', url: '/userService/updateAccountInfo', ...form(goodAccount) });
    expect(guest.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/account/details' })).statusCode).toBe(401);
    const me = await signUp(t.app);
    const bad = await authed(t.app, me).inject({
      method: 'POST',
      url: '/userService/updateAccountInfo',
      payload: '{"fullName": [1,2',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('password update', () => {
  it('changes the password with the current one and ends the other sessions, not this one', async () => {
    const me = await signUp(t.app);
    const other = await login(t.app, me.email, TEST_PASSWORD);
    const res = await authed(t.app, me).post('/userService/updatePassword', {
      old_password: TEST_PASSWORD,
      password: 'New-pass22',
      password_verify: 'New-pass22',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK' });
    // this browser is still signed in, the other is not
    expect((await authed(t.app, me).get('/api/2/account/details')).statusCode).toBe(200);
    expect((await authed(t.app, other).get('/api/2/account/details')).statusCode).toBe(401);
    await expect(login(t.app, me.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    await login(t.app, me.email, 'New-pass22');
  });

  it('refuses a wrong current password, a weak one and a mismatch, keeping the old password', async () => {
    const me = await signUp(t.app);
    const cases = [
      [
        { old_password: 'Wrong-pass1', password: 'New-pass22', password_verify: 'New-pass22' },
        'old_password',
        PROFILE_TEXTS.currentPasswordIncorrect,
      ],
      [
        { old_password: TEST_PASSWORD, password: 'weakpass', password_verify: 'weakpass' },
        'password',
        TEXTS.passwordRules.upper,
      ],
      [
        { old_password: TEST_PASSWORD, password: 'New-pass22', password_verify: 'New-pass23' },
        'password_verify',
        TEXTS.passwordsDoNotMatch,
      ],
      [
        { old_password: '', password: 'New-pass22', password_verify: 'New-pass22' },
        'old_password',
        PROFILE_TEXTS.currentPasswordRequired,
      ],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await authed(t.app, me).post('/userService/updatePassword', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    await login(t.app, me.email, TEST_PASSWORD);
  });

  it('is refused to a bearer token (403) and to guests (401)', async () => {
    const me = await signUp(t.app);
    const token = await bearerOf(me);
    const body = { old_password: TEST_PASSWORD, password: 'New-pass22', password_verify: 'New-pass22' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/userService/updatePassword',
      ...form(body),
      headers: { ...form(body).headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'POST', url: '/userService/updatePassword', ...form(body) });
    expect(guest.statusCode).toBe(401);
    await login(t.app, me.email, TEST_PASSWORD);
  });
});

describe('mailing preferences', () => {
  it('starts from the defaults, saves the flags sent and keeps the others, and other areas read them', async () => {
    const me = await signUp(t.app);
    const start = await authed(t.app, me).get('/api/2/account/mailing-preferences');
    expect(start.json().results.flags).toMatchObject({
      email_promotion: false,
      new_comment: true,
      project_delayed: true,
    });
    expect(await wantsMail(t.database.db, me.user.id, 'new_comment')).toBe(true);

    const res = await authed(t.app, me).post('/userService/updateMailingPreferences', {
      new_comment: '0',
      email_promotion: '1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences.flags).toMatchObject({
      new_comment: false,
      email_promotion: true,
      project_delayed: true,
    });
    await authed(t.app, me).post('/userService/updateMailingPreferences', { project_delayed: '0' });
    const after = await authed(t.app, me).get('/api/2/account/mailing-preferences');
    expect(after.json().results.flags).toMatchObject({
      new_comment: false,
      email_promotion: true,
      project_delayed: false,
    });
    expect(await wantsMail(t.database.db, me.user.id, 'new_comment')).toBe(false);
    expect(await wantsMail(t.database.db, me.user.id, 'approve_time')).toBe(true);
  });

  it('stops the mails of a flag that is off from reaching the outbox, and lets the others through', async () => {
    const me = await signUp(t.app);
    await authed(t.app, me).post('/userService/updateMailingPreferences', { email_yourproject: '0' });
    const mail = (flag: 'email_yourproject' | 'translation_started') => ({
      to: me.email,
      subject: `about ${flag}`,
      text: 'hello',
      preference: { userId: me.user.id, flag },
    });
    await t.app.deps.mailer.send(mail('email_yourproject'));
    await t.app.deps.mailer.send(mail('translation_started'));
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, me.email));
    expect(rows.map((r) => r.subject)).toEqual(['about translation_started']);
  });

  it('refuses an unknown flag and guests', async () => {
    const me = await signUp(t.app);
    const res = await authed(t.app, me).post('/userService/updateMailingPreferences', { email_everything: '1' });
    expect(res.statusCode).toBe(400);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/userService/updateMailingPreferences',
      ...form({ new_comment: '0' }),
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('secondary e-mails', () => {
  it('adds, lists and removes addresses; refuses an empty, a duplicate and a sixth one', async () => {
    const me = await signUp(t.app);
    const api = authed(t.app, me);
    const add = await api.post('/userService/addSecEmailToUser', { uid: me.user.id, email: 'ops@example.test' });
    expect(add.statusCode).toBe(200);
    expect(add.json().preferences.secondaryEmails).toEqual([{ uid: me.user.id, email: 'ops@example.test' }]);

    const empty = await api.post('/userService/addSecEmailToUser', { uid: me.user.id, email: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.email).toBe(PROFILE_TEXTS.secondaryEmailRequired);
    const dup = await api.post('/userService/addSecEmailToUser', { uid: me.user.id, email: 'OPS@example.test' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(PROFILE_TEXTS.secondaryEmailTaken);

    for (let i = 2; i <= 5; i++) await api.post('/userService/addSecEmailToUser', { email: `ops${i}@example.test` });
    const sixth = await api.post('/userService/addSecEmailToUser', { email: 'ops6@example.test' });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe(PROFILE_TEXTS.secondaryEmailLimit);

    const removed = await api.post('/userService/removeSecEmailFromUser', {
      uid: me.user.id,
      email: 'ops@example.test',
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().preferences.secondaryEmails).toHaveLength(4);
    const again = await api.post('/userService/removeSecEmailFromUser', { email: 'ops@example.test' });
    expect(again.statusCode).toBe(404);
  });

  it("does not touch another user's addresses (404)", async () => {
    const owner = await signUp(t.app);
    const outsider = await signUp(t.app);
    await authed(t.app, owner).post('/userService/addSecEmailToUser', { email: 'team@example.test' });
    const res = await authed(t.app, outsider).post('/userService/removeSecEmailFromUser', {
      uid: owner.user.id,
      email: 'team@example.test',
    });
    expect(res.statusCode).toBe(404);
    const add = await authed(t.app, outsider).post('/userService/addSecEmailToUser', {
      uid: owner.user.id,
      email: 'x@example.test',
    });
    expect(add.statusCode).toBe(404);
    const list = await authed(t.app, owner).get('/api/2/account/mailing-preferences');
    expect(list.json().results.secondaryEmails).toHaveLength(1);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, owner.user.id))).toHaveLength(1);
  });
});
