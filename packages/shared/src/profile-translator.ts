import { PROFILE_TEXTS } from './profile';

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

/** The sign-up walk-through, in order (spec 2 section 2, "?flow=1"). */
export const PROFILE_WIZARD_STEPS = ['languages', 'expertise', 'time', 'about', 'uploads', 'references'] as const;
export type ProfileWizardStep = (typeof PROFILE_WIZARD_STEPS)[number];

export const PROFILE_WIZARD_STEP_TITLES: Record<ProfileWizardStep, string> = {
  languages: 'Languages',
  expertise: 'Expertise',
  time: 'Availability',
  about: 'Bio',
  uploads: 'Uploads',
  references: 'References',
};
