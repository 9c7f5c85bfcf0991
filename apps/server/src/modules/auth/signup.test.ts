import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@parlance/shared';
import { aclGroups, auditLog, userAclGroups, users } from '../../db/schema';
import { authed, form, signUp, signUpForm, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signup = (fields: Record<string, string | undefined>) =>
  t.app.inject({ method: 'POST', url: '/userService/addAccountInfo', ...form(fields) });

async function groupsOf(userId: number): Promise<string[]> {
  const rows = await t.app.deps.db
    .select({ name: aclGroups.name })
    .from(userAclGroups)
    .innerJoin(aclGroups, eq(aclGroups.id, userAclGroups.groupId))
    .where(eq(userAclGroups.userId, userId));
  return rows.map((r) => r.name);
}

describe('POST /userService/addAccountInfo', () => {
  it('takes everyday names written in the Latin script with diacritics', async () => {
    for (const name of ['Zoë Müller', 'José García']) {
      const res = await signup(signUpForm({ full_name: name }));
      expect(res.statusCode, name).toBe(200);
      expect(res.json().user.name).toBe(name);
    }
  });

  it('creates a customer, signs them in and answers the user data', async () => {
    const fields = signUpForm({
      full_name: 'Casey  Jones',
      company_name: 'Jones Ltd',
      user_country: 'DE',
      phone: '(030) 123-45',
    });
    const res = await signup(fields);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('OK');
    expect(body.user).toMatchObject({
      name: 'Casey Jones',
      email: fields.user_email,
      type: 'customer',
      isAdmin: false,
      hasPassword: true,
      billingAddress: { Company: 'Jones Ltd' },
      country: 'DE',
      phone: '(030) 123-45',
      termsAccepted: true,
      twoFactorEnabled: false,
      beneficiary: {},
      statistics: { unreadMessages: 0 },
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash|totp/i);
    expect(await groupsOf(body.user.id)).toEqual(['role.customer']);

    // signed in: the cookie works for a call that needs a user
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/2/account',
      headers: { cookie: `sid=${sid?.value}` },
    });
    expect(account.statusCode).toBe(200);
    expect(account.json().results.email).toBe(fields.user_email);

    const [row] = await t.app.deps.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.termsAcceptedAt).not.toBeNull();
    expect(row.registrationPage).toBe('/auth');
    const audits = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, body.user.id), eq(auditLog.action, 'auth.signup')));
    expect(audits).toHaveLength(1);
  });

  it('creates a translator when user_type is translator', async () => {
    const res = await signup(signUpForm({ user_type: 'translator' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.type).toBe('translator');
    expect(await groupsOf(res.json().user.id)).toEqual(['role.translator']);
  });

  it('accepts the same fields as JSON', async () => {
    const fields = signUpForm();
    const res = await t.app.inject({
      method: 'POST',
      url: '/userService/addAccountInfo',
      payload: { ...fields, agree_terms: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(fields.user_email);
  });

  it('falls back to US when no country is given and the address has none', async () => {
    const res = await signup(signUpForm({ user_country: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.country).toBe('US');
  });

  it('uses the country of the IP address when the form has none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/userService/addAccountInfo',
      remoteAddress: '81.2.69.160', // a GB address in the geoip-lite data
      ...form(signUpForm({ user_country: '' })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.country).toBe('GB');
  });

  it('answers every bad field at once with the spec texts', async () => {
    const res = await signup(
      signUpForm({
        full_name: 'Madonna',
        user_email: 'not an email',
        pwd: 'weakpass1!',
        agree_terms: '0',
        phone: 'call me',
      }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe('ERROR');
    expect(body.errors).toEqual({
      full_name: TEXTS.incorrectFullName,
      user_email: TEXTS.incorrectEmail,
      pwd: TEXTS.passwordRules.upper,
      agree_terms: TEXTS.mustAgreeTerms,
      phone: TEXTS.invalidPhone,
    });
    expect(body.message).toBe(TEXTS.incorrectFullName);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('answers field errors when fields are missing altogether', async () => {
    const res = await signup({ action: 'reg' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      full_name: TEXTS.incorrectFullName,
      user_email: TEXTS.incorrectEmail,
      pwd: TEXTS.passwordRules.length,
      agree_terms: TEXTS.mustAgreeTerms,
    });
  });

  it.each([
    ['Ab1!x', TEXTS.passwordRules.length],
    ['abcdef1!', TEXTS.passwordRules.upper],
    ['ABCDEF1!', TEXTS.passwordRules.lower],
    ['Abcdefg!', TEXTS.passwordRules.digit],
    ['Abcdefg1', TEXTS.passwordRules.special],
    ['Abc def1!', TEXTS.passwordRules.noSpaces],
  ])('refuses the password %s: %s', async (pwd, message) => {
    const res = await signup(signUpForm({ pwd }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ pwd: message });
  });

  it('refuses an e-mail that is already registered, also in another case', async () => {
    const email = uniqueEmail('dup');
    expect((await signup(signUpForm({ user_email: email }))).statusCode).toBe(200);
    for (const again of [email, email.toUpperCase(), `  ${email}  `]) {
      const res = await signup(signUpForm({ user_email: again }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ user_email: TEXTS.emailTaken });
    }
    const rows = await t.app.deps.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('lets only one of two simultaneous signups with one address win', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([
      signup(signUpForm({ user_email: email })),
      signup(signUpForm({ user_email: email.toUpperCase() })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.json().errors).toEqual({ user_email: TEXTS.emailTaken });
  });

  it('refuses an unknown user_type', async () => {
    const res = await signup(signUpForm({ user_type: 'admin' as 'client' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.user_type).toBeDefined();
  });

  it('rotates the session when someone signed in signs up', async () => {
    const first = await signUp(t.app);
    const second = await authed(t.app, first).post('/userService/addAccountInfo', signUpForm());
    expect(second.statusCode).toBe(200);
    expect(second.cookies.find((c) => c.name === 'sid')?.value).not.toBe(first.cookie.replace('sid=', ''));
    const stale = await authed(t.app, first).get('/api/2/account');
    expect(stale.statusCode).toBe(401);
  });
});
