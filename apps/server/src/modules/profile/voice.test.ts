import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_TEXTS } from '@parlance/shared';
import { users, voiceSamples } from '../../db/schema';
import { authed } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, newTranslator, type Person } from '../projects/projects-test-helpers';
import { multipart, storedFiles } from '../wizard/wizard-test-helpers';
import { audioSignatureMatches } from './voice';

let t: TestApp;
let voice: Person;
let customer: Person;
let otherTranslator: Person;

/** A tiny valid WAV: 8 kHz mono 8-bit, `samples` bytes of silence. */
function wav(samples = 800): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
}
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64, 0)]);

const uploadSample = (p: Person, language: string, filename: string, content: Buffer) =>
  p.api.inject({
    method: 'POST',
    url: '/service/uploadVoiceSample',
    ...multipart({ language }, [{ filename, content }]),
  });

async function offerVoiceOver(p: Person) {
  const res = await p.api.postJson('/userService/saveSoftwareService', { software: [], services: ['Voice-over'] });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  voice = await newTranslator(t.app);
  otherTranslator = await newTranslator(t.app);
  customer = await newCustomer(t.app, 0);
});

afterAll(async () => {
  await t?.close();
});

describe('voice samples', () => {
  it('knows audio by its first bytes', () => {
    expect(audioSignatureMatches('wav', wav())).toBe(true);
    expect(audioSignatureMatches('mp3', MP3)).toBe(true);
    expect(audioSignatureMatches('mp3', Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe(true);
    expect(audioSignatureMatches('ogg', Buffer.from('OggS\0\x02'))).toBe(true);
    expect(audioSignatureMatches('m4a', Buffer.from('\0\0\0\x20ftypM4A '))).toBe(true);
    expect(audioSignatureMatches('wav', Buffer.from('%PDF-1.4 not audio'))).toBe(false);
    expect(audioSignatureMatches('ogg', wav())).toBe(false);
  });

  it('refuses a sample until the translator offers Voice-over, and refuses bad files keeping nothing', async () => {
    const before = storedFiles(t.app).length;
    const early = await uploadSample(voice, 'spanish', 'hola.wav', wav());
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(VOICE_TEXTS.serviceFirst);

    await offerVoiceOver(voice);
    const noLanguage = await uploadSample(voice, '', 'hola.wav', wav());
    expect(noLanguage.statusCode).toBe(400);
    expect(noLanguage.json().message).toBe(VOICE_TEXTS.languageRequired);
    const unknownLanguage = await uploadSample(voice, 'klingon', 'hola.wav', wav());
    expect(unknownLanguage.json().message).toBe(VOICE_TEXTS.languageRequired);
    const exe = await uploadSample(voice, 'spanish', 'hola.exe', wav());
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe(VOICE_TEXTS.wrongType);
    const fake = await uploadSample(voice, 'spanish', 'hola.mp3', Buffer.from('%PDF-1.4 this is not audio at all'));
    expect(fake.statusCode).toBe(415);
    const big = await uploadSample(voice, 'spanish', 'hola.wav', wav(10 * 1024 * 1024));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(VOICE_TEXTS.tooBig);
    const notMultipart = await voice.api.post('/service/uploadVoiceSample', { language: 'spanish' });
    expect(notMultipart.statusCode).toBe(400);
    expect(storedFiles(t.app).length).toBe(before);
    expect(await t.app.deps.db.select().from(voiceSamples).where(eq(voiceSamples.userId, voice.id))).toHaveLength(0);

    const customerTries = await uploadSample(customer, 'spanish', 'hola.wav', wav());
    expect(customerTries.statusCode).toBe(403);
  });

  it('stores one sample per language (a new one replaces it) and lists the own samples', async () => {
    const first = await uploadSample(voice, 'spanish', 'hola.wav', wav());
    expect(first.statusCode).toBe(200);
    expect(first.json().list).toEqual([
      expect.objectContaining({
        language: { slug: 'spanish', name: 'Spanish' },
        fileName: 'hola.wav',
        mime: 'audio/wav',
      }),
    ]);
    const replaced = await uploadSample(voice, 'spanish', 'hola-2.mp3', MP3);
    expect(replaced.json().list).toEqual([expect.objectContaining({ fileName: 'hola-2.mp3', mime: 'audio/mpeg' })]);
    const own = await voice.api.get('/api/2/account/voice-samples');
    expect(own.json().list).toHaveLength(1);
    // the translator hears their own sample
    const audio = await voice.api.get(own.json().list[0].sampleUrl);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.equals(MP3)).toBe(true);
  });

  it('lists voices to customers by language, paged on the server, and plays them to those allowed', async () => {
    const wavSample = (await uploadSample(voice, 'french', 'bonjour.wav', wav())).json().list;
    expect(wavSample.map((s: { language: { slug: string } }) => s.language.slug).sort()).toEqual(['french', 'spanish']);

    const all = await customer.api.get('/api/2/voices?perPage=12');
    expect(all.statusCode).toBe(200);
    const mine = all.json().data.filter((v: { translatorId: number }) => v.translatorId === voice.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ language: { slug: 'french' }, preferred: false });

    const french = (await customer.api.get('/api/2/voices?language=french')).json();
    expect(french.data.every((v: { language: { slug: string } }) => v.language.slug === 'french')).toBe(true);
    expect(french.totalCount).toBe(french.data.length);

    const german = (await customer.api.get('/api/2/voices?language=german')).json();
    expect(german).toEqual({ data: [], totalCount: 0 });

    // paging: the first page of 12 and the total
    const paged = (await customer.api.get('/api/2/voices?page=2&perPage=12')).json();
    expect(paged.data).toEqual([]);
    expect(paged.totalCount).toBe(all.json().totalCount);

    // bad input
    expect((await customer.api.get('/api/2/voices?perPage=7')).statusCode).toBe(400);
    expect((await customer.api.get('/api/2/voices?page=0')).statusCode).toBe(400);
    expect((await customer.api.get('/api/2/voices?language=%27;drop')).statusCode).toBe(400);

    // who may list and hear
    expect((await otherTranslator.api.get('/api/2/voices')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/voices' })).statusCode).toBe(401);
    const url = mine[0].sampleUrl;
    const heard = await customer.api.get(url);
    expect(heard.statusCode).toBe(200);
    expect(heard.headers['content-type']).toBe('audio/wav');
    expect(heard.headers['cache-control']).toBe('private, no-store');
    expect((await otherTranslator.api.get(url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await customer.api.get('/api/2/voices/999999/sample')).statusCode).toBe(404);
  });

  it('marks a voice the customer prefers, and hides voices whose translator stops offering Voice-over', async () => {
    expect((await customer.api.postJson('/api/2/account/my-team', { translatorId: voice.id })).statusCode).toBe(200);
    const listed = (await customer.api.get('/api/2/voices?language=spanish')).json().data;
    expect(listed.find((v: { translatorId: number }) => v.translatorId === voice.id).preferred).toBe(true);

    const sampleUrl = listed[0].sampleUrl;
    await voice.api.postJson('/userService/saveSoftwareService', { software: [], services: ['Translation'] });
    const gone = (await customer.api.get('/api/2/voices?language=spanish')).json();
    expect(gone.data.some((v: { translatorId: number }) => v.translatorId === voice.id)).toBe(false);
    expect((await customer.api.get(sampleUrl)).statusCode).toBe(404);
    // the owner still has and hears it
    expect((await voice.api.get(sampleUrl)).statusCode).toBe(200);
    await offerVoiceOver(voice);
  });

  it('lets only the owner remove a sample, and removes its file', async () => {
    const own = (await voice.api.get('/api/2/account/voice-samples')).json().list;
    const target = own[0];
    expect((await otherTranslator.api.delete(`/api/2/account/voice-samples/${target.id}`)).statusCode).toBe(404);
    expect((await customer.api.delete(`/api/2/account/voice-samples/${target.id}`)).statusCode).toBe(403);
    const before = storedFiles(t.app).length;
    const removed = await voice.api.delete(`/api/2/account/voice-samples/${target.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().list).toHaveLength(own.length - 1);
    expect(storedFiles(t.app).length).toBe(before - 1);
    expect((await customer.api.get(target.sampleUrl)).statusCode).toBe(404);
  });

  it('lets an admin hear any sample', async () => {
    const admin = await newCustomer(t.app, 0);
    await t.app.deps.db.update(users).set({ type: 'admin', isAdmin: true }).where(eq(users.id, admin.id));
    const own = (await voice.api.get('/api/2/account/voice-samples')).json().list;
    const api = authed(t.app, admin.session);
    expect((await api.get(own[0].sampleUrl)).statusCode).toBe(200);
  });
});
