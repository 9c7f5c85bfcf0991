import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInAs, signOut, test, shotPage } from './fixtures';

// Voice-over: the demo translator adds a German voice sample under software and
// services; the demo customer finds it at /voice (filtered by language), hears it through the
// player, and orders a voice-over from it, which opens the wizard. The sample is removed again at
// the end (shared demo state).

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
  page,
  consoleErrors,
}) => {
  await signInAs(page, 'translator');
  let card = await openVoiceSamples(page);
  // the demo sample is there, with a player
  await expect(card.getByRole('list', { name: 'Your voice samples' })).toContainText('French');

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
  await signOut(page);

  try {
    await signInAs(page, 'customer');
    await page.getByRole('link', { name: 'Voices' }).first().click();
    await page.waitForURL('**/voice');
    await expect(page.getByRole('heading', { name: 'Voices', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: 'German' });
    const voices = page.getByRole('list', { name: 'Voices' });
    const voice = voices.getByRole('listitem').filter({ hasText: 'German' }).first();
    await expect(voice).toBeVisible();
    await expect(voices.getByRole('listitem')).toHaveCount(1);
    const player = voice.getByLabel(/^Voice sample of .+ in German$/);
    await expect(player).toBeVisible();
    // the player's source is served to the signed-in customer as audio
    const src = await player.getAttribute('src');
    expect(src).toMatch(/^\/api\/2\/voices\/\d+\/sample$/);
    const audio = await page.request.get(src ?? '');
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toBe('audio/wav');
    await expectAccessible(page);
    await shotPage(page, 'voices');

    // an empty language says so
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: 'Icelandic' });
    await expect(page.getByText('No voices for this language yet')).toBeVisible();
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: 'German' });

    await voice.getByRole('button', { name: /^Order a voice-over from / }).click();
    await page.waitForURL(/\/wizard/);
    await expect(page.getByText(/is one of your preferred translators/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order a translation', level: 1 })).toBeVisible();
    // the wizard has made its order and shows the first step
    await page.waitForURL(/\/wizard\?pid=[A-Za-z0-9_-]{24}$/);
    await expect(page.getByLabel('Choose files')).toBeAttached();
    await signOut(page);
  } finally {
    // put the demo state back: the German sample goes
    await page.context().clearCookies();
    await page.goto('/auth');
    await signInAs(page, 'translator');
    card = await openVoiceSamples(page);
    await card.getByRole('button', { name: 'Remove the German sample' }).click();
    await expect(card.getByText('guten-tag.wav')).toHaveCount(0);
  }
  expect(consoleErrors).toEqual([]);
});
