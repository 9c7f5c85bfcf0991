import { SESSION_COOKIE, SUB_ACCOUNT_TEXTS } from '@parlance/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOfOwner, verifyLedger } from '../../platform/ledger';
import { authed, signUp, type TestSession, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../projects/projects-test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function registryUser(session: Pick<TestSession, 'cookie'>) {
  return (
    await t.app.inject({ method: 'GET', url: '/registry/get?data=User', headers: { cookie: session.cookie } })
  ).json().results;
}

/** The browser after a switch: the new cookie and its CSRF token. */
async function switched(res: { cookies: { name: string; value: string }[] }): Promise<TestSession> {
  const sid = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  if (!sid) throw new Error('no new session cookie');
  const cookie = `${SESSION_COOKIE}=${sid}`;
  const csrf = (await t.app.inject({ method: 'GET', url: '/registry/get?data=Session', headers: { cookie } })).json()
    .results.CSRFToken;
  return { cookie, csrf, user: await registryUser({ cookie }) };
}

describe('sub-accounts', () => {
  it('adds a sub-account by e-mail, switches to it and back through the Switch to list', async () => {
    const parent = await newCustomer(t.app, 0);
    const email = uniqueEmail('sub');
    const added = await parent.api.post('/api/2/account/beneficiary', { email, name: 'Marketing Team' });
    expect(added.statusCode).toBe(200);
    const [sub] = added.json().results;
    expect(sub).toMatchObject({ email, name: 'Marketing Team', autoTransfer: false, balance: 0 });

    // the user bar lists it
    expect((await registryUser(parent.session)).beneficiary).toEqual({ [String(sub.id)]: `Marketing Team (${email})` });

    const go = await parent.api.post('/api/2/account/switchBA', { uid: sub.id });
    expect(go.statusCode).toBe(200);
    expect(go.json().user).toMatchObject({ id: sub.id, email, isAdmin: false });
    const asSub = await switched(go);
    expect(asSub.user.id).toBe(sub.id);
    expect(asSub.user.beneficiary).toEqual({ [String(parent.id)]: expect.stringContaining('(main account)') });
    // the old cookie is dead
    expect(await registryUser(parent.session)).toBeNull();
    // from a sub-account there is no way into another account
    const sideways = await authed(t.app, asSub).post('/api/2/account/switchBA', { uid: sub.id + 1000 });
    expect(sideways.statusCode).toBe(403);

    const back = await authed(t.app, asSub).post('/api/2/account/switchBA', { uid: parent.id });
    expect(back.statusCode).toBe(200);
    const asParent = await switched(back);
    expect(asParent.user.id).toBe(parent.id);
  });

  it('refuses an e-mail that has an account, an empty one, and switching into anyone else', async () => {
    const parent = await newCustomer(t.app, 0);
    const stranger = await signUp(t.app);
    const taken = await parent.api.post('/api/2/account/beneficiary', { email: stranger.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(SUB_ACCOUNT_TEXTS.emailTaken);
    const empty = await parent.api.post('/api/2/account/beneficiary', { email: '' });
    expect(empty.statusCode).toBe(400);
    const hijack = await parent.api.post('/api/2/account/switchBA', { uid: stranger.user.id });
    expect(hijack.statusCode).toBe(404);
    expect((await registryUser(stranger)).id).toBe(stranger.user.id);
    const translator = await signUp(t.app, { user_type: 'translator' });
    expect(
      (await authed(t.app, translator).post('/api/2/account/beneficiary', { email: uniqueEmail() })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/account/beneficiary' })).statusCode).toBe(401);
  });

  it("does not let another customer see, change or remove one's sub-accounts (404)", async () => {
    const parent = await newCustomer(t.app, 0);
    const other = await newCustomer(t.app, 0);
    const [sub] = (await parent.api.post('/api/2/account/beneficiary', { email: uniqueEmail() })).json().results;
    expect((await other.api.get('/api/2/account/beneficiary')).json().results).toEqual([]);
    expect(
      (await other.api.post(`/api/2/account/beneficiary/${sub.id}/settings/auto_transfer`, { value: '1' })).statusCode,
    ).toBe(404);
    expect((await other.api.inject({ method: 'DELETE', url: `/api/2/account/beneficiary/${sub.id}` })).statusCode).toBe(
      404,
    );
    const auto = await parent.api.post(`/api/2/account/beneficiary/${sub.id}/settings/auto_transfer`, { value: '1' });
    expect(auto.json().results[0].autoTransfer).toBe(true);
    const removed = await parent.api.inject({ method: 'DELETE', url: `/api/2/account/beneficiary/${sub.id}` });
    expect(removed.json().results).toEqual([]);
  });
});

describe('credit transfers', () => {
  it('moves credits to the sub-account once per idempotency key, through the ledger, with history', async () => {
    const parent = await newCustomer(t.app, 10_000);
    const [sub] = (await parent.api.post('/api/2/account/beneficiary', { email: uniqueEmail() })).json().results;
    const transfer = () =>
      parent.api.inject({
        method: 'POST',
        url: '/api/2/account/balance/transfer',
        payload: { to_user_uuid: sub.id, credits: 2_500 },
        headers: { 'idempotency-key': 'move-1' },
      });
    const first = await transfer();
    expect(first.statusCode).toBe(200);
    expect(first.json().results).toMatchObject({ credits: 2_500, balance: 7_500, toBalance: 2_500 });
    const retry = await transfer();
    expect(retry.json()).toEqual(first.json());
    expect(await balanceOfOwner(t.database.db, parent.id, 'customer_credits')).toBe(7_500);
    expect(await balanceOfOwner(t.database.db, sub.id, 'customer_credits')).toBe(2_500);
    expect((await verifyLedger(t.database.db)).ok).toBe(true);

    // history with a bearer token, as the spec's call sends it
    const token = (await parent.api.get('/api/2/auth/token')).json().results.jwt.access_token;
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/2/account/balance/history?since=2000-01-01',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().results.balance).toBe(7_500);
    expect(history.json().results.data.at(-1)).toMatchObject({ amount: -2_500, kind: 'transfer' });
    const bad = await parent.api.get('/api/2/account/balance/history?since=yesterday');
    expect(bad.statusCode).toBe(400);
  });

  it('moves nothing above the balance, to a stranger, or with a bad amount', async () => {
    const parent = await newCustomer(t.app, 1_000);
    const stranger = await newCustomer(t.app, 0);
    const [sub] = (await parent.api.post('/api/2/account/beneficiary', { email: uniqueEmail() })).json().results;
    const tooMuch = await parent.api.post('/api/2/account/balance/transfer', { to_user_uuid: sub.id, credits: 1_001 });
    expect(tooMuch.statusCode).toBe(402);
    expect(tooMuch.json().message).toBe('Not enough credits');
    const toStranger = await parent.api.post('/api/2/account/balance/transfer', {
      to_user_uuid: stranger.id,
      credits: 10,
    });
    expect(toStranger.statusCode).toBe(404);
    for (const credits of ['0', '-5', '1.5', 'lots']) {
      const res = await parent.api.post('/api/2/account/balance/transfer', { to_user_uuid: sub.id, credits });
      expect(res.statusCode, credits).toBe(400);
    }
    expect(await balanceOfOwner(t.database.db, parent.id, 'customer_credits')).toBe(1_000);
    expect(await balanceOfOwner(t.database.db, stranger.id, 'customer_credits')).toBe(0);
    expect(await balanceOfOwner(t.database.db, sub.id, 'customer_credits')).toBe(0);
  });
});
