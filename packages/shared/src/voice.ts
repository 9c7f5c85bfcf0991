// Voice-over (spec 1 §2 /voice; spec 2 "software and services"): a translator who offers the
// Voice-over service adds an audio sample per language; customers browse the voices at /voice.

export const VOICE_SERVICE = 'Voice-over';

export const VOICE_LIMITS = {
  /** audio sample formats, checked by name and by their first bytes */
  extensions: ['mp3', 'wav', 'ogg', 'm4a'],
  maxBytes: 10 * 1024 * 1024,
  /** samples per translator (one per language) */
  maxSamples: 5,
  perPageOptions: [12, 24, 48],
} as const;

export const VOICE_TEXTS = {
  serviceFirst: 'Choose Voice-over under services and save before adding a sample',
  languageRequired: 'Choose the language of the sample',
  wrongType: 'This file is not an audio sample. Allowed: mp3, wav, ogg, m4a',
  tooBig: 'The sample is too big. The limit is 10 MB',
  tooMany: 'You can add at most 5 voice samples',
  notFound: 'Voice not found',
  noVoices: 'No voices for this language yet',
  noVoicesAtAll: 'No voices yet',
  listFailed: 'The voices could not be loaded',
  sampleAdded: 'Voice sample saved',
  sampleRemoved: 'Voice sample removed',
} as const;

export const voiceSampleUrl = (id: number) => `/api/2/voices/${id}/sample`;
