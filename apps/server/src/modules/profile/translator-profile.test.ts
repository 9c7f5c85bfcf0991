import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATOR_TEXTS } from '@parlance/shared';
import { expertises, languages, profileUploads } from '../../db/schema';
import { authed, signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertProject } from '../project-lists/list-test-helpers';
import { multipart, storedFiles } from '../wizard/wizard-test-helpers';

let t: TestApp;
let lang: Record<string, number>;
let legal: number;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db.select().from(languages);
  lang = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
  [{ id: legal }] = await t.database.db
    .select({ id: expertises.id })
    .from(expertises)
    .where(eq(expertises.slug, 'legal'));
});

afterAll(async () => {
  await t?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

const upload = (s: TestSession, path: string, filename: string, content: Buffer) =>
  authed(t.app, s).inject({ method: 'POST', url: `/service/${path}`, ...multipart({}, [{ filename, content }]) });

const wizard = async (s: TestSession) => (await authed(t.app, s).get('/api/2/profilewizard?flow=1')).json().results;

describe('the sign-up walk-through of a new translator', () => {
  it('knows what is left after each step, and once done matching offers the projects of their pairs', async () => {
    const me = await signUp(t.app, { user_type: 'translator', full_name: 'Tina Walker' });
    const api = authed(t.app, me);
    const start = await wizard(me);
    expect(start).toMatchObject({ next: 'languages', complete: false });
    expect(start.steps.map((s: { id: string }) => s.id)).toEqual([
      'languages',
      'expertise',
      'time',
      'about',
      'uploads',
      'references',
    ]);

    // languages: the native language is required
    const noNative = await api.post('/userService/addLanguageInfo', { nativeLan: '' });
    expect(noNative.statusCode).toBe(400);
    expect(noNative.json().errors.nativeLan).toBe(TRANSLATOR_TEXTS.nativeRequired);
    expect((await api.post('/userService/addLanguageInfo', { nativeLan: 'spanish' })).statusCode).toBe(200);
    const same = await api.get(
      `/service/addLanguagePairToUserSkills?source_id=${lang.spanish}&target_id=${lang.spanish}`,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(TRANSLATOR_TEXTS.sameLanguages);
    const pair = await api.get(
      `/service/addLanguagePairToUserSkills?source_id=${lang['american-english']}&target_id=${lang.spanish}`,
    );
    expect(pair.statusCode).toBe(200);
    expect(pair.json().profile.pairs).toEqual([
      {
        source: expect.objectContaining({ slug: 'american-english' }),
        target: expect.objectContaining({ slug: 'spanish' }),
      },
    ]);
    expect((await wizard(me)).next).toBe('expertise');

    expect((await api.get(`/service/addExpertiseToUser?expertise_id=${legal}`)).statusCode).toBe(200);
    expect((await wizard(me)).next).toBe('time');

    const noZone = await api.post('/userService/addAvailabilityInfo', { time_zone: '' });
    expect(noZone.json().errors.time_zone).toBe(TRANSLATOR_TEXTS.timeZoneRequired);
    const halfVacation = await api.post('/userService/addAvailabilityInfo', {
      time_zone: 'Europe/Madrid',
      vacation_from: '2030-01-01',
    });
    expect(halfVacation.json().errors.vacation_to).toBe(TRANSLATOR_TEXTS.vacationBothDates);
    expect((await api.post('/userService/addAvailabilityInfo', { time_zone: 'Europe/Madrid' })).statusCode).toBe(200);
    expect((await wizard(me)).next).toBe('about');

    const short = await api.post('/userService/addAboutMeInfo', { about_me: 'Legal translator, ten years' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.about_me).toBe('*Your bio should be at least 5 words long.');
    await api.post('/userService/addAboutMeInfo', { about_me: 'Sworn legal translator with ten years of court work.' });
    expect((await wizard(me)).next).toBe('uploads');

    expect((await upload(me, 'uploadCV', 'cv.pdf', PDF)).statusCode).toBe(200);
    expect((await wizard(me)).next).toBe('uploads');
    expect((await upload(me, 'uploadGovID', 'passport.png', PNG)).statusCode).toBe(200);
    expect((await wizard(me)).next).toBe('references');

    const noRefs = await api.inject({ method: 'POST', url: '/userService/addRefereesInfo', payload: { referees: [] } });
    expect(noRefs.json().errors.referees).toBe(TRANSLATOR_TEXTS.refereeRequired);
    const refs = await api.inject({
      method: 'POST',
      url: '/userService/addRefereesInfo',
      payload: { referees: [{ name: 'Maria Lopez', email: 'maria@example.test', company: 'Lopez Legal' }] },
    });
    expect(refs.statusCode).toBe(200);
    expect(await wizard(me)).toMatchObject({ next: null, complete: true });

    // matching: a paid project in the translator's pair and expertise is offered; another pair is not
    const customer = await signUp(t.app);
    const offered = await insertProject(t.database.db, {
      customerId: customer.user.id,
      name: 'Contract for Tina',
      sourceLanguage: 'american-english',
      targetLanguage: 'spanish',
      expertise: 'legal',
      status: 'PENDING',
    });
    await insertProject(t.database.db, {
      customerId: customer.user.id,
      name: 'Not for Tina',
      sourceLanguage: 'american-english',
      targetLanguage: 'german',
      status: 'PENDING',
    });
    const open = await api.get('/api/2/job/open');
    expect(open.statusCode).toBe(200);
    const ids = (open.json().data as { id: number }[]).map((p) => p.id);
    expect(ids).toEqual([offered]);

    // removing the pair takes the project away again
    await api.get(
      `/service/removeLanguagePairFromUserSkills?source_id=${lang['american-english']}&target_id=${lang.spanish}`,
    );
    expect((await api.get('/api/2/job/open')).json().data).toEqual([]);
  });
});

describe('profile uploads', () => {
  it('refuses a wrong type, a renamed file and a file over the limit, storing nothing', async () => {
    const me = await signUp(t.app, { user_type: 'translator' });
    const before = storedFiles(t.app).length;
    const exe = await upload(me, 'uploadCV', 'cv.exe', PDF);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe(`${TRANSLATOR_TEXTS.uploadWrongType}pdf, doc, docx, odt, rtf`);
    const fake = await upload(me, 'uploadCV', 'cv.pdf', Buffer.from('just text, not a pdf'));
    expect(fake.statusCode).toBe(415);
    const big = await upload(me, 'uploadImage', 'me.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(`${TRANSLATOR_TEXTS.uploadTooBig}2 MB`);
    const none = await authed(t.app, me).post('/service/uploadCV', {});
    expect(none.statusCode).toBe(400);
    expect(storedFiles(t.app).length).toBe(before);
    expect(await t.database.db.select().from(profileUploads).where(eq(profileUploads.userId, me.user.id))).toEqual([]);
  });

  it('serves a file to its owner and admins only; a new CV replaces the old one', async () => {
    const me = await signUp(t.app, { user_type: 'translator' });
    const other = await signUp(t.app, { user_type: 'translator' });
    const first = (await upload(me, 'uploadCV', 'old-cv.pdf', PDF)).json().profile.uploads[0];
    const second = (await upload(me, 'uploadCV', 'new-cv.pdf', PDF)).json().profile.uploads;
    expect(second).toHaveLength(1);
    expect(second[0].fileName).toBe('new-cv.pdf');
    expect((await authed(t.app, me).get(first.url)).statusCode).toBe(404);
    const mine = await authed(t.app, me).get(second[0].url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect((await authed(t.app, other).get(second[0].url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second[0].url })).statusCode).toBe(401);
    expect((await authed(t.app, other).inject({ method: 'DELETE', url: second[0].url })).statusCode).toBe(404);
    expect((await authed(t.app, me).inject({ method: 'DELETE', url: second[0].url })).statusCode).toBe(200);
  });

  it("sets the avatar as the user's photo, visible to others", async () => {
    const me = await signUp(t.app);
    const res = await upload(me, 'uploadImage', 'me.png', PNG);
    expect(res.statusCode).toBe(200);
    const user = (await authed(t.app, me).get('/registry/get?data=User')).json().results;
    expect(user.thumb.src).toMatch(/^\/api\/2\/account\/uploads\/\d+$/);
    const other = await signUp(t.app);
    expect((await authed(t.app, other).get(user.thumb.src)).statusCode).toBe(200);
  });
});

describe('who may edit the translator sections', () => {
  it('customers get 403, guests 401; the pair calls need the CSRF header; malformed input is a 400', async () => {
    const customer = await signUp(t.app);
    const res = await authed(t.app, customer).post('/userService/addAboutMeInfo', {
      about_me: 'one two three four five six',
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/profilewizard' })).statusCode).toBe(401);
    const translator = await signUp(t.app, { user_type: 'translator' });
    const noCsrf = await t.app.inject({
      method: 'GET',
      url: `/service/addExpertiseToUser?expertise_id=${legal}`,
      headers: { cookie: translator.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    const junk = await authed(t.app, translator).get('/service/addExpertiseToUser?expertise_id=abc');
    expect(junk.statusCode).toBe(400);
    const unknown = await authed(t.app, translator).get('/service/addExpertiseToUser?expertise_id=99999');
    expect(unknown.json().message).toBe(TRANSLATOR_TEXTS.unknownExpertise);
    const software = await authed(t.app, translator).inject({
      method: 'POST',
      url: '/userService/saveSoftwareService',
      payload: { software: ['memoQ', 'Notepad'], services: [] },
    });
    expect(software.statusCode).toBe(400);
    const ok = await authed(t.app, translator).inject({
      method: 'POST',
      url: '/userService/saveSoftwareService',
      payload: { software: ['memoQ'], services: ['Voice-over'] },
    });
    expect(ok.json().profile).toMatchObject({ software: ['memoQ'], services: ['Voice-over'] });
  });

  it('answers the reference lists to anyone', async () => {
    for (const name of [
      'getIndustry',
      'getExpertise',
      'getTimeZones',
      'getSoftware',
      'getServices',
      'getDeleteReasons',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/userService/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.json().list.length, name).toBeGreaterThan(0);
    }
    const zones = (await t.app.inject({ method: 'GET', url: '/userService/getTimeZones' })).json().list;
    expect(zones.map((z: { id: string }) => z.id)).toContain('Europe/Madrid');
    const reasons = (await t.app.inject({ method: 'GET', url: '/userService/getDeleteReasons' })).json().list;
    expect(reasons.at(-1)).toEqual({ id: 'other', name: 'Other' });
  });
});
