import { createHash } from 'node:crypto';
import {
  AuthorizationError,
  ConnectionError,
  DeepLError,
  GlossaryEntries,
  type Language,
  QuotaExceededError,
  type SourceLanguageCode,
  type TargetLanguageCode,
  TooManyRequestsError,
  Translator,
} from 'deepl-node';
import {
  baseLanguage,
  cachedFor,
  type MtEngine,
  MtError,
  type MtLanguage,
  type MtRequest,
  type MtTerm,
} from './engine';

// DeepL through its official client, deepl-node. The supported languages and which targets take a
// formality are asked of the API (GET /v2/languages) and kept for an hour. The customer's terms
// become a DeepL glossary, made once per set of terms and pair and reused (DeepL keeps glossaries
// until they are deleted; a set that changes makes a new one). A pair DeepL has no glossaries for
// is translated without one.

export interface DeeplSettings {
  apiKey: string;
  /** tests and proxies: where the API answers (default: api.deepl.com, or api-free for ':fx' keys) */
  serverUrl?: string;
}

const LANGUAGES_TTL_MS = 60 * 60 * 1000;

/** DeepL's code for a source language: the primary subtag ('en-US' -> 'en'). */
export function deeplSource(language: MtLanguage): string {
  return baseLanguage(language.iso);
}

/** DeepL's code for a target language: English, Portuguese and Chinese need their variant. */
export function deeplTarget(language: MtLanguage): string {
  const [, region = ''] = language.iso.split('-');
  const base = baseLanguage(language.iso);
  if (base === 'en') return region.toUpperCase() === 'GB' ? 'en-GB' : 'en-US';
  if (base === 'pt') return region.toUpperCase() === 'PT' ? 'pt-PT' : 'pt-BR';
  if (base === 'zh') return ['TW', 'HK', 'MO', 'HANT'].includes(region.toUpperCase()) ? 'zh-HANT' : 'zh-HANS';
  return base;
}

function asMtError(error: unknown): MtError {
  if (error instanceof MtError) return error;
  if (error instanceof AuthorizationError) return new MtError('DeepL refused the API key (MT_DEEPL_API_KEY).', false);
  if (error instanceof QuotaExceededError) return new MtError('The DeepL account has used up its quota.', true);
  if (error instanceof TooManyRequestsError) return new MtError('DeepL asked to slow down (429).', true);
  if (error instanceof ConnectionError) return new MtError(`DeepL could not be reached: ${error.message}`, true);
  if (error instanceof DeepLError) return new MtError(`DeepL refused the request: ${error.message}`, false);
  return new MtError(`DeepL failed: ${(error as Error).message}`, true);
}

export class DeeplEngine implements MtEngine {
  readonly slug = 'deepl' as const;
  readonly name = 'DeepL';
  readonly takesTerms = true;
  private readonly translator: Translator;
  private readonly languages: () => Promise<{ sources: readonly Language[]; targets: readonly Language[] }>;
  private readonly glossaryPairs: () => Promise<Set<string>>;
  /** glossary ids by a hash of their pair and entries, made by this process */
  private readonly glossaries = new Map<string, Promise<string>>();

  constructor(settings: DeeplSettings) {
    this.translator = new Translator(settings.apiKey, {
      serverUrl: settings.serverUrl,
      maxRetries: 2,
      minTimeout: 10_000,
      appInfo: { appName: 'Parlance', appVersion: '1' },
    });
    this.languages = cachedFor(LANGUAGES_TTL_MS, async () => {
      const [sources, targets] = await Promise.all([
        this.translator.getSourceLanguages(),
        this.translator.getTargetLanguages(),
      ]).catch((error) => {
        throw asMtError(error);
      });
      return { sources, targets };
    });
    this.glossaryPairs = cachedFor(LANGUAGES_TTL_MS, async () => {
      const pairs = await this.translator.getGlossaryLanguagePairs().catch((error) => {
        throw asMtError(error);
      });
      return new Set(pairs.map((p) => `${p.sourceLang.toLowerCase()}>${p.targetLang.toLowerCase()}`));
    });
  }

  private async target(language: MtLanguage): Promise<Language | undefined> {
    const code = deeplTarget(language).toLowerCase();
    const { targets } = await this.languages();
    return (
      targets.find((t) => t.code.toLowerCase() === code) ??
      targets.find((t) => t.code.toLowerCase() === baseLanguage(code))
    );
  }

  async supports(source: MtLanguage, target: MtLanguage): Promise<boolean> {
    const { sources } = await this.languages();
    const from = deeplSource(source);
    return sources.some((s) => s.code.toLowerCase() === from) && (await this.target(target)) !== undefined;
  }

  async hasFormality(target: MtLanguage): Promise<boolean> {
    return (await this.target(target))?.supportsFormality === true;
  }

  /** The id of a glossary holding these terms for the pair, made on first use; null when DeepL has none for the pair. */
  private async glossaryFor(source: string, target: string, terms: MtTerm[]): Promise<string | null> {
    const glossarySource = source;
    const glossaryTarget = baseLanguage(target);
    if (!(await this.glossaryPairs()).has(`${glossarySource}>${glossaryTarget}`)) return null;
    // one entry per source term (DeepL refuses duplicates); tabs and line breaks cannot be in a term
    const entries: Record<string, string> = {};
    for (const t of terms) {
      const from = t.source.replace(/\s+/g, ' ').trim();
      const to = t.target.replace(/\s+/g, ' ').trim();
      if (from && to && !(from in entries)) entries[from] = to;
    }
    if (Object.keys(entries).length === 0) return null;
    const key = createHash('sha256')
      .update(JSON.stringify([glossarySource, glossaryTarget, Object.entries(entries).sort()]))
      .digest('hex');
    let id = this.glossaries.get(key);
    if (!id) {
      id = this.translator
        .createGlossary(
          `parlance-${key.slice(0, 16)}`,
          glossarySource as SourceLanguageCode,
          glossaryTarget as SourceLanguageCode,
          new GlossaryEntries({ entries }),
        )
        .then((g) => g.glossaryId);
      this.glossaries.set(key, id);
      id.catch(() => this.glossaries.delete(key));
    }
    return id;
  }

  async translate(request: MtRequest): Promise<string[]> {
    if (request.texts.length === 0) return [];
    const source = deeplSource(request.source);
    const target = deeplTarget(request.target);
    try {
      const glossary = request.terms.length ? await this.glossaryFor(source, target, request.terms) : null;
      const formal = request.formality !== 'default' && (await this.hasFormality(request.target));
      const results = await this.translator.translateText(
        request.texts,
        source as SourceLanguageCode,
        target as TargetLanguageCode,
        {
          ...(glossary ? { glossary } : {}),
          ...(formal ? { formality: request.formality === 'formal' ? 'prefer_more' : 'prefer_less' } : {}),
          // the inline tags are XML that DeepL keeps in place, translating the text around them
          ...(request.tagged ? { tagHandling: 'xml' as const } : {}),
        },
      );
      if (results.length !== request.texts.length) {
        throw new MtError(`DeepL answered ${results.length} translations for ${request.texts.length} segments.`, true);
      }
      return results.map((r) => r.text);
    } catch (error) {
      throw asMtError(error);
    }
  }
}
