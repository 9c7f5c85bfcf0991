import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS } from '@parlance/shared';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, newTranslator, paidProject, type Person } from '../projects/projects-test-helpers';

// Preferred translators (spec 2: "preferred translators"; the customer's My Team): listed with the
// spec's call, found by name or id, added and removed; they are offered the customer's projects first.

let t: TestApp;
let customer: Person;
let favourite: Person;
let everyoneElse: Person;

beforeAll(async () => {
  t = await createTestApp();
  customer = await newCustomer(t.app);
  favourite = await newTranslator(t.app);
  everyoneElse = await newTranslator(t.app);
});

afterAll(async () => {
  await t?.close();
});

const openIds = async (p: Person) =>
  ((await p.api.get('/api/2/job/open')).json() as { data: { id: number }[] }).data.map((r) => r.id);

describe('preferred translators', () => {
  it('finds a translator by name or id, adds them, lists them with the spec call, and removes them', async () => {
    const name = favourite.session.user.name;
    const byName = await customer.api.get(
      `/api/2/account/my-team/search?query=${encodeURIComponent(name.slice(0, 6))}`,
    );
    expect(byName.statusCode).toBe(200);
    expect(byName.json().results).toContainEqual(expect.objectContaining({ id: favourite.id, name }));
    expect(JSON.stringify(byName.json())).not.toContain('@');
    const byId = (await customer.api.get(`/api/2/account/my-team/search?query=${favourite.id}`)).json().results;
    expect(byId).toEqual([expect.objectContaining({ id: favourite.id })]);
    // a customer id finds nothing; one letter finds nothing
    expect((await customer.api.get(`/api/2/account/my-team/search?query=${customer.id}`)).json().results).toEqual([]);
    expect((await customer.api.get('/api/2/account/my-team/search?query=a')).json().results).toEqual([]);

    expect((await customer.api.post('/api/2/account/my-team', { translatorId: favourite.id })).statusCode).toBe(200);
    // adding again changes nothing
    const again = await customer.api.post('/api/2/account/my-team', { translatorId: favourite.id });
    expect(again.json().totalCount).toBe(1);
    const listed = (await customer.api.get('/api/2/account/customer/preferred-translators')).json().results;
    expect(listed).toEqual([{ id: favourite.id, name }]);

    // bad input and wrong people
    expect((await customer.api.post('/api/2/account/my-team', { translatorId: customer.id })).statusCode).toBe(400);
    expect((await customer.api.post('/api/2/account/my-team', { translatorId: 'abc' })).statusCode).toBe(400);
    expect((await favourite.api.get('/api/2/account/my-team/search?query=ab')).statusCode).toBe(403);
    const stranger = await newCustomer(t.app, 0);
    expect((await stranger.api.delete(`/api/2/account/my-team/${favourite.id}`)).statusCode).toBe(404);
    expect((await stranger.api.get('/api/2/account/customer/preferred-translators')).json().results).toEqual([]);

    expect((await customer.api.delete(`/api/2/account/my-team/${favourite.id}`)).statusCode).toBe(200);
    expect((await customer.api.get('/api/2/account/customer/preferred-translators')).json().results).toEqual([]);
    expect((await customer.api.delete(`/api/2/account/my-team/${favourite.id}`)).statusCode).toBe(404);
  });

  it("offers the customer's new projects to a preferred translator first, to everyone after the window", async () => {
    await customer.api.post('/api/2/account/my-team', { translatorId: favourite.id });
    const project = await paidProject(t.app, customer);
    expect(await openIds(favourite)).toContain(project);
    expect(await openIds(everyoneElse)).not.toContain(project);

    t.clock.advance(PROJECT_LIMITS.myTeamFirstWindowMs + 1000);
    expect(await openIds(everyoneElse)).toContain(project);

    // without preferred translators a project is everyone's at once
    await customer.api.delete(`/api/2/account/my-team/${favourite.id}`);
    const next = await paidProject(t.app, customer);
    expect(await openIds(everyoneElse)).toContain(next);
  });
});
