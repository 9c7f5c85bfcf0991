import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PayoutList } from '@parlance/shared';
import { invoices, ledgerTransactions, payoutRequests } from '../../db/schema';
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

it('tells its story in order: ledger lines at the time they happened, document numbers by date', async () => {
  const db = t.database.db;
  const [paid] = await db.select().from(payoutRequests).where(eq(payoutRequests.status, 'paid'));
  const lines = await db
    .select()
    .from(ledgerTransactions)
    .where(sql`${ledgerTransactions.metadata}->>'payoutRequestId' = ${String(paid.id)}`);
  expect(lines.map((l) => l.kind).sort()).toEqual(['payout', 'payout_request']);
  // paid three weeks ago, not when the demo was made
  for (const line of lines) expect(Date.now() - line.createdAt.getTime()).toBeGreaterThan(20 * 24 * 3600 * 1000);

  const docs = await db.select().from(invoices).orderBy(asc(invoices.number));
  expect(docs.length).toBeGreaterThan(2);
  for (const prefix of ['PAR', 'RCT', 'CN']) {
    const series = docs.filter((d) => d.number.startsWith(`${prefix}-`));
    const numbers = series.map((d) => Number(d.number.slice(-6)));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const dates = series.map((d) => d.createdAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
  }
});
