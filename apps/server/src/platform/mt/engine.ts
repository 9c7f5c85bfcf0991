import type { MtEngineSlug } from '@parlance/shared';

// Machine translation: one interface over the engines an operator can connect (DeepL, a
// self-hosted LibreTranslate, any OpenAI-compatible chat-completions endpoint). Each engine is
// turned on by its own configuration (config.ts, MT_*); with none, nothing in the product offers
// machine translation. Callers hand over plain segments (or, `tagged`, segments with their inline
// tags as XML markup the engine keeps) and get the same number back, in order.

/** A language as the engines need it: its BCP 47 code from the registry and its English name. */
export interface MtLanguage {
  /** 'en-US', 'de', 'pt-BR' (languages.iso) */
  iso: string;
  /** 'American English' (for a prompt) */
  name: string;
}

export type MtFormality = 'default' | 'formal' | 'informal';

/** A term the translation must use: the customer's terminology or glossary for the pair. */
export interface MtTerm {
  source: string;
  target: string;
}

export interface MtRequest {
  /** segments of plain text, at most MT_BATCH of them */
  texts: string[];
  source: MtLanguage;
  target: MtLanguage;
  formality: MtFormality;
  terms: MtTerm[];
  /**
   * true: each text is a segment's XLIFF inline markup (`<pc id="1">…</pc>`, `<ph id="2"/>`, XML
   * entities) and the answer keeps those tags, translating the text around and inside them
   */
  tagged?: boolean;
}

export interface MtEngine {
  slug: MtEngineSlug;
  /** the engine's name on the screens */
  name: string;
  /** true when the engine can be told the customer's terms (a glossary, or the prompt) */
  takesTerms: boolean;
  /** true when the engine translates this pair (asked of the engine, cached) */
  supports(source: MtLanguage, target: MtLanguage): Promise<boolean>;
  /** true when the engine can be asked for formal or informal address in this target language */
  hasFormality(target: MtLanguage): Promise<boolean>;
  /** the translations of request.texts, one for each, in order */
  translate(request: MtRequest): Promise<string[]>;
}

/** How many segments one call to an engine carries. */
export const MT_BATCH = 50;

/**
 * An engine that could not translate. `retryable` says whether the same request may succeed later
 * (a timeout, 429, 5xx) or never will (a refused key, an unsupported pair).
 */
export class MtError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'MtError';
  }
}

/** The primary subtag of a BCP 47 code, lower case: 'pt-BR' -> 'pt'. */
export function baseLanguage(iso: string): string {
  return iso.split('-')[0].toLowerCase();
}

/** Languages with a formal and an informal "you": the ones an engine may be asked to address formally. */
export const FORMALITY_LANGUAGES: ReadonlySet<string> = new Set([
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pl',
  'pt',
  'ru',
  'ja',
  'uk',
  'cs',
  'tr',
]);

/** Answers the value after the first call, for `ttlMs`; a failed call is not kept. */
export function cachedFor<T>(ttlMs: number, load: () => Promise<T>, now = () => Date.now()): () => Promise<T> {
  let kept: { value: Promise<T>; until: number } | null = null;
  return () => {
    if (kept && kept.until > now()) return kept.value;
    const value = load();
    kept = { value, until: now() + ttlMs };
    value.catch(() => {
      kept = null;
    });
    return value;
  };
}
