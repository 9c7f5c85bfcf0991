import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/demo';
import { loginDemo } from '../../test/auth-helpers';
import { authed } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { storage: t.app.deps.storage, passwordHashing: 'fast' });
});

afterAll(async () => {
  await t?.close();
});

it('gives the demo translator a complete profile with a voice-over service', async () => {
  const translator = await loginDemo(t.app, 'translator');
  const wizard = (await authed(t.app, translator).get('/api/2/profilewizard')).json().results;
  expect(wizard).toMatchObject({ complete: true, next: null });
  const profile = (await authed(t.app, translator).get('/api/2/account/translator-profile')).json().profile;
  expect(profile.services).toContain('Voice-over');
  expect(profile.pairs.length).toBeGreaterThan(0);
  const cv = await authed(t.app, translator).get(profile.uploads[0].url);
  expect(cv.statusCode).toBe(200);
});

it('gives the demo customer an address, a second address, an API key, two project notes and a sub-account', async () => {
  const customer = await loginDemo(t.app, 'customer');
  const api = authed(t.app, customer);
  expect((await api.get('/api/2/account/details')).json().results.city).toBe('San Francisco');
  expect((await api.get('/api/2/account/mailing-preferences')).json().results.secondaryEmails).toHaveLength(1);
  expect((await api.get('/api/2/account/api-keys')).json().results.apiKey).not.toBeNull();
  expect((await api.get('/userService/getProjectNotesList')).json().list).toHaveLength(2);
  expect((await api.get('/api/2/account/beneficiary')).json().results).toHaveLength(1);
});

it("lists the demo customer's preferred translators (My Team), and not to translators", async () => {
  const customer = await loginDemo(t.app, 'customer');
  const res = await authed(t.app, customer).get('/api/2/account/customer/preferred-translators');
  expect(res.statusCode).toBe(200);
  expect(res.json().results.map((r: { name: string }) => r.name)).toContain('Tomas Translator');
  const translator = await loginDemo(t.app, 'translator');
  expect((await authed(t.app, translator).get('/api/2/account/customer/preferred-translators')).statusCode).toBe(403);
  expect((await t.app.inject({ method: 'GET', url: '/api/2/account/customer/preferred-translators' })).statusCode).toBe(
    401,
  );
});

it("shows the demo translator's networks, transcription languages and Telegram subscription, and the customer sees the public profile", async () => {
  const translator = await loginDemo(t.app, 'translator');
  const tr = authed(t.app, translator);
  expect((await tr.get('/api/2/account/networks')).json().results.linkedin).toMatch(/^https:\/\/www\.linkedin\.com\//);
  expect((await tr.get('/api/2/account/transcription-skills')).json().results.languages.length).toBeGreaterThan(0);
  expect((await tr.get('/telegram/subscription')).json().results).toMatchObject({
    has_subscribed: true,
    connected: true,
  });

  const customer = await loginDemo(t.app, 'customer');
  const shown = await authed(t.app, customer).get(`/api/2/account/public-profile?user_id=${translator.user.id}`);
  expect(shown.statusCode).toBe(200);
  expect(shown.json().results).toMatchObject({ name: 'Tomas Translator', isSelf: false });
  expect(shown.json().results.languagePairs.length).toBeGreaterThan(0);
});

it('gives the demo translator a voice-over sample that the demo customer finds at /voice and plays', async () => {
  const customer = await loginDemo(t.app, 'customer');
  const voices = (await authed(t.app, customer).get('/api/2/voices?language=french')).json();
  expect(voices.totalCount).toBeGreaterThan(0);
  const sample = await authed(t.app, customer).get(voices.data[0].sampleUrl);
  expect(sample.statusCode).toBe(200);
  expect(sample.headers['content-type']).toBe('audio/wav');
  expect(sample.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(sample.rawPayload.subarray(8, 12).toString('latin1')).toBe('WAVE');
});
