import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projects } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo';
import { authed, loginDemo } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { storage: t.app.deps.storage, passwordHashing: 'fast' });
});

afterAll(async () => {
  await t?.close();
});

it('gives the demo customer terminology for one pair, a translation memory and a group with the demo translator', async () => {
  const customer = await loginDemo(t.app, 'customer');
  const api = authed(t.app, customer);
  const list = (await api.get('/terminology/list')).json();
  expect(list.results).toEqual([
    expect.objectContaining({ srcLang: expect.objectContaining({ slug: 'american-english' }), termCount: 8 }),
  ]);
  const langs = (await api.get('/tmx/getxtmlanguages')).json().results.map((l: { code: string }) => l.code);
  expect(langs).toEqual(['de-DE', 'en-US', 'fr-FR']);
  const hits = (await api.get('/api/2/account/tmx/search?q=the%20invoice&lang=en-US')).json().results;
  expect(hits[0].variants).toContainEqual({ lang: 'de-DE', text: 'Die Rechnung ist in 30 Tagen fällig.' });
  const groups = (await api.get(`/api/2/account/cat-tool-map/${customer.user.id}`)).json().results.groups;
  expect(groups[0].users).toEqual([expect.objectContaining({ email: 'translator@parlance.test' })]);

  const translator = await loginDemo(t.app, 'translator');
  const [project] = await t.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.customerId, customer.user.id), eq(projects.translatorId, translator.user.id)))
    .limit(1);
  expect(project).toBeDefined();
  const memory = await authed(t.app, translator).get(`/api/2/projects/${project.id}/translation-memory`);
  expect(memory.json().results.available).toBe(true);
});
