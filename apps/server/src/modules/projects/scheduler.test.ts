import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS } from '@parlance/shared';
import { ledgerTransactions, myTeamMembers, projectEvents, users } from '../../db/schema';
import { balanceOfOwner, verifyLedger } from '../../platform/ledger';
import { createScheduler } from '../../platform/scheduler';
import { CapturingMailer, createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../wizard/wizard-test-helpers';
import {
  detailOf,
  newCustomer,
  newTranslator,
  type Person,
  paidProject,
  projectRow,
  takeAndDeliver,
} from './projects-test-helpers';
import { addProjectTasks } from './timed-moves';

// The scheduler's timed moves, driven by the test clock: each happens once, at its time, and
// running the scheduler again (as after a restart) changes nothing more.

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
const eventsOf = async (id: number) =>
  (await db().select().from(projectEvents).where(eq(projectEvents.projectId, id)).orderBy(projectEvents.id)).map(
    (e) => e.action,
  );
const txCount = async () => (await db().select({ n: count() }).from(ledgerTransactions))[0].n;

describe('the scheduler', () => {
  it('marks a job past its deadline delayed, once; delivery still works', async () => {
    const id = await paidProject(t.app, customer, { words: 1000 });
    detailOf(await translator.api.post(`/api/2/job/${id}/take`));
    t.clock.advance(23 * HOUR);
    await runOnce();
    expect((await projectRow(t.app, id)).status).toBe('IN_PROGRESS');
    t.clock.advance(2 * HOUR);
    const first = await runOnce();
    expect(first.changed['projects.mark-delayed']).toBe(1);
    expect((await projectRow(t.app, id)).status).toBe('DELAYED');
    const again = await runOnce();
    expect(again.changed['projects.mark-delayed']).toBe(0);
    expect(await eventsOf(id)).toEqual(['paid', 'take', 'mark-delayed']);
    const delivered = detailOf(
      await translator.api.inject({
        method: 'POST',
        url: `/api/2/projects/${id}/deliver`,
        ...multipart({}, [{ filename: 'late.txt', content: 'late' }]),
      }),
    );
    expect(delivered.status).toBe('READY');
  });

  it('completes a delivery after 7 days, posts earnings once, releases them after 72 hours once', async () => {
    const id = await paidProject(t.app, customer, { words: 500 });
    await takeAndDeliver(translator, id);
    const before = mailer.sent.length;
    t.clock.advance(PROJECT_LIMITS.autoCompleteAfterMs - HOUR);
    await runOnce();
    expect((await projectRow(t.app, id)).status).toBe('READY');
    t.clock.advance(2 * HOUR);
    await runOnce();
    const row = await projectRow(t.app, id);
    expect(row.status).toBe('COMPLETED');
    expect(row.earningsPostedAt).not.toBeNull();
    expect(mailer.sent.slice(before).map((m) => m.to)).toContain(customer.session.user.email);
    const pendingNow = await balanceOfOwner(db(), translator.id, 'translator_pending');
    expect(pendingNow).toBeGreaterThanOrEqual(row.translatorEarningsCredits);
    const txs = await txCount();
    await runOnce();
    expect(await txCount()).toBe(txs);
    expect((await eventsOf(id)).filter((a) => a === 'auto-complete')).toHaveLength(1);

    const availableBefore = await balanceOfOwner(db(), translator.id, 'translator_available');
    // the late delivery of the test above completed in the same run: both are released together
    const pendingBefore = await balanceOfOwner(db(), translator.id, 'translator_pending');
    t.clock.advance(PROJECT_LIMITS.earningsHoldMs - HOUR);
    await runOnce();
    expect((await projectRow(t.app, id)).earningsReleasedAt).toBeNull();
    t.clock.advance(2 * HOUR);
    await runOnce();
    await runOnce();
    expect((await projectRow(t.app, id)).earningsReleasedAt).not.toBeNull();
    expect(await balanceOfOwner(db(), translator.id, 'translator_available')).toBe(availableBefore + pendingBefore);
    expect(await balanceOfOwner(db(), translator.id, 'translator_pending')).toBe(0);
    const releases = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'release'));
    expect(releases.filter((r) => r.metadata.projectId === id)).toHaveLength(1);
    const earnings = await translator.api.get('/api/2/account/earnings');
    expect(earnings.json().availableCredits).toBeGreaterThanOrEqual(row.translatorEarningsCredits);
  });

  it('does not complete a disputed delivery: its earnings wait for an admin', async () => {
    const disputed = await paidProject(t.app, customer, { words: 100 });
    await takeAndDeliver(translator, disputed);
    await customer.api.postJson(`/api/2/projects/${disputed}/dispute`, { reason: 'Missing the last page.' });
    const pendingBefore = await balanceOfOwner(db(), translator.id, 'translator_pending');
    t.clock.advance(PROJECT_LIMITS.autoCompleteAfterMs + HOUR);
    await runOnce();
    expect((await projectRow(t.app, disputed)).status).toBe('DISPUTED');
    expect(await balanceOfOwner(db(), translator.id, 'translator_pending')).toBe(pendingBefore);
  });

  it('a scheduler made again (a restart) neither misses nor repeats a move', async () => {
    const id = await paidProject(t.app, customer, { words: 100 });
    detailOf(await translator.api.post(`/api/2/job/${id}/take`));
    t.clock.advance(30 * HOUR);
    // a new scheduler with the same tasks, as after a restart: it finds the due move by the rows
    const restarted = createScheduler(t.clock);
    addProjectTasks(restarted, t.app.deps);
    expect((await restarted.runOnce()).changed['projects.mark-delayed']).toBe(1);
    expect((await runOnce()).changed['projects.mark-delayed']).toBe(0);
    expect((await eventsOf(id)).filter((a) => a === 'mark-delayed')).toHaveLength(1);
  });

  it('mails the other matching translators once the My Team window ends, once', async () => {
    const teamCustomer = await newCustomer(t.app);
    const member = await newTranslator(t.app, { pairs: [['american-english', 'dutch']] });
    const outsider = await newTranslator(t.app, { pairs: [['american-english', 'dutch']] });
    await db().insert(myTeamMembers).values({ customerId: teamCustomer.id, translatorId: member.id });
    const before = mailer.sent.length;
    const id = await paidProject(t.app, teamCustomer, { targets: ['dutch'] });
    const to = () =>
      mailer.sent
        .slice(before)
        .filter((m) => m.preference?.flag === 'email_newproject')
        .map((m) => m.to);
    expect(to()).toEqual([member.session.user.email]);
    expect((await outsider.api.get(`/api/2/projects/${id}`)).statusCode).toBe(404);
    await runOnce();
    expect(to()).toEqual([member.session.user.email]);
    t.clock.advance(PROJECT_LIMITS.myTeamFirstWindowMs + 60_000);
    expect((await runOnce()).changed['projects.open-to-all']).toBe(1);
    expect(to()).toEqual([member.session.user.email, outsider.session.user.email]);
    expect((await runOnce()).changed['projects.open-to-all']).toBe(0);
    expect(to()).toHaveLength(2);
    expect(detailOf(await outsider.api.get(`/api/2/projects/${id}`)).actions).toEqual(['take']);
  });

  it('a delivery held by an admin does not complete; once released it waits its 7 days again', async () => {
    const adminSession = await newCustomer(t.app, 0);
    await db().update(users).set({ type: 'admin', isAdmin: true }).where(eq(users.id, adminSession.id));
    // fresh sessions: the clock has moved weeks by now
    const owner = await newCustomer(t.app);
    const worker = await newTranslator(t.app, { pairs: [['american-english', 'italian']] });
    const id = await paidProject(t.app, owner, { targets: ['italian'], words: 100 });
    await takeAndDeliver(worker, id);
    expect(detailOf(await adminSession.api.post(`/api/2/admin/projects/${id}/hold`)).status).toBe('HOLD');
    t.clock.advance(PROJECT_LIMITS.autoCompleteAfterMs + HOUR);
    await runOnce();
    expect((await projectRow(t.app, id)).status).toBe('HOLD');
    const released = detailOf(await adminSession.api.post(`/api/2/admin/projects/${id}/release`));
    expect(released.status).toBe('READY');
    await runOnce();
    expect((await projectRow(t.app, id)).status).toBe('READY');
    t.clock.advance(PROJECT_LIMITS.autoCompleteAfterMs + HOUR);
    await runOnce();
    expect((await projectRow(t.app, id)).status).toBe('COMPLETED');
    expect(await eventsOf(id)).toEqual(['paid', 'take', 'deliver', 'hold', 'release', 'auto-complete']);
  });

  it('leaves the ledger whole', async () => {
    expect((await verifyLedger(db())).ok).toBe(true);
  });
});
