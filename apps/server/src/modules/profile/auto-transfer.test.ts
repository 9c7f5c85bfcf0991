import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_TEXTS, SESSION_COOKIE, SUB_ACCOUNT_TEXTS, type Cart } from '@parlance/shared';
import { ledgerTransactions, projects } from '../../db/schema';
import { balanceOfOwner, verifyLedger } from '../../platform/ledger';
import { authed, type TestSession, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { addCartOrder, giveCredits } from '../cart/cart-test-helpers';
import { newCustomer, type Person } from '../projects/projects-test-helpers';
import { multipart } from '../wizard/wizard-test-helpers';

// Auto-transfer (spec 2 §3): a sub-account that pays with too few credits gets the difference from
// its main account, through the ledger, inside the payment, once.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

type Api = ReturnType<typeof authed>;

/** The browser after a switch: the new cookie and its CSRF token. */
async function switchedApi(res: { cookies: { name: string; value: string }[] }): Promise<Api> {
  const sid = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  const cookie = `${SESSION_COOKIE}=${sid}`;
  const csrf = (await t.app.inject({ method: 'GET', url: '/registry/get?data=Session', headers: { cookie } })).json()
    .results.CSRFToken;
  const session: Pick<TestSession, 'cookie' | 'csrf'> = { cookie, csrf };
  return authed(t.app, session);
}

/**
 * A parent with a sub-account (auto-transfer set as asked), and the parent's browser switched into
 * the sub-account (the parent's own session ends with the switch; `back` returns to it).
 */
async function family(parentCredits: number, autoTransfer: boolean | string) {
  const parent = await newCustomer(t.app, parentCredits);
  const added = await parent.api.post('/api/2/account/beneficiary', { email: uniqueEmail('sub'), name: 'Team B' });
  const subId: number = added.json().results[0].id;
  if (autoTransfer !== false) {
    const set = await parent.api.post(`/api/2/account/beneficiary/${subId}/settings/auto_transfer`, {
      value: String(autoTransfer),
    });
    expect(set.json().results[0].autoTransfer).toBe(true);
  }
  const sub = await switchedApi(await parent.api.post('/api/2/account/switchBA', { uid: subId }));
  const back = async () => switchedApi(await sub.post('/api/2/account/switchBA', { uid: parent.id }));
  return { parent, subId, sub, back };
}

async function cartOf(api: Api): Promise<Cart> {
  return (await api.get('/api/2/cart/all')).json().results;
}

function pay(api: Api, ck: string, key: string) {
  const body = multipart({ ck }, []);
  return api.inject({
    method: 'POST',
    url: '/ajax/cart/translateNow',
    payload: body.payload,
    headers: { ...body.headers, 'idempotency-key': key },
  });
}

const credits = (userId: number) => balanceOfOwner(t.app.deps.db, userId, 'customer_credits');
const projectCount = async (customerId: number) =>
  (await t.app.deps.db.select({ n: count() }).from(projects).where(eq(projects.customerId, customerId)))[0].n;
const transferCount = async () =>
  (
    await t.app.deps.db.select({ n: count() }).from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'transfer'))
  )[0].n;

describe('auto-transfer of a sub-account', () => {
  it('without the setting, a sub-account short of credits is refused and nothing moves', async () => {
    const { parent, subId, sub } = await family(1_000_000, false);
    await addCartOrder(t.app.deps.db, subId);
    const cart = await cartOf(sub);
    const res = await pay(sub, cart.ck, 'no-auto-1');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(CART_TEXTS.notEnoughCredits);
    expect(await credits(parent.id)).toBe(1_000_000);
    expect(await projectCount(subId)).toBe(0);
  });

  it('with the setting, moves exactly the missing credits from the main account, once, then pays', async () => {
    const { parent, subId, sub, back } = await family(1_000_000, true);
    await giveCredits(t.app.deps.db, subId, 100);
    await addCartOrder(t.app.deps.db, subId);
    const cart = await cartOf(sub);
    expect(cart.totalCredits).toBeGreaterThan(100);
    const shortfall = cart.totalCredits - 100;
    const transfersBefore = await transferCount();

    const res = await pay(sub, cart.ck, 'auto-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().balance).toBe(0);
    expect(await credits(parent.id)).toBe(1_000_000 - shortfall);
    expect(await credits(subId)).toBe(0);
    expect(await projectCount(subId)).toBe(1);
    expect(await transferCount()).toBe(transfersBefore + 1);

    // the same payment retried: the first answer, nothing moves again
    const again = await pay(sub, cart.ck, 'auto-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().projects).toEqual(res.json().projects);
    expect(await credits(parent.id)).toBe(1_000_000 - shortfall);
    expect(await transferCount()).toBe(transfersBefore + 1);
    expect(await projectCount(subId)).toBe(1);

    // both see the transfer in their history
    const since = '2000-01-01';
    const subHistory = (await sub.get(`/api/2/account/balance/history?since=${since}`)).json().results.data;
    expect(subHistory.map((r: { amount: number }) => r.amount)).toEqual([100, shortfall, -cart.totalCredits]);
    // paged, newest first: the third of three movements alone on page 2 of 2 per page
    const paged = (await sub.get(`/api/2/account/balance/history?since=${since}&limit=2&page=2&order=desc`)).json();
    expect(paged.results).toMatchObject({ totalCount: 3, balance: 0 });
    expect(paged.results.data.map((r: { amount: number }) => r.amount)).toEqual([100]);
    expect((await sub.get(`/api/2/account/balance/history?since=${since}&order=sideways`)).statusCode).toBe(400);
    expect((await sub.get(`/api/2/account/balance/history?since=${since}&page=0`)).statusCode).toBe(400);
    const parentApi = await back();
    const parentHistory = (await parentApi.get(`/api/2/account/balance/history?since=${since}`)).json().results;
    expect(parentHistory.data.at(-1)).toMatchObject({ amount: -shortfall, kind: 'transfer' });
    expect((await verifyLedger(t.app.deps.db)).ok).toBe(true);
  });

  it('refuses cleanly when the main account lacks the credits too', async () => {
    const { parent, subId, sub } = await family(50, 'true');
    await addCartOrder(t.app.deps.db, subId);
    const cart = await cartOf(sub);
    const transfersBefore = await transferCount();
    const res = await pay(sub, cart.ck, 'auto-poor');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(SUB_ACCOUNT_TEXTS.autoTransferShort);
    expect(await credits(parent.id)).toBe(50);
    expect(await credits(subId)).toBe(0);
    expect(await projectCount(subId)).toBe(0);
    expect(await transferCount()).toBe(transfersBefore);
  });

  it("never takes a parent's credits for the parent's own payment, nor lets others set it", async () => {
    const parent = await newCustomer(t.app, 50);
    await parent.api.post('/api/2/account/beneficiary', { email: uniqueEmail('sub'), name: 'Team C' });
    await addCartOrder(t.app.deps.db, parent.id);
    const cart = await cartOf(parent.api);
    const res = await pay(parent.api, cart.ck, 'parent-poor');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(CART_TEXTS.notEnoughCredits);
    // an outsider cannot turn on auto-transfer for another customer's sub-account
    const other: Person = await newCustomer(t.app, 0);
    const { subId } = await family(1000, false);
    const res2 = await other.api.post(`/api/2/account/beneficiary/${subId}/settings/auto_transfer`, { value: 1 });
    expect(res2.statusCode).toBe(404);
  });
});
