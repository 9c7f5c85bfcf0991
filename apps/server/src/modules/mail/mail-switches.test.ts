import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVE_REMINDER_AFTER_MS, MAILING_FLAGS, type MailingFlag, PROJECT_LIMITS } from '@parlance/shared';
import { mailOutbox, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { unsubscribeKey, verifyUnsubscribeToken } from '../../platform/mail-unsubscribe';
import { authed, login, TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  detailOf,
  newCustomer,
  newTranslator,
  type Person,
  paidProject,
  paidProjects,
  projectRow,
  TRANSLATION_FILE,
  takeAndDeliver,
} from '../projects/projects-test-helpers';
import { multipart } from '../wizard/wizard-test-helpers';
import { deliverDueWebhooks } from '../public-api/webhook-worker';

// Every mailing switch drives its mail on its event's real path (site routes, the payment service
// the site and the API share, the scheduler), and the mailer honours the switch: on, the mail goes
// (with its one-click unsubscribe); off, it does not. ADR 0097.

let t: TestApp;
const db = () => t.database.db;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ webhookAllowPrivate: true });
});
afterAll(async () => {
  await t?.close();
});

/** The mails a switch sent to a person's own address. */
async function mailsOf(p: Person, flag: MailingFlag) {
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, p.id), eq(mailOutbox.flag, flag), eq(mailOutbox.toAddress, p.session.user.email)));
}

/** Sets a switch through the profile's own call, as the Mailing Preferences section does. */
async function setSwitch(p: Person, flag: MailingFlag, on: boolean) {
  const res = await p.api.post('/userService/updateMailingPreferences', { [flag]: on ? '1' : '0' });
  expect(res.statusCode, res.body).toBe(200);
}

async function customerWith(flag: MailingFlag, on: boolean) {
  const c = await newCustomer(t.app);
  await setSwitch(c, flag, on);
  return c;
}

async function translatorWith(flag: MailingFlag, on: boolean, pairs?: [string, string][]) {
  const tr = await newTranslator(t.app, { level: 4, ...(pairs ? { pairs } : {}) });
  await setSwitch(tr, flag, on);
  return tr;
}

/** Moves the test clock just past a date and runs the scheduler's tasks once. */
async function runSchedulerAt(at: Date) {
  const ahead = at.getTime() - t.clock.now().getTime();
  if (ahead > 0) t.clock.advance(ahead + 60_000);
  return t.app.deps.scheduler.runOnce();
}

const states = [
  ['on', true],
  ['off', false],
] as const;

