import { z } from 'zod';
import { PROFILE_LIMITS, PROFILE_TEXTS } from './profile';

// The translator's profile sections (spec 2 sections 2-5): languages, expertise, availability,
// bio, uploads, references, software and services; the sign-up walk-through (?flow=1) and the
// reference lists of the profile calls.

export const TRANSLATOR_TEXTS = {
  nativeRequired: 'Please choose your native language',
  timeZoneRequired: 'Please choose your time zone',
  bioTooShort: PROFILE_TEXTS.bioTooShort,
  sameLanguages: 'The source and target languages must differ',
  unknownLanguage: 'Choose a language from the list',
  unknownExpertise: 'Choose an expertise from the list',
  pairLimit: 'You can add at most 30 language pairs',
  vacationBothDates: 'Set both the first and the last day of your vacation',
  vacationOrder: 'The last day of the vacation cannot be before the first',
  refereeRequired: 'Add at least one reference',
  refereeName: 'Enter the name of your reference',
  uploadKind: 'Unknown upload kind',
  uploadWrongType: 'This file type is not accepted here. Allowed: ',
  uploadTooBig: 'The file is too big. The limit is ',
  uploadEmpty: 'The file is empty',
  uploadMissing: 'Attach a file',
  saved: 'Saved',
  walkthroughDone: 'Your profile is complete: matching projects will now be offered to you.',
} as const;

