import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_GROUPS } from '@parlance/shared';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../db/seed/demo';
import { DEMO_LM, seedLmDashboardDemo } from '../../db/seed/demo-lm-dashboard';
import { hashPassword } from '../../platform/passwords';
import { authed, form, login, loginDemo, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { MASKED_SECRET } from './outbox';

// The mail outbox holds what signs people in. Reading it is a permission no staff group has;
// even its readers see sign-in links and codes masked, but for the super-admin of a demo without
// SMTP reading mail to a customer or translator.

interface OutboxRow {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  secretsHidden: boolean;
}

async function askForReset(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/2/account/auth/password/resetPasswordToken',
    ...form({ email }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function latestTo(session: TestSession, t: TestApp, address: string): Promise<OutboxRow> {
  const res = await authed(t.app, session).get('/api/2/admin/outbox?pageSize=50');
  expect(res.statusCode, res.body).toBe(200);
  const row = (res.json().data as OutboxRow[]).find((m) => m.to === address);
  if (!row) throw new Error(`no mail to ${address}`);
  return row;
}

describe('the outbox without SMTP (the demo)', () => {
  let t: TestApp;
  let admin: TestSession;
  const staff: Record<string, TestSession> = {};

  beforeAll(async () => {
    t = await createTestApp({}, { demo: true });
    admin = await loginDemo(t.app, 'admin');
    for (const s of DEMO_STAFF) staff[s.acl] = await login(t.app, s.email, DEMO_PASSWORD);
  });
  afterAll(() => t?.close());

  it('is closed to every staff group: support cannot read an admin reset link and take the account over', async () => {
    await askForReset(t, 'admin@parlance.test');
    for (const group of [STAFF_GROUPS.finance, STAFF_GROUPS.support, STAFF_GROUPS.moderation]) {
      const res = await authed(t.app, staff[group]).get('/api/2/admin/outbox');
      expect(res.statusCode, group).toBe(403);
      expect(res.body).not.toContain('resetPassword?token=');
    }
  });

  it('masks the link of a staff account even for the super-admin', async () => {
    await askForReset(t, 'support@parlance.test');
    const mail = await latestTo(admin, t, 'support@parlance.test');
    expect(mail.secretsHidden).toBe(true);
    expect(mail.text).toContain(MASKED_SECRET);
    expect(mail.text).not.toMatch(/token=/);
    expect(mail.html ?? '').not.toMatch(/token=/);
    const own = await latestTo(admin, t, 'admin@parlance.test');
    expect(own.text).not.toMatch(/token=/);
  });

  it("shows the super-admin a customer's link in a demo without SMTP, so the demo works without a mailbox", async () => {
    await askForReset(t, 'customer@parlance.test');
    const mail = await latestTo(admin, t, 'customer@parlance.test');
    expect(mail.secretsHidden).toBe(false);
    expect(mail.text).toMatch(/\/auth\/resetPassword\?token=/);
  });

  it('a language manager, whose group reads the back office, is refused too', async () => {
    await seedLmDashboardDemo(t.database.db, await hashPassword(DEMO_PASSWORD, 'fast'), t.clock.now());
    const lm = await login(t.app, DEMO_LM.email, DEMO_PASSWORD);
    expect((await authed(t.app, lm).get('/api/2/admin/outbox')).statusCode).toBe(403);
  });
});

describe('the outbox with SMTP (production)', () => {
  let t: TestApp;
  let admin: TestSession;

  beforeAll(async () => {
    // a port nobody listens on: delivery fails at once, the outbox keeps the mail as failed
    t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' }, { demo: true });
    admin = await loginDemo(t.app, 'admin');
  });
  afterAll(() => t?.close());

  it("masks a customer's link from the super-admin too: the mail went to the customer's own mailbox", async () => {
    await askForReset(t, 'customer@parlance.test');
    const mail = await latestTo(admin, t, 'customer@parlance.test');
    expect(mail.secretsHidden).toBe(true);
    expect(mail.text).not.toMatch(/token=/);
  });
});
