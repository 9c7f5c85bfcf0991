import { z } from './zod';
import { networkLinkError, PROFILE_EXTRA_TEXTS, type SocialNetworkId } from './profile-telegram';

// The zod schemas of profile-telegram.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

const networkField = (id: SocialNetworkId) =>
  z
    .string()
    .trim()
    .max(300, 'At most 300 characters')
    .default('')
    .superRefine((v, ctx) => {
      const error = networkLinkError(id, v);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    });

/** POST /userService/updateNetworksInfo: every network at once; an empty link removes it. */
export const networksInputSchema = z.object({
  linkedin: networkField('linkedin'),
  facebook: networkField('facebook'),
  twitter: networkField('twitter'),
  proz: networkField('proz'),
  website: networkField('website'),
});
export type NetworksInput = z.input<typeof networksInputSchema>;
export const networksSchema = z.object({
  linkedin: z.string(),
  facebook: z.string(),
  twitter: z.string(),
  proz: z.string(),
  website: z.string(),
});
export type Networks = z.infer<typeof networksSchema>;

/** POST /userService/setTranscriptionSkill (uid, lang, status=cancel to remove). */
export const transcriptionSkillInputSchema = z.object({
  uid: z.coerce.number({ error: 'Unknown user' }).int().positive('Unknown user'),
  lang: z
    .string({ error: PROFILE_EXTRA_TEXTS.transcriptionLanguageRequired })
    .trim()
    .min(1, PROFILE_EXTRA_TEXTS.transcriptionLanguageRequired)
    .max(60),
  status: z.enum(['cancel', 'add']).optional(),
});
export type TranscriptionSkillInput = z.input<typeof transcriptionSkillInputSchema>;
export const transcriptionSkillsSchema = z.object({
  languages: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type TranscriptionSkills = z.infer<typeof transcriptionSkillsSchema>;

/** POST /userService/sendSMSVerification: a (new) code to the phone given, or to the account's phone. */
export const sendSmsVerificationInputSchema = z.object({ phone: z.string().trim().max(40).optional() }).optional();

/** GET /telegram/subscription: the state and, while not subscribed, the bot link to press Start in. */
export const telegramSubscriptionSchema = z.object({
  has_subscribed: z.boolean(),
  /** the bot has the user's chat (Start pressed) */
  connected: z.boolean(),
  username: z.string().nullable(),
  bot: z.string(),
  /** t.me link carrying the one-time start code (null once subscribed) */
  link: z.string().nullable(),
  code: z.string().nullable(),
  /** no bot token configured: messages go to the admin outbox and Start is simulated */
  sandbox: z.boolean(),
});
export type TelegramSubscription = z.infer<typeof telegramSubscriptionSchema>;

const flag = z.union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.boolean()], {
  error: 'has_subscribed must be 1 or 0',
});
/** POST /telegram/subscription (has_subscribed 1 or 0). */
export const telegramSubscriptionInputSchema = z.object({
  has_subscribed: flag.transform((v) => v === true || v === '1' || v === 'true'),
});

/** POST /api/2/telegram/sandbox/start (code): stands in for pressing Start when no bot is configured. */
export const telegramSandboxStartInputSchema = z.object({
  code: z.string().trim().min(1, 'Enter the start code').max(40),
});

/** GET /api/2/account/public-profile?user_id: what /profile/show (/profile-legacy/show/) shows. */
export const publicProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  country: z.string().nullable(),
  memberSince: z.string(),
  isSelf: z.boolean(),
  avatarUrl: z.string().nullable(),
  bio: z.string(),
  nativeLanguages: z.array(z.string()),
  languagePairs: z.array(z.object({ source: z.string(), target: z.string() })),
  expertise: z.array(z.string()),
  transcriptionLanguages: z.array(z.string()),
  software: z.array(z.string()),
  services: z.array(z.string()),
  networks: networksSchema,
  company: z.string(),
  level: z.number().nullable(),
  completedProjects: z.number(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
