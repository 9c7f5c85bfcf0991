import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeeplEngine, deeplTarget } from './deepl';
import { MtError, type MtRequest } from './engine';
import { createMtEngines } from './index';
import { LibreTranslateEngine } from './libretranslate';
import { fakeDeepl, fakeLibreTranslate, fakeOpenAi, type FakeEngineServer } from './mt-test-servers';
import { OpenAiCompatibleEngine } from './openai-compatible';

// Each engine's client against a local server that answers as the engine's API reference says.

const EN = { iso: 'en-US', name: 'American English' };
const DE = { iso: 'de', name: 'German' };
const FI = { iso: 'fi', name: 'Finnish' };
const PT_BR = { iso: 'pt-BR', name: 'Brazilian Portuguese' };

function request(fields: Partial<MtRequest> = {}): MtRequest {
  return {
    texts: ['Hello world.', 'Open the invoice.'],
    source: EN,
    target: DE,
    formality: 'default',
    terms: [],
    ...fields,
  };
}

describe('DeepL (deepl-node)', () => {
  let server: FakeEngineServer;
  let engine: DeeplEngine;
  beforeAll(async () => {
    server = await fakeDeepl('key-1');
    engine = new DeeplEngine({ apiKey: 'key-1', serverUrl: server.url });
  });
  afterAll(() => server.close());

  it('names the variants DeepL wants for English, Portuguese and Chinese', () => {
    expect(deeplTarget(EN)).toBe('en-US');
    expect(deeplTarget({ iso: 'en-GB', name: 'British English' })).toBe('en-GB');
    expect(deeplTarget(PT_BR)).toBe('pt-BR');
    expect(deeplTarget({ iso: 'pt', name: 'Portuguese' })).toBe('pt-BR');
    expect(deeplTarget({ iso: 'zh-TW', name: 'Chinese (Traditional)' })).toBe('zh-HANT');
    expect(deeplTarget(DE)).toBe('de');
  });

  it('asks the API which pairs and formalities it has', async () => {
    expect(await engine.supports(EN, DE)).toBe(true);
    expect(await engine.supports(EN, PT_BR)).toBe(true);
    expect(await engine.supports(EN, FI)).toBe(false);
    expect(await engine.hasFormality(DE)).toBe(true);
    expect(await engine.hasFormality(EN)).toBe(false);
    // the language lists are asked once and kept
    const asked = server.seen.filter((r) => r.path === '/v2/languages').length;
    await engine.supports(EN, DE);
    expect(server.seen.filter((r) => r.path === '/v2/languages').length).toBe(asked);
  });

  it('translates the segments in order, with formality and the terms as a glossary made once', async () => {
    const terms = [{ source: 'invoice', target: 'Rechnung' }];
    const first = await engine.translate(request({ formality: 'formal', terms }));
    expect(first).toEqual(['[DE prefer_more] Hello world.', '[DE prefer_more] Open the Rechnung.']);
    await engine.translate(request({ texts: ['The invoice.'], terms }));
    expect(server.seen.filter((r) => r.path === '/v2/glossaries')).toHaveLength(1);
    const translate = server.seen.filter((r) => r.path === '/v2/translate').at(-1);
    const sent = new URLSearchParams(translate?.body);
    expect(sent.get('source_lang')).toBe('en');
    expect(sent.get('target_lang')).toBe('de');
    expect(sent.get('glossary_id')).toBe('g-1');
    expect(sent.getAll('text')).toEqual(['The invoice.']);
  });

  it('sends tagged segments with tag_handling xml, and their tags come back in place', async () => {
    const texts = ['Read <pc id="1">the results</pc> now.<ph id="2"/>'];
    expect(await engine.translate(request({ texts, tagged: true }))).toEqual([
      '[DE] Read <pc id="1">the results</pc> now.<ph id="2"/>',
    ]);
    const sent = new URLSearchParams(server.seen.filter((r) => r.path === '/v2/translate').at(-1)?.body);
    expect(sent.get('tag_handling')).toBe('xml');
    await engine.translate(request());
    const plain = new URLSearchParams(server.seen.filter((r) => r.path === '/v2/translate').at(-1)?.body);
    expect(plain.get('tag_handling')).toBeNull();
  });

  it('says plainly when the key is refused, and that trying again will not help', async () => {
    const wrong = new DeeplEngine({ apiKey: 'wrong', serverUrl: server.url });
    const error = await wrong.translate(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MtError);
    expect((error as MtError).message).toBe('DeepL refused the API key (MT_DEEPL_API_KEY).');
    expect((error as MtError).retryable).toBe(false);
  });
});

