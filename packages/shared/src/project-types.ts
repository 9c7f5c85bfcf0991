// Project types offered (spec 1 section 1, display names, each starting with a capital as a plan name
// on a screen does), with the slug used in payloads and in the price table. The social-media
// customer's evaluation and rating types are not offered for sale.
export const PROJECT_TYPES = [
  { slug: 'translation', name: 'Translation' },
  { slug: 'seo-translation', name: 'SEO translation' },
  { slug: 'urgent-translation', name: 'Urgent Translation' },
  { slug: 'proofreading', name: 'Proofreading' },
  { slug: 'translation-editing', name: 'Translation + Editing' },
  { slug: 'transcription', name: 'Transcription' },
  { slug: 'website-localization', name: 'Website Localization' },
  { slug: 'enterprise-quality', name: 'Enterprise Quality' },
  { slug: 'mtpe-full', name: 'MTPE Full' },
  { slug: 'machine-translation', name: 'Machine Translation' },
  { slug: 'excel-translation', name: 'Excel Translation' },
  { slug: 'excel-combo', name: 'Excel Combo' },
  { slug: 'standard-translation', name: 'Standard translation' },
  { slug: 'dtp', name: 'DTP' },
  { slug: 'post-editing', name: 'Post-editing' },
  { slug: 'human-post-editing', name: 'Human post-editing' },
  { slug: 'ai-translation', name: 'AI translation' },
  { slug: 'human-review', name: 'Human review' },
  { slug: 'combo', name: 'Combo' },
] as const;

export type ProjectTypeSlug = (typeof PROJECT_TYPES)[number]['slug'];
export const PROJECT_TYPE_SLUGS = PROJECT_TYPES.map((t) => t.slug) as [ProjectTypeSlug, ...ProjectTypeSlug[]];
