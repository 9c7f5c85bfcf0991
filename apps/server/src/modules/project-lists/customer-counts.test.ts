import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../platform/ledger';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, newTranslator, paidProject, takeAndDeliver } from '../projects/projects-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/2/account/customer-projects/counts', () => {
  it('answers the customer’s projects per status filter, as the project moves', async () => {
    const customer = await newCustomer(t.app);
    const translator = await newTranslator(t.app);
    const empty = await customer.api.get('/api/2/account/customer-projects/counts');
    expect(empty.json()).toEqual({ results: { CANCELLED: 0, COMPLETED: 0, IN_PROGRESS: 0, PENDING: 0, READY: 0 } });
    const a = await paidProject(t.app, customer);
    await paidProject(t.app, customer);
    await takeAndDeliver(translator, a);
    const res = await customer.api.get('/api/2/account/customer-projects/counts');
    expect(res.json().results).toEqual({ CANCELLED: 0, COMPLETED: 0, IN_PROGRESS: 0, PENDING: 1, READY: 1 });
    // someone else's projects are not counted
    const other = await newCustomer(t.app, 0);
    expect((await other.api.get('/api/2/account/customer-projects/counts')).json().results.READY).toBe(0);
  });

  it('is for customers only: 403 for a translator, 401 for a guest', async () => {
    const translator = await newTranslator(t.app);
    expect((await translator.api.get('/api/2/account/customer-projects/counts')).statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'GET', url: '/api/2/account/customer-projects/counts' });
    expect(guest.statusCode).toBe(401);
  });

  it('leaves the ledger whole', async () => {
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });
});
