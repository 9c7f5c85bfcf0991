import { baseLanguage, FORMALITY_LANGUAGES, type MtEngine, MtError, type MtLanguage, type MtRequest } from './engine';
import { postJson } from './http';

// "AI translation": any endpoint that speaks OpenAI's chat-completions API (OpenAI, Azure OpenAI's
// v1 API, a local Ollama or vLLM). The segments go as a JSON list and come back as one, asked for
// with response_format json_object; the customer's terms and the formality are in the instructions.
// A model that answers another number of segments, or no JSON, is a failed call the task retries.

export interface OpenAiCompatibleSettings {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama) */
  baseUrl: string;
  apiKey?: string;
  model: string;
}

/** The instructions for one batch: languages, formality and the terms to use. */
export function translationInstructions(request: MtRequest): string {
  const lines = [
    `You are a professional translator. Translate each segment from ${request.source.name} (${request.source.iso}) into ${request.target.name} (${request.target.iso}).`,
    'Keep tags, placeholders, numbers, URLs and line breaks exactly where they are. Do not add notes or explanations.',
  ];
  if (request.tagged) {
    lines.push(
      'The segments are XML: keep every <pc id="…">…</pc> and <ph id="…"/> tag unchanged (same ids, each once), move it with the words it marks, and keep XML entities such as &amp; and &lt; escaped.',
    );
  }
  if (request.formality !== 'default') {
    lines.push(`Address the reader ${request.formality === 'formal' ? 'formally' : 'informally'}.`);
  }
  if (request.terms.length) {
    lines.push('Use these translations of terms wherever the term occurs:');
    for (const t of request.terms.slice(0, 200)) lines.push(`- "${t.source}" → "${t.target}"`);
  }
  lines.push(
    'Answer with a JSON object {"translations": [...]} holding one translated string per segment, in the same order, and nothing else.',
  );
  return lines.join('\n');
}

export class OpenAiCompatibleEngine implements MtEngine {
  readonly slug = 'openai' as const;
  readonly name = 'AI translation (large language model)';
  readonly takesTerms = true;
  private readonly url: string;
  private readonly headers: Record<string, string>;

  constructor(private readonly settings: OpenAiCompatibleSettings) {
    this.url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.headers = settings.apiKey
      ? {
          authorization: `Bearer ${settings.apiKey}`,
          // Azure OpenAI takes its key in its own header
          ...(new URL(settings.baseUrl).hostname.endsWith('.azure.com') ? { 'api-key': settings.apiKey } : {}),
        }
      : {};
  }

  async supports(source: MtLanguage, target: MtLanguage): Promise<boolean> {
    // a model writes any language it was trained on; only a "translation" into the same language is not one
    return source.iso.toLowerCase() !== target.iso.toLowerCase();
  }

  async hasFormality(target: MtLanguage): Promise<boolean> {
    return FORMALITY_LANGUAGES.has(baseLanguage(target.iso));
  }

  async translate(request: MtRequest): Promise<string[]> {
    if (request.texts.length === 0) return [];
    const answer = (await postJson(
      'The AI translation endpoint',
      this.url,
      {
        model: this.settings.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: translationInstructions(request) },
          { role: 'user', content: JSON.stringify({ segments: request.texts }) },
        ],
      },
      this.headers,
    )) as { choices?: { message?: { content?: unknown }; finish_reason?: string }[] };
    const choice = answer.choices?.[0];
    if (choice?.finish_reason === 'length') {
      throw new MtError('The AI translation was cut off by the model’s length limit.', true);
    }
    const content = choice?.message?.content;
    if (typeof content !== 'string') throw new MtError('The AI translation endpoint answered without a message.', true);
    let translations: unknown;
    try {
      translations = (JSON.parse(content) as { translations?: unknown }).translations;
    } catch {
      throw new MtError('The AI translation endpoint answered text that is not the JSON asked for.', true);
    }
    if (
      !Array.isArray(translations) ||
      translations.length !== request.texts.length ||
      translations.some((t) => typeof t !== 'string')
    ) {
      throw new MtError(
        'The AI translation endpoint answered a different number of translations than segments sent.',
        true,
      );
    }
    return translations as string[];
  }
}
