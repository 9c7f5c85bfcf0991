import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PayoutList } from '@parlance/shared';
import { seedDemoData } from '../../db/seed/demo';
import { verifyLedger } from '../../platform/ledger';
import { authed, loginDemo } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { storage: t.app.deps.storage, passwordHashing: 'fast' });
});
afterAll(async () => {
  expect((await verifyLedger(t.app.deps.db)).ok).toBe(true);
  await t?.close();
});

it('the demo translator has one paid and one pending payout and can still request one', async () => {
  const session = await loginDemo(t.app, 'translator');
  const list = (await authed(t.app, session).get('/api/2/account/convert/requests')).json() as PayoutList;
  expect(list.data.map((p) => p.status).sort()).toEqual(['paid', 'pending']);
  expect(list.methods.map((m) => m.method).sort()).toEqual(['paypal', 'wire']);
  expect(list.available).toBeGreaterThanOrEqual(list.minimum);
});
