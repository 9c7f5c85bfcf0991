import { z } from 'zod';

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

/** GET /api/2/voices: language (slug, optional), page, perPage. */
export const voiceListQuerySchema = z.object({
  language: z
    .string()
    .trim()
    .max(50)
    .regex(/^[a-z0-9-]*$/i, 'Choose a language from the list')
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce
    .number()
    .int()
    .refine((n) => (VOICE_LIMITS.perPageOptions as readonly number[]).includes(n), 'Choose 12, 24 or 48 per page')
    .default(VOICE_LIMITS.perPageOptions[0]),
});

export const voiceSchema = z.object({
  /** the sample's id */
  id: z.number(),
  translatorId: z.number(),
  name: z.string(),
  country: z.string().nullable(),
  language: z.object({ slug: z.string(), name: z.string() }),
  /** GET this (signed in) for the audio */
  sampleUrl: z.string(),
  mime: z.string(),
  createdAt: z.string(),
  /** the voice is already one of the asking customer's preferred translators */
  preferred: z.boolean(),
});
export type Voice = z.infer<typeof voiceSchema>;

export const voiceListSchema = z.object({ data: z.array(voiceSchema), totalCount: z.number() });
export type VoiceList = z.infer<typeof voiceListSchema>;

/** The translator's own samples (software and services section). */
export const ownVoiceSampleSchema = z.object({
  id: z.number(),
  language: z.object({ slug: z.string(), name: z.string() }),
  fileName: z.string(),
  size: z.number(),
  mime: z.string(),
  sampleUrl: z.string(),
  createdAt: z.string(),
});
export type OwnVoiceSample = z.infer<typeof ownVoiceSampleSchema>;

export const voiceSampleUrl = (id: number) => `/api/2/voices/${id}/sample`;
