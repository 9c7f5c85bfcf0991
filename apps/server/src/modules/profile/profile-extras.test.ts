import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHONE_TEXTS, PROFILE_EXTRA_TEXTS, TEXTS } from '@parlance/shared';
import { billingInfo, mailOutbox, myTeamMembers, projects, users } from '../../db/schema';
import { authed, signUp } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { translatorSkillsMatchSql } from '../projects/matching';

// The remaining profile calls: updateBillingInfo, updateNetworksInfo, setTranscriptionSkill,
// sendSMSVerification, and the public profile of /profile/show.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const billing = {
  firstName: 'Dana',
  lastName: 'Ruiz',
  vat_id: 'ES12345678',
  zipCode: '28001',
  phone: '34 (91) 123-4567',
  Country: 'es',
  Company: 'Ruiz Traducciones',
  address: 'Calle Mayor 1',
  city: 'Madrid',
};

it('updateBillingInfo saves the own billing address, refuses bad input, and the billing form reads it back', async () => {
  const me = await signUp(t.app);
  const api = authed(t.app, me);
  const saved = await api.post('/userService/updateBillingInfo', billing);
  expect(saved.statusCode).toBe(200);
  expect(saved.json().results).toMatchObject({
    firstName: 'Dana',
    Country: 'ES',
    city: 'Madrid',
    vat_id: 'ES12345678',
  });
  expect((await api.get(`/api/2/account/${me.user.id}/billing-info`)).json().results.Company).toBe('Ruiz Traducciones');

  const badPhone = await api.post('/userService/updateBillingInfo', { ...billing, phone: 'call me' });
  expect(badPhone.statusCode).toBe(400);
  expect(badPhone.json().errors.phone).toBe(TEXTS.invalidPhone);
  const badCountry = await api.post('/userService/updateBillingInfo', { ...billing, Country: 'ZZ', city: 'Nowhere' });
  expect(badCountry.statusCode).toBe(400);
  const [row] = await t.database.db.select().from(billingInfo).where(eq(billingInfo.userId, me.user.id));
  expect(row.city).toBe('Madrid');
  expect(
    (await t.app.inject({ method: 'POST', url: '/userService/updateBillingInfo', payload: billing })).statusCode,
  ).toBe(401);
});

it('updateNetworksInfo keeps https links on the right sites and clears empty ones', async () => {
  const me = await signUp(t.app, { user_type: 'translator' });
  const api = authed(t.app, me);
  const saved = await api.post('/userService/updateNetworksInfo', {
    linkedin: 'https://www.linkedin.com/in/dana-ruiz',
    proz: 'https://www.proz.com/profile/123',
    website: 'https://danaruiz.es',
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json().networks).toEqual({
    linkedin: 'https://www.linkedin.com/in/dana-ruiz',
    facebook: '',
    twitter: '',
    proz: 'https://www.proz.com/profile/123',
    website: 'https://danaruiz.es',
  });

  const wrongSite = await api.post('/userService/updateNetworksInfo', { linkedin: 'https://evil.example/in/dana' });
  expect(wrongSite.statusCode).toBe(400);
  expect(wrongSite.json().errors.linkedin).toBe('Enter a LinkedIn link (linkedin.com)');
  const notUrl = await api.post('/userService/updateNetworksInfo', { website: 'javascript:alert(1)' });
  expect(notUrl.json().errors.website).toBe(PROFILE_EXTRA_TEXTS.networkUrl);
  const lookalike = await api.post('/userService/updateNetworksInfo', { facebook: 'https://notfacebook.com/x' });
  expect(lookalike.statusCode).toBe(400);
  // nothing changed by the refused saves
  expect((await api.get('/api/2/account/networks')).json().results.linkedin).toBe(
    'https://www.linkedin.com/in/dana-ruiz',
  );

  const cleared = await api.post('/userService/updateNetworksInfo', { linkedin: '', website: 'https://danaruiz.es' });
  expect(cleared.json().networks).toMatchObject({ linkedin: '', proz: '', website: 'https://danaruiz.es' });
  expect((await t.app.inject({ method: 'GET', url: '/api/2/account/networks' })).statusCode).toBe(401);
});

it('setTranscriptionSkill adds and cancels languages, only for oneself, and matching offers transcription projects by it', async () => {
  const translator = await signUp(t.app, { user_type: 'translator' });
  const api = authed(t.app, translator);
  const customer = await signUp(t.app);
  const uid = translator.user.id;

  const empty = await api.post('/userService/setTranscriptionSkill', { uid, lang: '' });
  expect(empty.statusCode).toBe(400);
  expect(empty.json().errors.lang).toBe(PROFILE_EXTRA_TEXTS.transcriptionLanguageRequired);
  const unknown = await api.post('/userService/setTranscriptionSkill', { uid, lang: 'klingon' });
  expect(unknown.json().errors.lang).toBe(PROFILE_EXTRA_TEXTS.transcriptionUnknownLanguage);
  // another user's uid: not found, nothing stored for anyone
  expect(
    (await api.post('/userService/setTranscriptionSkill', { uid: customer.user.id, lang: 'spanish' })).statusCode,
  ).toBe(404);
  // customers have no skills
  const asCustomer = authed(t.app, customer);
  expect(
    (await asCustomer.post('/userService/setTranscriptionSkill', { uid: customer.user.id, lang: 'spanish' }))
      .statusCode,
  ).toBe(403);

  // a Spanish transcription project and a Spanish -> French translation
  const [transcription] = await t.database.db
    .insert(projects)
    .values({
      customerId: customer.user.id,
      name: 'Interview audio',
      type: 'transcription',
      sourceLanguage: 'spanish',
      targetLanguage: 'spanish',
    })
    .returning({ id: projects.id });
  const offered = async () =>
    (
      await t.database.db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, transcription.id), translatorSkillsMatchSql(uid)))
    ).length > 0;
  expect(await offered()).toBe(false);

  const added = await api.post('/userService/setTranscriptionSkill', { uid, lang: 'spanish' });
  expect(added.statusCode).toBe(200);
  expect(added.json().results.languages).toEqual([{ slug: 'spanish', name: 'Spanish' }]);
  await api.post('/userService/setTranscriptionSkill', { uid, lang: 'spanish' }); // twice is once
  expect((await api.get('/api/2/account/transcription-skills')).json().results.languages).toHaveLength(1);
  expect(await offered()).toBe(true);

  const cancelled = await api.post('/userService/setTranscriptionSkill', { uid, lang: 'spanish', status: 'cancel' });
  expect(cancelled.json().results.languages).toEqual([]);
  expect(await offered()).toBe(false);
});

