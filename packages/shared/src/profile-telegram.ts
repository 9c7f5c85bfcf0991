// The remaining profile calls (spec 2 section 7): social networks, transcription skill, Telegram
// notifications, the SMS verification resend, and the public profile of /profile/show.

export const PROFILE_EXTRA_TEXTS = {
  networksSaved: 'Social networks saved',
  networkUrl: 'Enter the full link, starting with https://',
  transcriptionLanguageRequired: 'Choose the transcription language',
  transcriptionUnknownLanguage: 'Choose a language from the list',
  transcriptionSaved: 'Transcription language added',
  transcriptionRemoved: 'Transcription language removed',
  telegramSubscribed: 'Telegram notifications are on',
  telegramUnsubscribed: 'Telegram notifications are off',
  telegramNotStarted: 'Open the link in Telegram and press Start first, then try again.',
  telegramCodeExpired: 'The Telegram link has expired. A new one is shown below.',
  telegramSendFailed: 'We could not reach Telegram. Please try again later.',
  telegramSmsNeedsPhone: 'Verify your phone number first (Account Information), then we can text you the link.',
  telegramSmsSent: 'We texted the Telegram link to your phone',
  telegramWelcome:
    'You will now get your Parlance notifications here. Turn them off at any time in your profile (Telegram Notifications).',
  smsNeedsPhone: 'Enter a phone number first',
} as const;

/** The networks of updateNetworksInfo, with the sites their links must be on. */
export const SOCIAL_NETWORKS = [
  { id: 'linkedin', label: 'LinkedIn', hosts: ['linkedin.com'] },
  { id: 'facebook', label: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  { id: 'twitter', label: 'X (Twitter)', hosts: ['x.com', 'twitter.com'] },
  { id: 'proz', label: 'ProZ.com', hosts: ['proz.com'] },
  { id: 'website', label: 'Website', hosts: [] },
] as const;
export type SocialNetworkId = (typeof SOCIAL_NETWORKS)[number]['id'];

const URL_SHAPE = /^https?:\/\/([a-z0-9-]+\.)+[a-z]{2,}(:\d{1,5})?(\/[^\s]*)?$/i;

/** Why a link is not acceptable for the network, or null. An empty link clears it. */
export function networkLinkError(id: SocialNetworkId, value: string): string | null {
  if (value === '') return null;
  if (!URL_SHAPE.test(value)) return PROFILE_EXTRA_TEXTS.networkUrl;
  const network = SOCIAL_NETWORKS.find((n) => n.id === id);
  if (!network || network.hosts.length === 0) return null;
  const host = value
    .replace(/^https?:\/\//i, '')
    .split(/[/:?#]/)[0]
    .toLowerCase();
  const onSite = (network.hosts as readonly string[]).some((h) => host === h || host.endsWith(`.${h}`));
  return onSite ? null : `Enter a ${network.label} link (${network.hosts[0]})`;
}

/** The translator_guidelines section: the marketplace's rules of work (the spec names the section only). */
export const TRANSLATOR_GUIDELINES: readonly { title: string; points: readonly string[] }[] = [
  {
    title: 'Taking a project',
    points: [
      'Take only projects in your language pairs and expertise that you can deliver by the deadline.',
      'Read the brief, the project notes and the customer’s terminology before you start.',
      'If something in the source is unclear, ask the customer in the project discussion early.',
    ],
  },
  {
    title: 'Quality',
    points: [
      'Translate the meaning, not word by word; keep the tone and the formatting of the source.',
      'Use the customer’s terminology and translation memory where they are given.',
      'Do not use machine translation unless the project type asks for post-editing.',
      'Proofread your translation against the source before delivering.',
    ],
  },
  {
    title: 'Deadlines and communication',
    points: [
      'Deliver on time; if you cannot, tell the customer at once in the project discussion.',
      'Keep all communication about a project on Parlance; do not share personal contact details.',
    ],
  },
  {
    title: 'Confidentiality',
    points: [
      'Customer files are confidential: do not share them, and delete local copies after delivery.',
      'Never contact a customer outside Parlance about work found here.',
    ],
  },
];
