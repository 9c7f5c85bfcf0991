import { baseLanguage, cachedFor, type MtEngine, MtError, type MtLanguage, type MtRequest } from './engine';
import { getJson, postJson } from './http';

// LibreTranslate, the open-source engine an agency hosts itself (Argos models), through its HTTP
// API: GET /languages for the pairs it has models for, POST /translate with the segments as an
// array. It knows neither formality nor glossaries; the customer's terms are the post-editor's job
// there (the editor highlights them).

export interface LibreTranslateSettings {
  url: string;
  apiKey?: string;
}

interface LibreLanguage {
  code: string;
  name: string;
  targets?: string[];
}

const LANGUAGES_TTL_MS = 60 * 60 * 1000;

export class LibreTranslateEngine implements MtEngine {
  readonly slug = 'libretranslate' as const;
  readonly name = 'LibreTranslate';
  readonly takesTerms = false;
  private readonly base: string;
  private readonly languages: () => Promise<LibreLanguage[]>;

  constructor(private readonly settings: LibreTranslateSettings) {
    this.base = settings.url.replace(/\/+$/, '');
    this.languages = cachedFor(LANGUAGES_TTL_MS, async () => {
      const list = await getJson(this.name, `${this.base}/languages`);
      if (!Array.isArray(list)) throw new MtError('LibreTranslate answered /languages without a list.', true);
      return list as LibreLanguage[];
    });
  }

  /** LibreTranslate's code for a language it has: the full code ('zh-Hant', 'pt-BR') where it has one, else the primary subtag. */
  private async codeOf(language: MtLanguage): Promise<string | null> {
    const list = await this.languages();
    const wanted = language.iso.toLowerCase();
    const exact = list.find((l) => l.code.toLowerCase() === wanted);
    if (exact) return exact.code;
    const base = list.find((l) => l.code.toLowerCase() === baseLanguage(wanted));
    return base?.code ?? null;
  }

  async supports(source: MtLanguage, target: MtLanguage): Promise<boolean> {
    const [from, to] = await Promise.all([this.codeOf(source), this.codeOf(target)]);
    if (!from || !to || from === to) return false;
    const entry = (await this.languages()).find((l) => l.code === from);
    // older servers list no targets: every model pair goes through English, so any pair is served
    return !entry?.targets || entry.targets.includes(to);
  }

  async hasFormality(_target: MtLanguage): Promise<boolean> {
    return false;
  }

  async translate(request: MtRequest): Promise<string[]> {
    if (request.texts.length === 0) return [];
    const [source, target] = await Promise.all([this.codeOf(request.source), this.codeOf(request.target)]);
    if (!source || !target) {
      throw new MtError(`LibreTranslate has no model for ${request.source.name} to ${request.target.name}.`, false);
    }
    const answer = await postJson(this.name, `${this.base}/translate`, {
      q: request.texts,
      source,
      target,
      // html: LibreTranslate translates the text of the markup and keeps its elements
      format: request.tagged ? 'html' : 'text',
      ...(this.settings.apiKey ? { api_key: this.settings.apiKey } : {}),
    });
    const translated = (answer as { translatedText?: unknown }).translatedText;
    if (!Array.isArray(translated) || translated.length !== request.texts.length) {
      throw new MtError('LibreTranslate answered a different number of translations than segments sent.', true);
    }
    return translated.map(String);
  }
}
