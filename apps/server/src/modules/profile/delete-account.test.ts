import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_TEXTS } from '@parlance/shared';
import {
  apiKeys,
  deletedAccounts,
  ledgerTransactions,
  profileUploads,
  projects,
  sessions,
  terminologySets,
  tmImports,
  users,
} from '../../db/schema';
import { balanceOfOwner, verifyLedger } from '../../platform/ledger';
import { authed, loginRequest, signUp, TEST_PASSWORD } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertProject } from '../project-lists/list-test-helpers';
import { newCustomer } from '../projects/projects-test-helpers';
import { multipart } from '../wizard/wizard-test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

describe('account deletion', () => {
  it('checks the password with the spec text, then erases personal data and ends every session, keeping the ledger', async () => {
    const me = await newCustomer(t.app, 5_000);
    await me.api.post('/userService/updateApiKeysForm', { keygen: '1' });
    await me.api.post('/userService/updateAccountInfo', {
      fullName: 'Doomed Person',
      userCountry: 'US',
      phone: '555 1234',
      address: '1 Secret Lane',
    });
    const [before] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    const transactionsBefore = await t.database.db.select().from(ledgerTransactions);

    const wrong = await me.api.post('/api/2/account/check-credentials', { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The password you entered is incorrect.');
    expect((await me.api.post('/api/2/account/check-credentials', { password: TEST_PASSWORD })).statusCode).toBe(200);

    const wrongDelete = await me.api.inject({
      method: 'POST',
      url: '/ajax/deleteAccount',
      payload: { reason: 'too-expensive', password: 'nope' },
    });
    expect(wrongDelete.statusCode).toBe(400);
    expect(wrongDelete.json().errors.password).toBe(DELETE_TEXTS.passwordIncorrect);
    const noWords = await me.api.inject({
      method: 'POST',
      url: '/ajax/deleteAccount',
      payload: { reason: 'other', password: TEST_PASSWORD },
    });
    expect(noWords.json().errors.comment).toBe(DELETE_TEXTS.otherRequired);

    const res = await me.api.inject({
      method: 'POST',
      url: '/ajax/deleteAccount',
      payload: { reason: 'other', comment: 'Moving to an in-house team', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);

    const [after] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(after).toMatchObject({ name: 'Deleted user', passwordHash: null, phone: null, company: '' });
    expect(after.email).not.toBe(before.email);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([]);
    expect(await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, me.id))).toEqual([]);
    expect((await me.api.get('/api/2/account/details')).statusCode).toBe(401);
    expect((await loginRequest(t.app, before.email, TEST_PASSWORD)).statusCode).toBe(401);
    const [record] = await t.database.db.select().from(deletedAccounts).where(eq(deletedAccounts.userId, me.id));
    expect(record).toMatchObject({ reason: 'other', comment: 'Moving to an in-house team' });

    // the ledger is a record: nothing removed, still balanced, the balance kept on the anonymous row
    expect(await t.database.db.select().from(ledgerTransactions)).toHaveLength(transactionsBefore.length);
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
    expect(await balanceOfOwner(t.database.db, me.id, 'customer_credits')).toBe(5_000);
    // the e-mail address is free for a new account
    await signUp(t.app, { user_email: before.email });
  });

  it('removes the uploaded files and refuses while a project is open', async () => {
    const me = await signUp(t.app, { user_type: 'translator' });
    await authed(t.app, me).inject({
      method: 'POST',
      url: '/service/uploadCV',
      ...multipart({}, [{ filename: 'cv.pdf', content: PDF }]),
    });
    const customer = await signUp(t.app);
    const projectId = await insertProject(t.database.db, {
      customerId: customer.user.id,
      translatorId: me.user.id,
      status: 'IN_PROGRESS',
    });
    const body = { reason: 'not-needed', password: TEST_PASSWORD };
    const busy = await authed(t.app, me).inject({ method: 'POST', url: '/ajax/deleteAccount', payload: body });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(DELETE_TEXTS.openProjects);
    const customerBusy = await authed(t.app, customer).inject({
      method: 'POST',
      url: '/ajax/deleteAccount',
      payload: body,
    });
    expect(customerBusy.statusCode).toBe(409);

    await t.database.db.update(projects).set({ status: 'COMPLETED' }).where(eq(projects.id, projectId));
    expect(
      (await authed(t.app, me).inject({ method: 'POST', url: '/ajax/deleteAccount', payload: body })).statusCode,
    ).toBe(200);
    expect(await t.database.db.select().from(profileUploads).where(eq(profileUploads.userId, me.user.id))).toEqual([]);
  });

  it("takes the customer's terminology and translation memories with the account", async () => {
    const me = await signUp(t.app);
    const csv = 'source,target\ninvoice,Rechnung\n';
    const terms = await authed(t.app, me).inject({
      method: 'POST',
      url: '/terminology/import',
      ...multipart({ srcLang: 'american-english', tarLang: 'german' }, [{ filename: 'terms.csv', content: csv }]),
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const tmx =
      '<?xml version="1.0"?><tmx version="1.4"><header srclang="en-US" datatype="plaintext" segtype="sentence" adminlang="en-US" o-tmf="x" creationtool="t" creationtoolversion="1"/><body><tu><tuv xml:lang="en-US"><seg>Hello</seg></tuv><tuv xml:lang="de-DE"><seg>Hallo</seg></tuv></tu></body></tmx>';
    const memory = await authed(t.app, me).inject({
      method: 'POST',
      url: '/tmx/import',
      ...multipart({}, [{ filename: 'memory.tmx', content: tmx }]),
    });
    expect(memory.statusCode, memory.body).toBe(200);
    const body = { reason: 'not-needed', password: TEST_PASSWORD };
    expect(
      (await authed(t.app, me).inject({ method: 'POST', url: '/ajax/deleteAccount', payload: body })).statusCode,
    ).toBe(200);
    expect(await t.database.db.select().from(terminologySets).where(eq(terminologySets.userId, me.user.id))).toEqual(
      [],
    );
    expect(await t.database.db.select().from(tmImports).where(eq(tmImports.userId, me.user.id))).toEqual([]);
  });

  it('is refused to bearer tokens and guests, and to an unknown reason', async () => {
    const me = await signUp(t.app);
    const token = (await authed(t.app, me).get('/api/2/auth/token')).json().results.jwt.access_token;
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/ajax/deleteAccount',
      payload: { reason: 'not-needed', password: TEST_PASSWORD },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/ajax/deleteAccount',
      payload: { reason: 'x', password: 'y' },
    });
    expect(guest.statusCode).toBe(401);
    const unknown = await authed(t.app, me).inject({
      method: 'POST',
      url: '/ajax/deleteAccount',
      payload: { reason: 'because', password: TEST_PASSWORD },
    });
    expect(unknown.statusCode).toBe(400);
    expect((await authed(t.app, me).get('/api/2/account/details')).statusCode).toBe(200);
  });
});