describe('LibreTranslate', () => {
  let server: FakeEngineServer;
  let engine: LibreTranslateEngine;
  beforeAll(async () => {
    server = await fakeLibreTranslate('libre-key');
    engine = new LibreTranslateEngine({ url: `${server.url}/`, apiKey: 'libre-key' });
  });
  afterAll(() => server.close());

  it('serves the pairs it has models for, without formality or terms', async () => {
    expect(await engine.supports(EN, DE)).toBe(true);
    expect(await engine.supports(DE, EN)).toBe(true);
    expect(await engine.supports(EN, FI)).toBe(false);
    expect(await engine.supports(DE, { iso: 'fr', name: 'French' })).toBe(false);
    expect(await engine.hasFormality(DE)).toBe(false);
    expect(engine.takesTerms).toBe(false);
  });

  it('translates a batch in one call with the API key', async () => {
    expect(await engine.translate(request())).toEqual(['[de] Hello world.', '[de] Open the invoice.']);
    const sent = JSON.parse(server.seen.filter((r) => r.path === '/translate').at(-1)?.body ?? '{}');
    expect(sent).toEqual({
      q: ['Hello world.', 'Open the invoice.'],
      source: 'en',
      target: 'de',
      format: 'text',
      api_key: 'libre-key',
    });
  });

  it('sends tagged segments as html, plain ones as text', async () => {
    await engine.translate(request({ texts: ['<pc id="1">Hello</pc> world.'], tagged: true }));
    expect(JSON.parse(server.seen.filter((r) => r.path === '/translate').at(-1)?.body ?? '{}').format).toBe('html');
    await engine.translate(request());
    expect(JSON.parse(server.seen.filter((r) => r.path === '/translate').at(-1)?.body ?? '{}').format).toBe('text');
  });

  it('sorts failures into retry later and never', async () => {
    server.failNext('/translate', 503);
    const busy = await engine.translate(request()).catch((e: unknown) => e as MtError);
    expect(busy).toMatchObject({ retryable: true });
    const wrongKey = new LibreTranslateEngine({ url: server.url, apiKey: 'nope' });
    const refused = await wrongKey.translate(request()).catch((e: unknown) => e as MtError);
    expect(refused).toMatchObject({ retryable: false, message: 'LibreTranslate answered 403: Invalid API key' });
    const unknownPair = await engine.translate(request({ target: FI })).catch((e: unknown) => e as MtError);
    expect(unknownPair).toMatchObject({
      retryable: false,
      message: 'LibreTranslate has no model for American English to Finnish.',
    });
  });
});

describe('an OpenAI-compatible endpoint', () => {
  let server: FakeEngineServer;
  let engine: OpenAiCompatibleEngine;
  beforeAll(async () => {
    server = await fakeOpenAi('sk-test');
    engine = new OpenAiCompatibleEngine({ baseUrl: `${server.url}/v1`, apiKey: 'sk-test', model: 'gpt-test' });
  });
  afterAll(() => server.close());

  it('puts the languages, the formality and the terms in the instructions and reads the JSON back', async () => {
    const out = await engine.translate(
      request({ target: PT_BR, formality: 'informal', terms: [{ source: 'invoice', target: 'fatura' }] }),
    );
    expect(out).toEqual(['[pt-BR informal] Hello world.', '[pt-BR informal] Open the fatura.']);
    const sent = JSON.parse(server.seen.at(-1)?.body ?? '{}');
    expect(sent.model).toBe('gpt-test');
    expect(sent.response_format).toEqual({ type: 'json_object' });
    expect(JSON.parse(sent.messages[1].content)).toEqual({ segments: ['Hello world.', 'Open the invoice.'] });
  });

  it('asks a model to keep the tags of tagged segments', async () => {
    await engine.translate(request({ texts: ['<pc id="1">Hello</pc> world.'], tagged: true }));
    const tagged = JSON.parse(server.seen.at(-1)?.body ?? '{}').messages[0].content as string;
    expect(tagged).toContain('keep every <pc id="…">…</pc> and <ph id="…"/> tag unchanged');
    await engine.translate(request());
    expect(JSON.parse(server.seen.at(-1)?.body ?? '{}').messages[0].content).not.toContain('<pc id');
  });

  it('serves any pair of two languages', async () => {
    expect(await engine.supports(EN, FI)).toBe(true);
    expect(await engine.supports(EN, EN)).toBe(false);
    expect(await engine.hasFormality(DE)).toBe(true);
    expect(await engine.hasFormality(FI)).toBe(false);
  });

  it('refuses a wrong key for good and a rate limit for now', async () => {
    const wrong = new OpenAiCompatibleEngine({ baseUrl: `${server.url}/v1`, apiKey: 'sk-wrong', model: 'gpt-test' });
    expect(await wrong.translate(request()).catch((e: unknown) => e)).toMatchObject({
      retryable: false,
      message: 'The AI translation endpoint answered 401: Incorrect API key provided',
    });
    server.failNext('/v1/chat/completions', 429);
    expect(await engine.translate(request()).catch((e: unknown) => e)).toMatchObject({ retryable: true });
  });
});

describe('the connected engines', () => {
  it('are exactly those configured, in a fixed order, and answer per pair', async () => {
    const libre = await fakeLibreTranslate();
    const openAi = await fakeOpenAi('sk');
    try {
      expect(createMtEngines({ deepl: null, libreTranslate: null, openAi: null }).list).toEqual([]);
      const engines = createMtEngines({
        deepl: null,
        openAi: { baseUrl: `${openAi.url}/v1`, apiKey: 'sk', model: 'm' },
        libreTranslate: { url: libre.url },
      });
      expect(engines.list.map((e) => e.slug)).toEqual(['libretranslate', 'openai']);
      expect((await engines.forPair(EN, DE)).map((e) => e.slug)).toEqual(['libretranslate', 'openai']);
      expect((await engines.forPair(EN, FI)).map((e) => e.slug)).toEqual(['openai']);
      // an engine that cannot be reached is left out of the pair, not an error
      await libre.close();
      const fresh = createMtEngines({ deepl: null, openAi: null, libreTranslate: { url: libre.url } });
      expect(await fresh.forPair(EN, DE)).toEqual([]);
    } finally {
      await openAi.close();
      await libre.close().catch(() => undefined);
    }
  });
});