it('sendSMSVerification sends a code to the account phone or the one given, and explains what is missing', async () => {
  const me = await signUp(t.app, { phone: '' });
  const api = authed(t.app, me);
  await t.database.db.update(users).set({ phone: null }).where(eq(users.id, me.user.id));
  const none = await api.post('/userService/sendSMSVerification');
  expect(none.statusCode).toBe(400);
  expect(none.json().message).toBe(PROFILE_EXTRA_TEXTS.smsNeedsPhone);
  const bad = await api.post('/userService/sendSMSVerification', { phone: '555-CALL-NOW' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().message).toBe(PHONE_TEXTS.invalid);

  await t.database.db.update(users).set({ phone: '1 555 010 3344' }).where(eq(users.id, me.user.id));
  const sent = await api.post('/userService/sendSMSVerification');
  expect(sent.statusCode).toBe(200);
  expect(sent.json()).toMatchObject({ message: PHONE_TEXTS.codeSent, phone: '1 555 010 3344' });
  const [sms] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'sms:1 555 010 3344'));
  expect(sms.text).toMatch(/\b\d{6}\b/);
  // the same one-a-minute rule as startverify
  expect((await api.post('/userService/sendSMSVerification')).statusCode).toBe(429);
  expect((await api.get('/ajax/phoneverify/status')).json().results.pending).toBe('1 555 010 3344');
  const guest = await t.app.inject({ method: 'POST', url: '/userService/sendSMSVerification', payload: {} });
  expect(guest.statusCode, guest.body).toBe(401);
});

it('the public profile: one’s own, a translator’s to their customers and admins, 404 to anyone else', async () => {
  const translator = await signUp(t.app, { user_type: 'translator', full_name: 'Tomas Weber' });
  const tr = authed(t.app, translator);
  await tr.post('/userService/addLanguageInfo', { nativeLan: 'german' });
  await tr.post('/userService/addAboutMeInfo', {
    about_me: 'Legal and medical translator with ten years of practice.',
  });
  await tr.post('/userService/updateNetworksInfo', { linkedin: 'https://linkedin.com/in/tomas' });
  await tr.post('/userService/setTranscriptionSkill', { uid: translator.user.id, lang: 'german' });

  const own = await tr.get('/api/2/account/public-profile');
  expect(own.statusCode).toBe(200);
  expect(own.json().results).toMatchObject({
    name: 'Tomas Weber',
    isSelf: true,
    nativeLanguages: ['German'],
    transcriptionLanguages: ['German'],
    networks: { linkedin: 'https://linkedin.com/in/tomas' },
    level: 1,
    completedProjects: 0,
  });
  expect(JSON.stringify(own.json())).not.toContain(translator.email);

  const customer = await signUp(t.app);
  const cu = authed(t.app, customer);
  const url = `/api/2/account/public-profile?user_id=${translator.user.id}`;
  expect((await cu.get(url)).statusCode).toBe(404);
  await t.database.db.insert(myTeamMembers).values({ customerId: customer.user.id, translatorId: translator.user.id });
  const seen = await cu.get(url);
  expect(seen.statusCode).toBe(200);
  expect(seen.json().results).toMatchObject({
    name: 'Tomas Weber',
    isSelf: false,
    bio: expect.stringContaining('Legal'),
  });

  // another translator, and a translator looking at a customer: not found
  const other = authed(t.app, await signUp(t.app, { user_type: 'translator' }));
  expect((await other.get(url)).statusCode).toBe(404);
  expect((await tr.get(`/api/2/account/public-profile?user_id=${customer.user.id}`)).statusCode).toBe(404);
  expect((await cu.get('/api/2/account/public-profile?user_id=999999')).statusCode).toBe(404);
  expect((await cu.get('/api/2/account/public-profile?user_id=abc')).statusCode).toBe(400);
  expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
});
