import { z } from './zod';
import { calendarDate } from './zod-objects';
import { PROFILE_LIMITS } from './profile';
import {
  bioWordCount,
  PROFILE_WIZARD_STEPS,
  SERVICE_LIST,
  SOFTWARE_LIST,
  TRANSLATOR_TEXTS,
} from './profile-translator';

// The zod schemas of profile-translator.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

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
  .pipe(z.union([z.literal(''), calendarDate('Use the format YYYY-MM-DD')]))
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

/** POST /userService/saveSoftwareService: names from the lists. */
export const softwareServicesInputSchema = z.object({
  software: z.array(z.enum(SOFTWARE_LIST)).max(SOFTWARE_LIST.length).default([]),
  services: z.array(z.enum(SERVICE_LIST)).max(SERVICE_LIST.length).default([]),
});
export type SoftwareServicesInput = z.input<typeof softwareServicesInputSchema>;

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

export const profileWizardSchema = z.object({
  steps: z.array(z.object({ id: z.enum(PROFILE_WIZARD_STEPS), done: z.boolean(), title: z.string() })),
  next: z.enum(PROFILE_WIZARD_STEPS).nullable(),
  complete: z.boolean(),
});
export type ProfileWizard = z.infer<typeof profileWizardSchema>;
