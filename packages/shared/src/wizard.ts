// The ordering wizard: the purchase order it edits (stored on the server so a reload or another
// device resumes it), its files, and the payloads of its calls. Field names follow the spec's
// project order payload (type, name, source_language, target_languages[], expertise, wordCount,
// needProofreading). See ADR 0023.

export const MATERIALS_OPTIONS = ['count', 'upload', 'notSet'] as const;
export const ENTRY_TYPES = ['file', 'url', 'paste'] as const;
export const WORD_COUNT_SOURCES = ['file', 'paste', 'url', 'manual'] as const;
export const PURCHASE_ORDER_STATUSES = ['draft', 'cart', 'paid', 'deleted'] as const;
export const WIZARD_STEPS = ['upload', 'languages', 'expertise', 'brief', 'plans'] as const;

/** Project types whose order needs no expertise (the machine does the work, or the work is not about subject matter). */
export const TYPES_WITHOUT_EXPERTISE = ['transcription', 'machine-translation', 'ai-translation', 'dtp'] as const;

/** Project types that use machine translation and so have MT parameters per language pair. */
export const MT_PROJECT_TYPES = [
  'machine-translation',
  'mtpe-full',
  'post-editing',
  'human-post-editing',
  'ai-translation',
] as const;

/** MT types whose machine translation is the delivery: nobody takes the job unless the machine fails (ADR 0108). */
export const MACHINE_ONLY_TYPES = ['machine-translation', 'ai-translation'] as const;

export function isMachineOnlyType(type: string): boolean {
  return (MACHINE_ONLY_TYPES as readonly string[]).includes(type);
}

/** Translation categories of the brief step (what the text is for). */
export const TRANSLATION_CATEGORIES = [
  'general',
  'website',
  'marketing',
  'documents',
  'legal',
  'technical',
  'software',
  'subtitles',
  'e-commerce',
  'personal',
] as const;

export const BRIEF_MAX_CHARS = 10_000;
/** Pasted text kept with the order, in characters. */
export const PASTED_TEXT_MAX_CHARS = 2_000_000;

export const MT_FORMALITY = ['default', 'formal', 'informal'] as const;

/**
 * The machine-translation engines Parlance can connect (apps/server/src/platform/mt). Only those an
 * operator has configured are offered; with none, no machine-translation plan is.
 */
export const MT_ENGINES = [
  { slug: 'deepl', name: 'DeepL' },
  { slug: 'libretranslate', name: 'LibreTranslate' },
  { slug: 'openai', name: 'AI translation (large language model)' },
] as const;

export type MtEngineSlug = (typeof MT_ENGINES)[number]['slug'];
