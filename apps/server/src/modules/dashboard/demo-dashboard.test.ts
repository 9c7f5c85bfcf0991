import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DashboardAdditionalData, DashboardStatistics } from '@parlance/shared';
import { seedDemoData } from '../../db/seed/demo';
import { verifyLedger } from '../../platform/ledger';
import { authed, loginDemo, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let translator: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { storage: t.app.deps.storage, passwordHashing: 'fast' });
  translator = await loginDemo(t.app, 'translator');
}, 240_000);
afterAll(async () => {
  expect((await verifyLedger(t.app.deps.db)).ok).toBe(true);
  await t?.close();
});

it('the demo translator has months of history, a computed level, and earnings pending and available', async () => {
  const api = authed(t.app, translator);
  const stats = (await api.get('/api/2/dashboard/statistics')).json().results as DashboardStatistics;
  expect(stats.months.filter((m) => m.projects > 0).length).toBeGreaterThanOrEqual(6);
  expect(stats.rating.count).toBeGreaterThanOrEqual(10);
  expect(stats.answers24h.total).toBeGreaterThan(0);
  const data = (await api.get('/api/2/dashboard/additional-data')).json() as DashboardAdditionalData;
  expect(data.leveling.enoughEvidence).toBe(true);
  expect(data.leveling.computedAt).not.toBeNull();
  expect(data.leveling.level).toBe(data.leveling.computedLevel);
  expect(data.leveling.level).toBeGreaterThanOrEqual(2);
  expect(data.pending.length).toBeGreaterThan(0);
  expect(data.pending.every((p) => p.freesAt !== null)).toBe(true);
  expect(data.balance).toBeGreaterThan(0);
  expect(data.converted.length).toBe(1);
  expect(data.statement.length).toBeGreaterThan(0);
  const affected = (await api.get(`/api/2/leveling/${translator.user.id}/projects-affected`)).json();
  const kinds = affected.data.map((a: { attribute: string }) => a.attribute);
  expect(kinds).toContain('rating');
  expect(kinds).toContain('late');
});