/** spec 2 section 5: at least 5 words */
export function bioWordCount(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

export const languageInfoInputSchema = z.object({
  nativeLan: z
    .string({ error: TRANSLATOR_TEXTS.nativeRequired })
    .trim()
    .min(1, TRANSLATOR_TEXTS.nativeRequired)
    .max(100),
  nativeLan2: z.string().trim().max(100).optional().default(''),
});
export type LanguageInfoInput = z.input<typeof languageInfoInputSchema>;

/** GET /service/addLanguagePairToUserSkills and removeLanguagePairFromUserSkills (language ids). */
export const languagePairQuerySchema = z.object({
  source_id: z.coerce
    .number({ error: TRANSLATOR_TEXTS.unknownLanguage })
    .int()
    .positive(TRANSLATOR_TEXTS.unknownLanguage),
  target_id: z.coerce
    .number({ error: TRANSLATOR_TEXTS.unknownLanguage })
    .int()
    .positive(TRANSLATOR_TEXTS.unknownLanguage),
});

/** GET /service/addExpertiseToUser and removeExpertiseForUser. */
export const expertiseQuerySchema = z.object({
  expertise_id: z.coerce
    .number({ error: TRANSLATOR_TEXTS.unknownExpertise })
    .int()
    .positive(TRANSLATOR_TEXTS.unknownExpertise),
});

export const aboutMeInputSchema = z.object({
  about_me: z
    .string({ error: TRANSLATOR_TEXTS.bioTooShort })
    .trim()
    .max(3000, 'At most 3000 characters')
    .refine((v) => bioWordCount(v) >= PROFILE_LIMITS.bioMinWords, TRANSLATOR_TEXTS.bioTooShort),
});
export type AboutMeInput = z.input<typeof aboutMeInputSchema>;

const isoDate = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Use the format YYYY-MM-DD')
  .optional()
  .default('');

/** POST /userService/addAvailabilityInfo: the time zone is required; a vacation has both dates. */
export const availabilityInputSchema = z
  .object({
    time_zone: z
      .string({ error: TRANSLATOR_TEXTS.timeZoneRequired })
      .trim()
      .min(1, TRANSLATOR_TEXTS.timeZoneRequired)
      .max(64),
    vacation_from: isoDate,
    vacation_to: isoDate,
  })
  .superRefine((v, ctx) => {
    if (!!v.vacation_from !== !!v.vacation_to)
      ctx.addIssue({
        code: 'custom',
        message: TRANSLATOR_TEXTS.vacationBothDates,
        path: [v.vacation_from ? 'vacation_to' : 'vacation_from'],
      });
    else if (v.vacation_from && v.vacation_to && v.vacation_to < v.vacation_from)
      ctx.addIssue({ code: 'custom', message: TRANSLATOR_TEXTS.vacationOrder, path: ['vacation_to'] });
  });
export type AvailabilityInput = z.input<typeof availabilityInputSchema>;

export const refereeSchema = z.object({
  name: z.string().trim().min(1, TRANSLATOR_TEXTS.refereeName).max(200),
  email: z.string().trim().email('Incorrect email').max(254),
  company: z.string().trim().max(200).optional().default(''),
  relationship: z.string().trim().max(200).optional().default(''),
});
export type Referee = z.output<typeof refereeSchema>;

/** POST /userService/addRefereesInfo (JSON): one to three references. */
export const refereesInputSchema = z.object({
  referees: z.array(refereeSchema).min(1, TRANSLATOR_TEXTS.refereeRequired).max(3, 'At most 3 references'),
});
export type RefereesInput = z.input<typeof refereesInputSchema>;

export const SOFTWARE_LIST = [
  'SDL Trados Studio',
  'memoQ',
  'Memsource (Phrase)',
  'Wordfast',
  'Smartcat',
  'MateCat',
  'OmegaT',
  'Across',
  'Déjà Vu',
  'XTM',
  'Subtitle Edit',
  'Aegisub',
  'Adobe InDesign',
  'Microsoft Office',
] as const;

export const SERVICE_LIST = [
  'Translation',
  'Editing and proofreading',
  'Transcription',
  'Subtitling',
  'Voice-over',
  'Machine translation post-editing',
  'Localization testing',
  'Desktop publishing',
  'Interpreting',
] as const;

/** POST /userService/saveSoftwareService: names from the lists. */
export const softwareServicesInputSchema = z.object({
  software: z.array(z.enum(SOFTWARE_LIST)).max(SOFTWARE_LIST.length).default([]),
  services: z.array(z.enum(SERVICE_LIST)).max(SERVICE_LIST.length).default([]),
});
export type SoftwareServicesInput = z.input<typeof softwareServicesInputSchema>;

export const INDUSTRY_LIST = [
  'Legal',
  'Medical and life sciences',
  'Finance and banking',
  'E-commerce and retail',
  'Software and IT',
  'Gaming',
  'Marketing and advertising',
  'Travel and hospitality',
  'Manufacturing',
  'Education',
  'Government and non-profit',
  'Media and entertainment',
  'Other',
] as const;

export const DELETE_REASONS = [
  { id: 'not-needed', label: 'I no longer need the service' },
  { id: 'too-expensive', label: 'The prices are too high' },
  { id: 'quality', label: 'I was not happy with the quality' },
  { id: 'another-account', label: 'I have another account' },
  { id: 'privacy', label: 'I am worried about my privacy' },
  { id: 'other', label: 'Other' },
] as const;

/** The uploads of the profile: what each accepts and how big it may be. */
export const UPLOAD_KINDS = {
  cv: { label: 'CV', extensions: ['pdf', 'doc', 'docx', 'odt', 'rtf'], maxBytes: 10 * 1024 * 1024, path: 'uploadCV' },
  gov_id: {
    label: 'Government ID',
    extensions: ['pdf', 'jpg', 'jpeg', 'png'],
    maxBytes: 10 * 1024 * 1024,
    path: 'uploadGovID',
  },
  certification: {
    label: 'Certification',
    extensions: ['pdf', 'jpg', 'jpeg', 'png'],
    maxBytes: 10 * 1024 * 1024,
    path: 'uploadCertification',
  },
  avatar: {
    label: 'Profile photo',
    extensions: ['jpg', 'jpeg', 'png', 'webp'],
    maxBytes: 2 * 1024 * 1024,
    path: 'uploadImage',
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;
export const UPLOAD_KIND_IDS = Object.keys(UPLOAD_KINDS) as UploadKind[];

const refSchema = z.object({ id: z.number(), slug: z.string(), name: z.string() });

export const translatorProfileSchema = z.object({
  nativeLan: z.string(),
  nativeLan2: z.string(),
  pairs: z.array(z.object({ source: refSchema, target: refSchema })),
  expertises: z.array(refSchema),
  isOnlyExpert: z.boolean(),
  bio: z.string(),
  timeZone: z.string(),
  vacationFrom: z.string().nullable(),
  vacationTo: z.string().nullable(),
  referees: z.array(z.object({ name: z.string(), email: z.string(), company: z.string(), relationship: z.string() })),
  software: z.array(z.string()),
  services: z.array(z.string()),
  uploads: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(['cv', 'gov_id', 'certification', 'avatar']),
      fileName: z.string(),
      size: z.number(),
      createdAt: z.string(),
      url: z.string(),
    }),
  ),
});
export type TranslatorProfile = z.infer<typeof translatorProfileSchema>;

/** The sign-up walk-through, in order (spec 2 section 2, "?flow=1"). */
export const PROFILE_WIZARD_STEPS = ['languages', 'expertise', 'time', 'about', 'uploads', 'references'] as const;
export type ProfileWizardStep = (typeof PROFILE_WIZARD_STEPS)[number];

export const profileWizardSchema = z.object({
  steps: z.array(z.object({ id: z.enum(PROFILE_WIZARD_STEPS), done: z.boolean(), title: z.string() })),
  next: z.enum(PROFILE_WIZARD_STEPS).nullable(),
  complete: z.boolean(),
});
export type ProfileWizard = z.infer<typeof profileWizardSchema>;

export const PROFILE_WIZARD_STEP_TITLES: Record<ProfileWizardStep, string> = {
  languages: 'Languages',
  expertise: 'Expertise',
  time: 'Availability',
  about: 'Bio',
  uploads: 'Uploads',
  references: 'References',
};
