import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TEXTS, type MailingPreferences } from '@parlance/shared';
import { auditLog, mailOutbox } from '../../db/schema';
import { signUnsubscribeToken, unsubscribeKey } from '../../platform/mail-unsubscribe';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, newTranslator, type Person, paidProject } from '../projects/projects-test-helpers';

// The one-click unsubscribe of RFC 8058 (ADR 0097): the link's POST turns off the one switch its
// signed token names, without signing in; a GET only shows the page that asks; forged and altered
// tokens change nothing. And the copies to secondary addresses.

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function flagsOf(p: Person) {
  return ((await p.api.get('/api/2/account/mailing-preferences')).json() as { results: MailingPreferences }).results;
}

/** The token of the List-Unsubscribe header of the person's last mail under this switch. */
async function tokenOfLastMail(p: Person, flag: string): Promise<string> {
  const [row] = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, p.id), eq(mailOutbox.flag, flag)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const match = /token=([^>]+)>$/.exec(row?.headers['List-Unsubscribe'] ?? '');
  if (!match) throw new Error(`no unsubscribe header on the ${flag} mail`);
  return match[1];
}

/** The POST a mail provider makes: no cookie, the RFC 8058 body. */
function oneClick(token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/2/mail/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}

const submittedMails = async (p: Person) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, p.id), eq(mailOutbox.flag, 'project_submitted')));

describe('one-click unsubscribe', () => {
  it('a GET of the link opens the confirm page and turns nothing off', async () => {
    const c = await newCustomer(t.app);
    await paidProject(t.app, c);
    const token = await tokenOfLastMail(c, 'project_submitted');
    const res = await t.app.inject({ method: 'GET', url: `/api/2/mail/unsubscribe?token=${token}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/unsubscribe?token=${token}`);
    const info = await t.app.inject({ method: 'GET', url: `/api/2/mail/unsubscribe/info?token=${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      results: {
        flag: 'project_submitted',
        label: 'A project was submitted',
        email: expect.stringMatching(/^.{1,2}\*\*\*@/),
        off: false,
      },
    });
    expect((await flagsOf(c)).flags.project_submitted).toBe(true);
  });

  it('the POST with a good token turns that one switch off without signing in, and the mail stops', async () => {
    const c = await newCustomer(t.app);
    await paidProject(t.app, c);
    const token = await tokenOfLastMail(c, 'project_submitted');
    const res = await oneClick(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', results: { flag: 'project_submitted', off: true } });
    const { flags } = await flagsOf(c);
    expect(flags.project_submitted).toBe(false);
    // only that switch
    expect(flags.email_yourproject).toBe(true);
    expect(flags.translation_started).toBe(true);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.mailing_unsubscribed'), eq(auditLog.targetId, String(c.id))));
    expect(entry.details).toEqual({ project_submitted: false, via: 'one-click' });
    // a second POST (a provider's retry) is fine and changes nothing
    expect((await oneClick(token)).statusCode).toBe(200);
    await paidProject(t.app, c);
    expect(await submittedMails(c)).toHaveLength(1);
  });

  it('a forged token (signed with another key) is refused and changes nothing', async () => {
    const c = await newCustomer(t.app);
    const forged = signUnsubscribeToken('not-the-server-key-'.repeat(3), c.id, 'email_yourproject');
    const res = await oneClick(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MAIL_TEXTS.unsubscribeInvalid);
    expect((await flagsOf(c)).flags.email_yourproject).toBe(true);
    const info = await t.app.inject({ method: 'GET', url: `/api/2/mail/unsubscribe/info?token=${forged}` });
    expect(info.statusCode).toBe(400);
  });

  it('a tampered token (another user, another switch, a cut signature) is refused', async () => {
    const victim = await newCustomer(t.app);
    const attacker = await newCustomer(t.app);
    await paidProject(t.app, attacker);
    const token = await tokenOfLastMail(attacker, 'project_submitted');
    const [, flag, sig] = token.split('.');
    for (const bad of [
      `${victim.id}.${flag}.${sig}`,
      `${attacker.id}.email_yourproject.${sig}`,
      // the last character changed (to another one whatever it was)
      `${attacker.id}.${flag}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'E' : 'A'}`,
      `${attacker.id}.${flag}`,
      'garbage',
    ]) {
      const res = await oneClick(bad);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await flagsOf(victim)).flags.project_submitted).toBe(true);
    expect((await flagsOf(attacker)).flags).toMatchObject({ project_submitted: true, email_yourproject: true });
  });

  it('a signed-in browser may POST it too (the token is the proof, no CSRF header needed)', async () => {
    const c = await newCustomer(t.app);
    const key = await unsubscribeKey(db(), undefined);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/2/mail/unsubscribe?token=${signUnsubscribeToken(key, c.id, 'new_comment')}`,
      headers: { cookie: c.session.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await flagsOf(c)).flags.new_comment).toBe(false);
  });
});

describe('secondary addresses', () => {
  it('get a copy of each governed mail, with its unsubscribe; transactional mail goes to the primary only', async () => {
    const c = await newCustomer(t.app);
    for (const email of ['Office@example.com', 'accounts@example.com']) {
      const res = await c.api.post('/userService/addSecEmailToUser', { email });
      expect(res.statusCode, res.body).toBe(200);
    }
    await paidProject(t.app, c);
    const copies = await submittedMails(c);
    expect(copies.map((m) => m.toAddress).sort()).toEqual(
      [c.session.user.email, 'Office@example.com', 'accounts@example.com'].sort(),
    );
    const [first] = copies;
    for (const m of copies) {
      expect(m.subject).toBe(first.subject);
      expect(m.headers).toEqual(first.headers);
    }
    await t.app.deps.mailer.send({ to: c.session.user.email, subject: 'Your sign-in code', text: '123456' });
    const codes = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, 'Your sign-in code'));
    expect(codes.map((m) => m.toAddress)).toEqual([c.session.user.email]);
    expect(codes[0].headers).toEqual({});
    expect(codes[0].text).not.toContain('unsubscribe');
  });

  it('get nothing once the switch is off', async () => {
    const c = await newCustomer(t.app);
    await c.api.post('/userService/addSecEmailToUser', { email: 'office2@example.com' });
    await c.api.post('/userService/updateMailingPreferences', { project_submitted: '0' });
    await paidProject(t.app, c);
    expect(await submittedMails(c)).toHaveLength(0);
  });

  it('a translator’s copies work the same', async () => {
    const tr = await newTranslator(t.app, { level: 4, pairs: [['american-english', 'polish']] });
    await tr.api.post('/userService/addSecEmailToUser', { email: 'tr-copy@example.com' });
    await paidProject(t.app, await newCustomer(t.app), { targets: ['polish'] });
    const rows = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, tr.id), eq(mailOutbox.flag, 'email_newproject')));
    expect(rows.map((r) => r.toAddress).sort()).toEqual([tr.session.user.email, 'tr-copy@example.com'].sort());
  });
});
