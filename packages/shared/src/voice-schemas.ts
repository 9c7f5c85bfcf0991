import { z } from './zod';
import { VOICE_LIMITS } from './voice';

// The zod schemas of voice.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

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
