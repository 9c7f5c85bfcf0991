import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS } from '@parlance/shared';
import { ledgerTransactions, userMessages } from '../../db/schema';
import { balanceOfOwner, verifyLedger } from '../../platform/ledger';
import { CapturingMailer, createTestApp, type TestApp } from '../../test/harness';
import { detailOf, newCustomer, newTranslator, type Person, paidProject, projectRow } from './projects-test-helpers';

// Untaken work expires (ADR 0073): at its deadline a job leaves the open lists; 48 hours
// later, still untaken, it is cancelled and refunded in full, once, with a mail and a message.

let t: TestApp;
let mailer: CapturingMailer;
let customer: Person;
let translator: Person;

beforeAll(async () => {
  mailer = new CapturingMailer();
  t = await createTestApp({}, { mailer });
  customer = await newCustomer(t.app);
  translator = await newTranslator(t.app, { level: 4 });
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60 * 1000;
const db = () => t.database.db;
const runOnce = () => t.app.deps.scheduler.runOnce();
const credits = (id: number) => balanceOfOwner(db(), id, 'customer_credits');
const openIds = async () =>
  ((await translator.api.get('/api/2/job/open')).json() as { data: { id: number }[] }).data.map((r) => r.id);
const refundsOf = async (id: number) =>
  (await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'refund'))).filter(
    (r) => r.metadata.projectId === id,
  );

describe('untaken work expires', () => {
  it('leaves the open list at its deadline, then is cancelled and refunded in full exactly once', async () => {
    const id = await paidProject(t.app, customer, { words: 800 });
    const paid = await projectRow(t.app, id);
    expect(paid.deadline).not.toBeNull();
    const before = await credits(customer.id);
    expect(await openIds()).toContain(id);

    // just past the deadline: no longer offered, not yet refunded (the LM dashboard's Expired tile)
    t.clock.advance((paid.deadline as Date).getTime() + HOUR - t.clock.now().getTime());
    await runOnce();
    expect(await openIds()).not.toContain(id);
    expect((await translator.api.post(`/api/2/job/${id}/take`)).statusCode).not.toBe(200);
    expect((await projectRow(t.app, id)).status).toBe('PENDING');
    expect(await credits(customer.id)).toBe(before);

    // the grace is over
    const mailsBefore = mailer.sent.length;
    t.clock.advance(PROJECT_LIMITS.expireAfterDeadlineMs);
    const run = await runOnce();
    expect(run.changed['projects.expire-untaken']).toBe(1);
    const row = await projectRow(t.app, id);
    expect(row.status).toBe('CANCELLED');
    expect(row.cancelledAt).not.toBeNull();
    expect(await credits(customer.id)).toBe(before + paid.priceCredits + paid.vatCredits);

    // once: running again (or a restart) moves no more money and sends nothing more
    const txs = (await db().select({ n: count() }).from(ledgerTransactions))[0].n;
    expect((await runOnce()).changed['projects.expire-untaken']).toBe(0);
    expect((await db().select({ n: count() }).from(ledgerTransactions))[0].n).toBe(txs);
    expect(await refundsOf(id)).toHaveLength(1);

    // the customer is told: a mail and a message box notice
    const mails = mailer.sent.slice(mailsBefore).filter((m) => m.to === customer.session.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('expired: refunded in full');
    expect(mails[0].text).toContain(`/project/${id}`);
    const notes = await db().select().from(userMessages).where(eq(userMessages.userId, customer.id));
    expect(notes.filter((m) => m.projectId === id && m.subject.includes('expired'))).toHaveLength(1);

    // the project page shows the move and why; the statement shows the refund
    const detail = detailOf(await customer.api.get(`/api/2/projects/${id}`));
    expect(detail.status).toBe('CANCELLED');
    const expiredEvent = detail.events.find((e) => e.action === 'expire');
    expect(expiredEvent?.note).toContain('Nobody took it before its deadline');
    const day = t.clock.now().toISOString().slice(0, 10);
    const statement = await customer.api.get(
      `/api/2/account/statement/get?date_from=2000-01-01&date_to=${day}&action_type=refund`,
    );
    expect(statement.statusCode, statement.body).toBe(200);
    const refundRow = (statement.json() as { data: { description: string; amount: number }[] }).data.find((r) =>
      r.description.includes(`project ${id}`),
    );
    expect(refundRow?.amount).toBe(paid.priceCredits + paid.vatCredits);
    expect(refundRow?.description).toContain('nobody took it before its deadline');
  });

  it('does not expire taken work, nor work the customer cancelled', async () => {
    const taken = await paidProject(t.app, customer, { words: 300 });
    detailOf(await translator.api.post(`/api/2/job/${taken}/take`));
    const cancelled = await paidProject(t.app, customer, { words: 300 });
    expect((await customer.api.post(`/api/2/projects/${cancelled}/cancel`)).statusCode).toBe(200);
    const before = await credits(customer.id);
    t.clock.advance(30 * 24 * HOUR);
    await runOnce();
    expect((await projectRow(t.app, taken)).status).toBe('DELAYED');
    expect((await projectRow(t.app, cancelled)).status).toBe('CANCELLED');
    expect(await refundsOf(cancelled)).toHaveLength(1);
    expect(await credits(customer.id)).toBe(before);
  });

  it('leaves the ledger whole', async () => {
    expect((await verifyLedger(db())).ok).toBe(true);
  });
});
