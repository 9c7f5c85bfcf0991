import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LM_LIMITS, LM_TILE_CALLS } from '@parlance/shared';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { DEMO_LM, seedLmDashboardDemo } from '../../db/seed/demo-lm-dashboard';
import { hashPassword } from '../../platform/passwords';
import { authed, login, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// The demo data gives every tile of the dashboard a figure and every tile's table two pages.

let t: TestApp;
let lm: TestSession;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  await seedLmDashboardDemo(t.app.deps.db, await hashPassword(DEMO_PASSWORD, 'fast'), t.clock.now());
  lm = await login(t.app, DEMO_LM.email, DEMO_PASSWORD);
});
afterAll(() => t.close());

describe('language-manager demo data', () => {
  it('fills every tile with more than one page of projects', async () => {
    for (const tile of LM_TILE_CALLS) {
      const res = await authed(t.app, lm).get(`/api/2/dashboard/projects/${tile}`);
      expect(res.statusCode, tile).toBe(200);
      expect(res.json().results.total, tile).toBeGreaterThan(LM_LIMITS.pageSize);
    }
    const waiting = (await authed(t.app, lm).get('/api/2/dashboard/projects/waiting')).json().results;
    expect(waiting.myTeam).toBeGreaterThan(0);
    expect(waiting.editing).toBeGreaterThan(0);
    expect(waiting.chart.length).toBeGreaterThan(1);
    const page2 = (await authed(t.app, lm).get('/api/2/project/list?workflow_status=2&page=2')).json();
    expect(page2.data.length).toBeGreaterThan(0);
  });

  it('has available translators, pilots and pairs at risk', async () => {
    const available = (await authed(t.app, lm).get('/api/2/dashboard/users/available-translators')).json().results;
    expect(available.total).toBeGreaterThan(0);
    expect(available.editors).toBeGreaterThan(0);
    expect(available.waitingPilot).toBeGreaterThanOrEqual(2);
    const capacity = (await authed(t.app, lm).get('/api/2/dashboard/capacity')).json();
    expect(capacity.totalCount).toBeGreaterThan(3);
    expect(capacity.data[0].risk).toBe('high');
  });
});
