import type { Page } from '@playwright/test';
import { csrfHeaders, expect, expectAccessible, signInWith, test, shotPage } from './fixtures';

// Voice-over: a translator who offers Voice-over adds a German voice sample under software and
// services; a customer finds it at /voice (filtered by language), hears it through the player, and
// orders a voice-over from it, which opens the wizard.

/** A tiny valid WAV: half a second of silence, 8 kHz mono 8-bit. */
function wav(): Buffer {
  const n = 4000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + n, 4);
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
  header.writeUInt32LE(n, 40);
  return Buffer.concat([header, Buffer.alloc(n, 0x80)]);
}

async function openVoiceSamples(page: Page) {
  await page.goto('/profile#software_services');
  const card = page.getByRole('region', { name: 'Voice-over samples' });
  await expect(card).toBeVisible();
  return card;
}

test('a translator adds a voice sample; a customer hears it at /voice and orders a voice-over', async ({
  browser,
  newAccount,
}) => {
  const translator = await newAccount({ type: 'translator', name: 'Vera Voice' });
  const offered = await translator.api.post('/userService/saveSoftwareService', {
    data: { software: [], services: ['Voice-over'] },
    headers: await csrfHeaders(translator.api),
  });
  expect(offered.ok(), `saveSoftwareService answered ${offered.status()}`).toBeTruthy();
  const customer = await newAccount({ name: 'Cora Customer' });
  const errors: string[] = [];

  const translatorContext = await browser.newContext();
  const page = await translatorContext.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await signInWith(page, translator);
  const card = await openVoiceSamples(page);
  await expect(card.getByText('No samples yet.')).toBeVisible();

  // a file that is not audio is refused with a message, and nothing is added
  await card.getByLabel('Language of the sample').selectOption({ label: 'German' });
  await card.getByTestId('voice-sample-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not audio'),
  });
  await expect(card.getByRole('alert')).toHaveText('This file is not an audio sample. Allowed: mp3, wav, ogg, m4a');
  await card
    .getByTestId('voice-sample-input')
    .setInputFiles({ name: 'guten-tag.wav', mimeType: 'audio/wav', buffer: wav() });
  await expect(card.getByRole('list', { name: 'Your voice samples' })).toContainText('guten-tag.wav');
  await expect(card.getByLabel('Your German voice sample')).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'voice-samples');
  await translatorContext.close();

  const customerContext = await browser.newContext();
  const shopper = await customerContext.newPage();
  shopper.on('pageerror', (e) => errors.push(e.message));
  await signInWith(shopper, customer);
  await shopper.goto('/cpanel');
  await shopper.getByRole('link', { name: 'Voices' }).first().click();
  await shopper.waitForURL('**/voice');
  await expect(shopper.getByRole('heading', { name: 'Voices', level: 1 })).toBeVisible();
  await shopper.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: 'German' });
  const voices = shopper.getByRole('list', { name: 'Voices' });
  const voice = voices.getByRole('listitem').filter({ hasText: 'Vera Voice' });
  await expect(voice).toBeVisible();
  await expect(voice).toContainText('German');
  const player = voice.getByLabel('Voice sample of Vera Voice in German');
  await expect(player).toBeVisible();
  // the player's source is served to the signed-in customer as audio
  const src = await player.getAttribute('src');
  expect(src).toMatch(/^\/api\/2\/voices\/\d+\/sample$/);
  const audio = await shopper.request.get(src ?? '');
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/wav');
  await expectAccessible(shopper);
  await shotPage(shopper, 'voices');

  // an empty language says so
  await shopper.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: 'Icelandic' });
  await expect(shopper.getByText('No voices for this language yet')).toBeVisible();
  await shopper.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: 'German' });

  await voice.getByRole('button', { name: 'Order a voice-over from Vera Voice' }).click();
  await shopper.waitForURL(/\/wizard/);
  await expect(shopper.getByText(/Vera Voice is one of your preferred translators/)).toBeVisible();
  await expect(shopper.getByRole('heading', { name: 'Order a translation', level: 1 })).toBeVisible();
  // the wizard has made its order and shows the first step
  await shopper.waitForURL(/\/wizard\?pid=[A-Za-z0-9_-]{24}$/);
  await expect(shopper.getByLabel('Choose files')).toBeAttached();
  await customerContext.close();
  expect(errors).toEqual([]);
});