describe.each(states)('with the switch %s', (_label, on) => {
  const expected = on ? 1 : 0;

  it('project_submitted: the customer hears that the paid order was submitted', async () => {
    const c = await customerWith('project_submitted', on);
    await paidProjects(t.app, c, { targets: ['spanish', 'french'] });
    const mails = await mailsOf(c, 'project_submitted');
    expect(mails).toHaveLength(expected);
    if (on) expect(mails[0].subject).toBe('2 projects were submitted');
  });

  it('email_newproject: a translator in the pair hears of the new project', async () => {
    const tr = await translatorWith('email_newproject', on, [['american-english', 'dutch']]);
    const c = await newCustomer(t.app);
    await paidProject(t.app, c, { targets: ['dutch'] });
    expect(await mailsOf(tr, 'email_newproject')).toHaveLength(expected);
  });

  it('translation_started: the customer hears when a translator takes the project', async () => {
    const c = await customerWith('translation_started', on);
    const tr = await newTranslator(t.app, { level: 4 });
    const id = await paidProject(t.app, c);
    detailOf(await tr.api.post(`/api/2/job/${id}/take`));
    expect(await mailsOf(c, 'translation_started')).toHaveLength(expected);
  });

  it('email_yourproject: the customer hears of the delivery', async () => {
    const c = await customerWith('email_yourproject', on);
    const id = await paidProject(t.app, c);
    await takeAndDeliver(await newTranslator(t.app, { level: 4 }), id);
    expect(await mailsOf(c, 'email_yourproject')).toHaveLength(expected);
  });

  it('email_project_files_attach: the delivery mail carries the translated files, else names them', async () => {
    const c = await customerWith('email_project_files_attach', on);
    const id = await paidProject(t.app, c);
    await takeAndDeliver(await newTranslator(t.app, { level: 4 }), id);
    const [mail] = await mailsOf(c, 'email_yourproject');
    expect(mail.text.includes(`Attached: ${TRANSLATION_FILE.filename}`)).toBe(on);
    expect(mail.text.includes(`The translated files (${TRANSLATION_FILE.filename}) are on the project page`)).toBe(!on);
  });

  it('new_comment: the translator hears of the customer’s message', async () => {
    const c = await newCustomer(t.app);
    const tr = await translatorWith('new_comment', on);
    const id = await paidProject(t.app, c);
    detailOf(await tr.api.post(`/api/2/job/${id}/take`));
    const res = await c.api.post(`/api/2/projects/${id}/messages`, {
      body: 'Please keep the product names in English.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mailsOf(tr, 'new_comment')).toHaveLength(expected);
  });

  it('email_translatorproject: the translator hears of the dispute and of the completion', async () => {
    const tr = await translatorWith('email_translatorproject', on);
    const c = await newCustomer(t.app);
    const disputed = await paidProject(t.app, c);
    await takeAndDeliver(tr, disputed);
    const res = await c.api.post(`/api/2/projects/${disputed}/dispute`, { reason: 'Half of the text is missing.' });
    expect(res.statusCode, res.body).toBe(200);
    const approved = await paidProject(t.app, c);
    await takeAndDeliver(tr, approved);
    detailOf(await c.api.post(`/api/2/projects/${approved}/approve`));
    const subjects = (await mailsOf(tr, 'email_translatorproject')).map((m) => m.subject).sort();
    expect(subjects).toEqual(on ? ['"Test order" is completed', 'The customer disputed "Test order"'] : []);
  });

  it('project_signed: the certificate mail of a certified project', async () => {
    const c = await customerWith('project_signed', on);
    const id = await paidProject(t.app, c, { certificate: true });
    await takeAndDeliver(await newTranslator(t.app, { level: 4 }), id);
    detailOf(await c.api.post(`/api/2/projects/${id}/approve`));
    const mails = await mailsOf(c, 'project_signed');
    expect(mails).toHaveLength(expected);
    if (on) expect(mails[0].text).toMatch(/Attached: PC-\d{4}-.+\.pdf/);
  });

  it('word_count_diff: the customer hears when the files count differently from the typed count', async () => {
    const c = await customerWith('word_count_diff', on);
    const created = await c.api.postJson('/api/2/po', { name: 'Brochure' });
    const pid = (created.json() as { results: { pid: string } }).results.pid;
    expect((await c.api.postJson(`/api/2/po/${pid}`, { wordCount: 500 })).statusCode).toBe(200);
    const up = await c.api.inject({
      method: 'POST',
      url: '/ajax/filepicker/fileUploaded',
      ...multipart({ pid }, [{ filename: 'a.txt', content: 'three short words' }]),
    });
    expect(up.statusCode, up.body).toBe(200);
    const mails = await mailsOf(c, 'word_count_diff');
    expect(mails).toHaveLength(expected);
    if (on)
      expect(mails[0].text).toContain('You entered 500 words for "Brochure"; the files you uploaded count 3 words');
  });

  it('approve_time: the scheduler reminds the customer once, two days before completion', async () => {
    const c = await customerWith('approve_time', on);
    const id = await paidProject(t.app, c);
    await takeAndDeliver(await newTranslator(t.app, { level: 4 }), id);
    const delivered = (await projectRow(t.app, id)).deliveredAt as Date;
    await runSchedulerAt(new Date(delivered.getTime() + APPROVE_REMINDER_AFTER_MS - DAY));
    expect(await mailsOf(c, 'approve_time')).toHaveLength(0);
    await runSchedulerAt(new Date(delivered.getTime() + APPROVE_REMINDER_AFTER_MS));
    await t.app.deps.scheduler.runOnce();
    expect((await projectRow(t.app, id)).status).toBe('READY');
    expect(await mailsOf(c, 'approve_time')).toHaveLength(expected);
    // completing by itself 2 days later sends no second reminder
    await runSchedulerAt(new Date(delivered.getTime() + PROJECT_LIMITS.autoCompleteAfterMs));
    expect((await projectRow(t.app, id)).status).toBe('COMPLETED');
    expect(await mailsOf(c, 'approve_time')).toHaveLength(expected);
  });

  it('project_delayed: the customer and the translator hear when a project passes its deadline', async () => {
    const c = await customerWith('project_delayed', on);
    const tr = await translatorWith('project_delayed', on);
    const id = await paidProject(t.app, c);
    detailOf(await tr.api.post(`/api/2/job/${id}/take`));
    await runSchedulerAt((await projectRow(t.app, id)).deadline as Date);
    expect((await projectRow(t.app, id)).status).toBe('DELAYED');
    expect(await mailsOf(c, 'project_delayed')).toHaveLength(expected);
    expect(await mailsOf(tr, 'project_delayed')).toHaveLength(expected);
    await t.app.deps.scheduler.runOnce();
    expect(await mailsOf(c, 'project_delayed')).toHaveLength(expected);
  });

  it('combo_package_delay: a late project of a package tells the customer where the package stands', async () => {
    const c = await customerWith('combo_package_delay', on);
    const tr = await newTranslator(t.app, { level: 4, pairs: [['american-english', 'italian']] });
    const [late] = await paidProjects(t.app, c, { targets: ['italian', 'german'] });
    detailOf(await tr.api.post(`/api/2/job/${late}/take`));
    await runSchedulerAt((await projectRow(t.app, late)).deadline as Date);
    const mails = await mailsOf(c, 'combo_package_delay');
    expect(mails).toHaveLength(expected);
    if (on)
      expect(mails[0].text).toMatch(
        /The other projects of the package:\n- "Test order \(German\)" \(German\): Pending Linguist/,
      );
    // the package mail replaces the single project's
    expect(await mailsOf(c, 'project_delayed')).toHaveLength(0);
  });

  it('failed_callback: the customer hears when the webhook deliveries are given up', async () => {
    const c = await customerWith('failed_callback', on);
    const now = t.clock.now();
    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({ userId: c.id, url: 'http://127.0.0.1:9/hook', secret: 'x'.repeat(32), createdAt: now })
      .returning();
    await db()
      .insert(webhookDeliveries)
      .values({
        id: randomUUID(),
        endpointId: endpoint.id,
        userId: c.id,
        event: 'project.updated',
        dedupeKey: randomUUID(),
        payload: {},
        attempts: 20,
        firstAttemptAt: new Date(now.getTime() - 2 * DAY),
      });
    await deliverDueWebhooks(t.app.deps, now);
    expect(await mailsOf(c, 'failed_callback')).toHaveLength(expected);
  });
});

async function newAdmin() {
  const email = uniqueEmail('admin');
  const [u] = await db()
    .insert(users)
    .values({
      type: 'admin',
      isAdmin: true,
      email,
      name: 'Ada Admin',
      passwordHash: await hashPassword(TEST_PASSWORD, 'fast'),
    })
    .returning();
  return { id: u.id, api: authed(t.app, await login(t.app, email, TEST_PASSWORD)) };
}

describe('email_promotion', () => {
  it('goes only to those who opted in (it is off until they do)', async () => {
    const optedIn = await customerWith('email_promotion', true);
    const optedOut = await customerWith('email_promotion', false);
    const never = await newCustomer(t.app);
    const admin = await newAdmin();
    const res = await admin.api.post('/api/2/admin/mail/promotions', { subject: 'Spring offer', text: '10% off' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mailsOf(optedIn, 'email_promotion')).toHaveLength(1);
    expect(await mailsOf(optedOut, 'email_promotion')).toHaveLength(0);
    expect(await mailsOf(never, 'email_promotion')).toHaveLength(0);
  });

  it('is for admins only', async () => {
    const c = await newCustomer(t.app);
    const res = await c.api.post('/api/2/admin/mail/promotions', { subject: 'Spring offer', text: '10% off' });
    expect(res.statusCode).toBe(404);
  });
});

describe('every governed mail', () => {
  it('carries List-Unsubscribe for its own switch and List-Unsubscribe-Post; every switch sent one', async () => {
    const rows = await db().select().from(mailOutbox);
    const governed = rows.filter((r) => r.flag !== null);
    // email_project_files_attach shapes the delivery mail (email_yourproject) rather than sending its own
    expect(new Set(governed.map((r) => r.flag))).toEqual(
      new Set(MAILING_FLAGS.filter((f) => f !== 'email_project_files_attach')),
    );
    const key = await unsubscribeKey(db(), undefined);
    for (const row of governed) {
      expect(row.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const match = /^<http:\/\/localhost:3000\/api\/2\/mail\/unsubscribe\?token=([^>]+)>$/.exec(
        row.headers['List-Unsubscribe'] ?? '',
      );
      expect(match, row.subject).not.toBeNull();
      expect(verifyUnsubscribeToken(key, match?.[1] ?? '')).toEqual({ userId: row.userId, flag: row.flag });
      expect(row.text).toContain(
        `Stop these e-mails: http://localhost:3000/api/2/mail/unsubscribe?token=${match?.[1]}`,
      );
    }
  });
});
