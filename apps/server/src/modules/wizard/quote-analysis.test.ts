import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchAnalysis, PriceQuoteResults, PurchaseOrder } from '@parlance/shared';
import { makeDocx } from '../../platform/documents/test-fixtures';
import { authed, signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { guestBrowser, multipart } from './wizard-test-helpers';

// The quote's translation-memory analysis: a customer's memory (imported as TMX through the real
// route) against the files of their order, counted in the industry's match bands.

let t: TestApp;
let customer: TestSession;
let other: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
  other = await signUp(t.app);
});
afterAll(() => t?.close());

const as = (s: TestSession) => authed(t.app, s);

const tu = (en: string, de: string | null, fr: string | null = null) =>
  `<tu><tuv xml:lang="en-US"><seg>${en}</seg></tuv>${de ? `<tuv xml:lang="de-DE"><seg>${de}</seg></tuv>` : ''}${
    fr ? `<tuv xml:lang="fr-FR"><seg>${fr}</seg></tuv>` : ''
  }</tu>`;
const tmx = (units: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4">
  <header creationtool="test" srclang="en-US" datatype="plaintext" segtype="sentence" adminlang="en-US" o-tmf="x" creationtoolversion="1"/>
  <body>
    ${units.join('\n    ')}
  </body>
</tmx>
`;

const EXACT = 'The package arrives within three working days.';
const NEAR = 'Every order placed before noon on a working day leaves our warehouse on the same day by courier.';
const CLOSE = 'Please keep the receipt for your records.';
const FAR = 'Our support team answers every message personally.';
const FRENCH_ONLY = 'Returns are free of charge for thirty days.';
const NOVEL = 'Nothing in this sentence resembles the memory at all.';

const MEMORY = tmx([
  tu(EXACT, 'Das Paket kommt innerhalb von drei Werktagen an.'),
  tu(NEAR, 'Jede Bestellung vor zwölf Uhr verlässt unser Lager am selben Tag per Kurier.'),
  tu(CLOSE, 'Bitte bewahren Sie den Beleg auf.'),
  tu(FAR, 'Unser Support beantwortet jede Nachricht persönlich.'),
  tu(FRENCH_ONLY, null, 'Les retours sont gratuits pendant trente jours.'),
]);

// one sentence of each band: 100%; 95-99% (one word of 19 tokens changed); 85-94% (one of 8);
// 75-84% (two of 9); a repetition of the first; two without a match (one only in the French memory)
const DOCUMENT = [
  EXACT,
  NEAR.replace('courier', 'truck'),
  CLOSE.replace('records', 'files'),
  FAR.replace('every message personally', 'every single message quickly'),
  EXACT,
  NOVEL,
  FRENCH_ONLY,
];

const importMemory = async (s: TestSession, content: string) => {
  const res = await as(s).inject({
    method: 'POST',
    url: '/tmx/import',
    ...multipart({}, [{ filename: 'memory.tmx', content }]),
  });
  expect(res.statusCode, res.body).toBe(200);
};

async function orderWithDocx(s: TestSession, targets: string[], paragraphs = DOCUMENT): Promise<PurchaseOrder> {
  const created = await as(s).postJson('/api/2/po', { source_language: 'american-english', target_languages: targets });
  expect(created.statusCode, created.body).toBe(200);
  const pid = (created.json() as { results: PurchaseOrder }).results.pid;
  const uploaded = await as(s).inject({
    method: 'POST',
    url: '/ajax/filepicker/fileUploaded',
    ...multipart({ pid }, [{ filename: 'shipping.docx', content: await makeDocx(paragraphs) }]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return (await as(s).get(`/registry/get?data=PurchaseOrder&pid=${pid}`)).json().results as PurchaseOrder;
}

const quoteBody = (order: PurchaseOrder, withPid = true) => ({
  quoteType: 'word_count',
  type: 'translation',
  source_language: order.source_language,
  target_languages: order.target_languages,
  word_count: String(order.wordCount),
  ...(withPid ? { pid: order.pid } : {}),
});

async function quote(s: TestSession, order: PurchaseOrder, withPid = true): Promise<PriceQuoteResults> {
  const res = await as(s).postJson('/api/2/wizard/pricequote', quoteBody(order, withPid));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as PriceQuoteResults;
}

const bandsOf = (analysis: MatchAnalysis | null | undefined) =>
  analysis ? Object.fromEntries(analysis.bands.map((b) => [b.key, b.words])) : null;

describe('quote analysis', () => {
  beforeAll(async () => {
    await importMemory(customer, MEMORY);
    // the other customer's memory holds the very sentence the first one's has no match for
    await importMemory(other, tmx([tu(NOVEL, 'Nichts in diesem Satz ähnelt dem Speicher.')]));
  });

  it("counts the order's words in each band of the customer's memory; the price does not change", async () => {
    const order = await orderWithDocx(customer, ['german']);
    const withAnalysis = await quote(customer, order);
    const words = { exact: 7, near: 18, close: 7, far: 8, novel: 9, frenchOnly: 8 };
    expect(bandsOf(withAnalysis.analysis)).toEqual({
      repetitions: words.exact,
      '100': words.exact,
      '95-99': words.near,
      '85-94': words.close,
      '75-84': words.far,
      new: words.novel + words.frenchOnly,
    });
    expect(withAnalysis.analysis?.bands.map((b) => b.key)).toEqual([
      'repetitions',
      '100',
      '95-99',
      '85-94',
      '75-84',
      'new',
    ]);
    expect(withAnalysis.analysis?.totalWords).toBe(order.wordCount);
    expect(withAnalysis.payment_information.translationItems[0].analysis).toEqual(withAnalysis.analysis);
    const plain = await quote(customer, order, false);
    expect(plain.analysis).toBeNull();
    expect(withAnalysis.price_quote).toEqual(plain.price_quote);
    expect(withAnalysis.payment_information.translationItems[0].credits).toBe(
      plain.payment_information.translationItems[0].credits,
    );
  });

  it('analyses each target language against its own pair, and sums them', async () => {
    const order = await orderWithDocx(customer, ['german', 'french', 'italian']);
    const answer = await quote(customer, order);
    const [de, fr, it] = answer.payment_information.translationItems;
    expect(de.tarLang.slug).toBe('german');
    expect(bandsOf(de.analysis)).toMatchObject({ '100': 7, new: 17 });
    // the French memory holds one unit: only its sentence matches
    expect(bandsOf(fr.analysis)).toEqual({ repetitions: 7, '100': 8, '95-99': 0, '85-94': 0, '75-84': 0, new: 49 });
    expect(it.analysis).toBeNull();
    expect(bandsOf(answer.analysis)).toMatchObject({ repetitions: 14, '100': 15, new: 66 });
    expect(answer.analysis?.totalWords).toBe(2 * order.wordCount);
  });

  it("never counts another customer's memory, and shows nothing for a pair without one", async () => {
    const mine = await orderWithDocx(other, ['german']);
    expect(bandsOf((await quote(other, mine)).analysis)).toEqual({
      repetitions: 7,
      '100': 9,
      '95-99': 0,
      '85-94': 0,
      '75-84': 0,
      new: 7 + 18 + 7 + 8 + 8,
    });
    const noPair = await orderWithDocx(other, ['french']);
    expect((await quote(other, noPair)).analysis).toBeNull();
  });

  it('analyses pasted text too', async () => {
    const created = await as(customer).postJson('/api/2/po', {
      source_language: 'american-english',
      target_languages: ['german'],
    });
    const pid = (created.json() as { results: PurchaseOrder }).results.pid;
    // two spaces inside a sentence are one, as in the memory
    const broken = EXACT.replace('within ', 'within  ');
    const pasted = await as(customer).post('/wizard/updateText', { pid, text: `${broken} ${NOVEL}\n\n${EXACT}` });
    expect(pasted.statusCode, pasted.body).toBe(200);
    const order = (await as(customer).get(`/registry/get?data=PurchaseOrder&pid=${pid}`)).json().results;
    expect(bandsOf((await quote(customer, order)).analysis)).toMatchObject({ repetitions: 7, '100': 7, new: 9 });
  });

  it("gives a guest none, and another's order answers 404", async () => {
    const guest = guestBrowser(t.app);
    const draft = await guest.createOrder({ source_language: 'american-english', target_languages: ['german'] });
    const uploaded = await guest.inject({
      method: 'POST',
      url: '/ajax/filepicker/fileUploaded',
      ...multipart({ pid: draft.pid }, [{ filename: 'shipping.docx', content: await makeDocx(DOCUMENT) }]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const res = await guest.inject({
      method: 'POST',
      url: '/api/2/wizard/pricequote',
      payload: { ...quoteBody({ ...draft, wordCount: 57 }), pid: draft.pid },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.analysis).toBeNull();
    const theirs = await orderWithDocx(customer, ['german']);
    const foreign = await as(other).postJson('/api/2/wizard/pricequote', quoteBody(theirs));
    expect(foreign.statusCode).toBe(404);
    const credits = await as(customer).postJson('/api/2/wizard/pricequote', { recharge_amount: '1000' });
    expect(credits.json().results.analysis).toBeNull();
  });
});
