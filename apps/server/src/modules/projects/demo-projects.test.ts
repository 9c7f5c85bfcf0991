import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetail, ProjectStatus } from '@parlance/shared';
import { myTeamMembers, projectMessages, projectReviews, projects, projectTags } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo';
import { balanceOfOwner, verifyLedger } from '../../platform/ledger';
import { authed, loginDemo, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// The demo projects (what `npm start` seeds into a new database): every status a screen shows,
// made through the real services, with a whole ledger.

let t: TestApp;
let customer: TestSession;
let translator: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { storage: t.app.deps.storage, passwordHashing: 'fast' });
  customer = await loginDemo(t.app, 'customer');
  translator = await loginDemo(t.app, 'translator');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

describe('the demo projects', () => {
  it('give the demo customer a project in every status the screens need', async () => {
    const rows = await db().select().from(projects).where(eq(projects.customerId, customer.user.id));
    const statuses = new Set(rows.map((r) => r.status));
    const wanted: ProjectStatus[] = [
      'PENDING',
      'IN_PROGRESS',
      'DELAYED',
      'READY',
      'COMPLETED',
      'CANCELLED',
      'DISPUTED',
    ];
    for (const s of wanted) expect(statuses, s).toContain(s);
    expect(rows.filter((r) => r.status === 'IN_PROGRESS').length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.priceCredits > 0)).toBe(true);
    const rated = rows.filter((r) => r.rating !== null).map((r) => r.rating);
    expect(rated.sort()).toEqual([2, 5]);
    expect((await db().select().from(projectTags)).length).toBeGreaterThan(3);
    expect((await db().select().from(projectMessages)).length).toBe(6); // 3 posts of the project demo and 3 held ones of the moderation demo
    // the demo customer's reviewed work (the language-manager demo adds reviews of other clients' projects)
    const ids = new Set(rows.map((r) => r.id));
    const reviews = (await db().select().from(projectReviews)).filter((r) => ids.has(r.projectId));
    expect(reviews.map((r) => r.kind).sort()).toEqual(['ll', 'qa']);
  });

  it('give the demo translator open jobs, work, a team and earnings both pending and available', async () => {
    const api = authed(t.app, translator);
    expect(await balanceOfOwner(db(), translator.user.id, 'translator_pending')).toBeGreaterThan(0);
    expect(await balanceOfOwner(db(), translator.user.id, 'translator_available')).toBeGreaterThan(0);
    expect((await api.get('/api/2/account/earnings')).json().availableCredits).toBeGreaterThan(0);
    const team = await db().select().from(myTeamMembers).where(eq(myTeamMembers.translatorId, translator.user.id));
    expect(team.map((m) => m.customerId)).toEqual([customer.user.id]);
    const pending = await db().select().from(projects).where(eq(projects.status, 'PENDING'));
    const views = await Promise.all(pending.map((p) => api.get(`/api/2/projects/${p.id}`)));
    const offered = views.filter((r) => r.statusCode === 200).map((r) => r.json() as ProjectDetail);
    expect(offered.length).toBeGreaterThanOrEqual(2);
    expect(offered.every((d) => d.viewerRole === 'candidate' && d.actions.includes('take'))).toBe(true);

    const ready = (await db().select().from(projects).where(eq(projects.status, 'READY')))[0];
    const detail = (await authed(t.app, customer).get(`/api/2/projects/${ready.id}`)).json() as ProjectDetail;
    expect(detail.files.filter((f) => f.context === 'translation')).toHaveLength(1);
    expect(detail.events.map((e) => e.action)).toEqual(['paid', 'take', 'deliver']);
  });

  it('are dated from the day the demo is made: nothing waiting for a translator is overdue', async () => {
    const now = Date.now();
    const rows = await db().select().from(projects).where(eq(projects.customerId, customer.user.id));
    const waiting = rows.filter((r) => r.status === 'PENDING');
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    for (const r of waiting) {
      expect(r.createdAt.getTime()).toBeGreaterThan(now - 24 * 60 * 60 * 1000);
      expect(r.deadline?.getTime() ?? 0).toBeGreaterThan(now);
    }
    const open = (await authed(t.app, translator).get('/api/2/job/open')).json() as { data: { id: number }[] };
    // offered to the demo translator (one is for a pair the translator does not work in)
    expect(waiting.filter((r) => open.data.some((o) => o.id === r.id)).length).toBeGreaterThanOrEqual(1);
    // the scheduler's first run on a fresh demo expires nothing of the demo customer's
    const run = await t.app.deps.scheduler.runOnce();
    expect(run.changed['projects.expire-untaken'] ?? 0).toBe(0);
  });

  it('keep the ledger whole', async () => {
    const report = await verifyLedger(db());
    expect(report.ok).toBe(true);
  });
});
