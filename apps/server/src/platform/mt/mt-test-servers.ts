import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Local servers that answer as each engine's API reference documents (DeepL API v2, LibreTranslate,
// OpenAI chat completions), for the engines' tests and for tests of what uses them. Their
// "translation" is visible and checkable: the target code in brackets before the text, the
// glossary's or prompt's terms put in, formality marked. Every request is kept for assertions.

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeEngineServer {
  url: string;
  seen: SeenRequest[];
  /** the next `count` requests to `path` answer this status (429, 500 ...) */
  failNext(path: string, status: number, count?: number): void;
  close(): Promise<void>;
}

type Handler = (req: SeenRequest, url: URL) => { status: number; json: unknown };

async function serve(handler: Handler, port = 0): Promise<FakeEngineServer> {
  const seen: SeenRequest[] = [];
  const failures: { path: string; status: number; left: number }[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const request = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(request);
      const failure = failures.find((f) => f.path === url.pathname && f.left > 0);
      let answer: { status: number; json: unknown };
      if (failure) {
        failure.left--;
        answer = { status: failure.status, json: { error: { message: `failing on purpose with ${failure.status}` } } };
      } else {
        answer = handler(request, url);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    seen,
    failNext: (path, status, count = 1) => failures.push({ path, status, left: count }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Puts each term's target in place of its source, then marks the text with the target language. */
function fakeTranslation(text: string, target: string, terms: [string, string][], formality = ''): string {
  let out = text;
  for (const [from, to] of terms) out = out.split(from).join(to);
  return `[${target}${formality ? ` ${formality}` : ''}] ${out}`;
}

const DEEPL_SOURCES = ['EN', 'DE', 'FR', 'ES', 'IT', 'PT', 'JA', 'NL', 'PL'];
const DEEPL_TARGETS: [string, boolean][] = [
  ['EN-US', false],
  ['EN-GB', false],
  ['DE', true],
  ['FR', true],
  ['ES', true],
  ['IT', true],
  ['PT-BR', true],
  ['PT-PT', true],
  ['JA', true],
  ['NL', true],
  ['PL', true],
];

/** DeepL API v2: /v2/languages, /v2/glossary-language-pairs, /v2/glossaries, /v2/translate. */
export function fakeDeepl(apiKey: string): Promise<FakeEngineServer> {
  const glossaries = new Map<string, [string, string][]>();
  return serve((req, url) => {
    if (req.headers.authorization !== `DeepL-Auth-Key ${apiKey}`) {
      return { status: 403, json: { message: 'Wrong endpoint. Use https://api.deepl.com' } };
    }
    if (req.method === 'GET' && url.pathname === '/v2/languages') {
      if (url.searchParams.get('type') === 'target') {
        return {
          status: 200,
          json: DEEPL_TARGETS.map(([language, formal]) => ({ language, name: language, supports_formality: formal })),
        };
      }
      return { status: 200, json: DEEPL_SOURCES.map((language) => ({ language, name: language })) };
    }
    if (req.method === 'GET' && url.pathname === '/v2/glossary-language-pairs') {
      return {
        status: 200,
        json: {
          supported_languages: ['de', 'fr', 'es', 'it', 'ja', 'nl', 'pl'].map((t) => ({
            source_lang: 'en',
            target_lang: t,
          })),
        },
      };
    }
    const form = new URLSearchParams(req.body);
    if (req.method === 'POST' && url.pathname === '/v2/glossaries') {
      if (form.get('entries_format') !== 'tsv') return { status: 400, json: { message: 'Unsupported entries format' } };
      const id = `g-${glossaries.size + 1}`;
      const entries = (form.get('entries') ?? '')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t') as [string, string]);
      glossaries.set(id, entries);
      return {
        status: 201,
        json: {
          glossary_id: id,
          name: form.get('name'),
          ready: true,
          source_lang: form.get('source_lang'),
          target_lang: form.get('target_lang'),
          creation_time: new Date().toISOString(),
          entry_count: entries.length,
        },
      };
    }
    if (req.method === 'POST' && url.pathname === '/v2/translate') {
      const target = form.get('target_lang') ?? '';
      if (!DEEPL_TARGETS.some(([code]) => code === target.toUpperCase())) {
        return { status: 400, json: { message: `Value for 'target_lang' not supported.` } };
      }
      // tag_handling: xml or html keeps the markup's tags (the fake's translation leaves them as they are)
      const tagHandling = form.get('tag_handling');
      if (tagHandling !== null && tagHandling !== 'xml' && tagHandling !== 'html') {
        return { status: 400, json: { message: `Value for 'tag_handling' not supported.` } };
      }
      const glossaryId = form.get('glossary_id');
      if (glossaryId && !glossaries.has(glossaryId)) return { status: 404, json: { message: 'Glossary not found' } };
      const terms = glossaryId ? (glossaries.get(glossaryId) ?? []) : [];
      const formality = form.get('formality') ?? '';
      return {
        status: 200,
        json: {
          translations: form.getAll('text').map((text) => ({
            detected_source_language: (form.get('source_lang') ?? 'EN').toUpperCase(),
            text: fakeTranslation(text, target.toUpperCase(), terms, formality),
            billed_characters: text.length,
          })),
        },
      };
    }
    return { status: 404, json: { message: 'Not found' } };
  });
}

/** LibreTranslate: GET /languages, POST /translate with q as a list. */
export function fakeLibreTranslate(apiKey?: string, port = 0): Promise<FakeEngineServer> {
  const languages = [
    { code: 'en', name: 'English', targets: ['de', 'es', 'fr', 'it'] },
    { code: 'de', name: 'German', targets: ['en'] },
    { code: 'es', name: 'Spanish', targets: ['en'] },
    { code: 'fr', name: 'French', targets: ['en'] },
    { code: 'it', name: 'Italian', targets: ['en'] },
  ];
  return serve((req, url) => {
    if (req.method === 'GET' && url.pathname === '/languages') return { status: 200, json: languages };
    if (req.method === 'POST' && url.pathname === '/translate') {
      const body = JSON.parse(req.body || '{}') as {
        q?: string | string[];
        source?: string;
        target?: string;
        api_key?: string;
        format?: string;
      };
      if (apiKey && body.api_key !== apiKey) return { status: 403, json: { error: 'Invalid API key' } };
      // format: text (the default) or html, whose elements are kept
      if (body.format !== undefined && body.format !== 'text' && body.format !== 'html') {
        return { status: 400, json: { error: `Invalid request: format must be text or html` } };
      }
      const from = languages.find((l) => l.code === body.source);
      if (!from || !body.target || !from.targets.includes(body.target)) {
        return { status: 400, json: { error: `${body.target} is not supported` } };
      }
      const translate = (q: string) => fakeTranslation(q, body.target ?? '', []);
      return {
        status: 200,
        json: { translatedText: Array.isArray(body.q) ? body.q.map(translate) : translate(body.q ?? '') },
      };
    }
    return { status: 404, json: { error: 'Not Found' } };
  }, port);
}

/**
 * An OpenAI-compatible POST /v1/chat/completions. It reads the target language and the terms from
 * the instructions it is given, as a model would follow them.
 */
export function fakeOpenAi(apiKey: string, port = 0): Promise<FakeEngineServer> {
  return serve((req, url) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return { status: 401, json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } };
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      return { status: 404, json: { error: { message: 'Unknown request URL' } } };
    }
    const body = JSON.parse(req.body) as { model: string; messages: { role: string; content: string }[] };
    const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
    const user = body.messages.find((m) => m.role === 'user')?.content ?? '{}';
    const target = system.match(/into [^(]+\(([^)]+)\)/)?.[1] ?? '?';
    const terms = [...system.matchAll(/^- "(.+)" → "(.+)"$/gm)].map((m) => [m[1], m[2]] as [string, string]);
    const formality = /Address the reader formally/.test(system)
      ? 'formal'
      : /informally/.test(system)
        ? 'informal'
        : '';
    const { segments } = JSON.parse(user) as { segments: string[] };
    const translations = segments.map((s) => fakeTranslation(s, target, terms, formality));
    return {
      status: 200,
      json: {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        model: body.model,
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: JSON.stringify({ translations }) },
          },
        ],
      },
    };
  });
}
