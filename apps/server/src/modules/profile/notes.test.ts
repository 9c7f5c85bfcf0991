import { afterAll, beforeAll, expect, it } from 'vitest';
import { NOTE_TEXTS } from '@parlance/shared';
import { authed, signUp } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

it('saves, lists, changes and deletes project notes; content is required', async () => {
  const me = await signUp(t.app);
  const api = authed(t.app, me);
  const empty = await api.post('/userService/saveProjectNote', { title: 'Tone', content: '   ' });
  expect(empty.statusCode).toBe(400);
  expect(empty.json().errors.content).toBe(NOTE_TEXTS.contentRequired);
  const saved = await api.post('/userService/saveProjectNote', { title: 'Tone', content: 'Formal, no contractions.' });
  expect(saved.statusCode).toBe(200);
  const { id } = saved.json().note;
  await api.post('/userService/saveProjectNote', {
    id,
    title: 'Tone',
    content: 'Formal; keep product names in English.',
  });
  const list = (await api.get('/userService/getProjectNotesList')).json().list;
  expect(list).toEqual([expect.objectContaining({ id, content: 'Formal; keep product names in English.' })]);
  const del = await api.get(`/userService/deleteProjectNote?CSRFToken=${me.csrf}&id=${id}`);
  expect(del.statusCode).toBe(200);
  expect((await api.get('/userService/getProjectNotesList')).json().list).toEqual([]);
});

it("keeps one customer's notes from another (404) and from translators and guests", async () => {
  const owner = await signUp(t.app);
  const other = await signUp(t.app);
  const { id } = (await authed(t.app, owner).post('/userService/saveProjectNote', { content: 'Mine' })).json().note;
  expect((await authed(t.app, other).get('/userService/getProjectNotesList')).json().list).toEqual([]);
  expect((await authed(t.app, other).post('/userService/saveProjectNote', { id, content: 'Taken' })).statusCode).toBe(
    404,
  );
  expect((await authed(t.app, other).get(`/userService/deleteProjectNote?id=${id}`)).statusCode).toBe(404);
  const noCsrf = await t.app.inject({
    method: 'GET',
    url: `/userService/deleteProjectNote?id=${id}`,
    headers: { cookie: owner.cookie },
  });
  expect(noCsrf.statusCode).toBe(403);
  const translator = await signUp(t.app, { user_type: 'translator' });
  expect((await authed(t.app, translator).get('/userService/getProjectNotesList')).statusCode).toBe(403);
  expect((await t.app.inject({ method: 'GET', url: '/userService/getProjectNotesList' })).statusCode).toBe(401);
  expect((await authed(t.app, owner).get('/userService/getProjectNotesList')).json().list[0].content).toBe('Mine');
});
