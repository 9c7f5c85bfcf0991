import { eq } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetCalcResults, PriceList, PriceQuoteResults } from '@parlance/shared';
import { billingInfo, users } from '../../db/schema';
import { authed, signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { CREDITS_QUOTE_TTL_MS, verifyCreditsQuote } from './quote-token';

let t: TestApp;
let german: TestSession;
let american: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  german = await signUp(t.app, { user_country: 'DE' });
  american = await signUp(t.app, { user_country: 'US' });
});
afterAll(() => t.close());

const QUOTE = '/api/2/wizard/pricequote';

/** A form body with repeated fields, as the web app posts `target_languages[]`. */
function formBody(fields: [string, string][]) {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

const guestJson = (url: string, body: unknown, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload: body as object, ...(remoteAddress ? { remoteAddress } : {}) });

const results = <T>(res: Response): T => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: T }).results;
};

const errorsOf = (res: Response) => {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { status: string; message: string; errors: Record<string, string> };
  expect(body.status).toBe('ERROR');
  expect(body.message.length).toBeGreaterThan(0);
  return body.errors;
};

const wordQuote = { source_language: 'american-english', target_languages: ['german', 'czech'], word_count: 1000 };

describe('GET /registry/get?data=Price', () => {
  it('lists prices per word in credits, options and VAT rates', async () => {
    const list = results<PriceList>(await t.app.inject({ method: 'GET', url: '/registry/get?data=Price' }));
    expect(list.currency).toBe('credits');
    expect(list.projectTypes).toContainEqual({ slug: 'translation', name: 'Translation' });
    expect(list.prices).toContainEqual({
      projectType: 'translation',
      expertiseTier: 1,
      pairTier: 2,
      perWordCredits: 9.6,
      minimumCredits: 1000,
      daysPer2000Words: 1,
    });
    expect(list.options).toContainEqual({
      slug: 'proofreading',
      name: 'Proofreading by a second linguist',
      percent: 50,
      flatCredits: 0,
    });
    expect(list.options).toContainEqual(
      expect.objectContaining({ slug: 'certificate', percent: 0, flatCredits: 2500 }),
    );
    expect(list.vat).toContainEqual({ country: 'DE', percent: 19 });
    expect(list.vat).toContainEqual({ country: 'CH', percent: 8.1 });
  });
});

describe('POST /api/2/wizard/pricequote: word count', () => {
  it('quotes a guest (JSON) per target language, without VAT when no country is known', async () => {
    const quote = results<PriceQuoteResults>(await guestJson(QUOTE, wordQuote));
    expect(quote.quoteType).toBe('word_count');
    expect(quote.price_quote).toEqual({
      SUMMARY_COST: { customer: 17600 },
      SUMMARY_TOTAL_VAT: { customer: 0 },
      SUMMARY_TOTAL: { customer: 17600 },
    });
    expect(quote.payment_information.translationItems).toEqual([
      {
        srcLang: { slug: 'american-english' },
        tarLang: { slug: 'german' },
        wordCount: 1000,
        credits: 8000,
        deadline: expect.any(String),
        // priced by its words, not by the minimum order charge
        minimumCredits: null,
      },
      {
        srcLang: { slug: 'american-english' },
        tarLang: { slug: 'czech' },
        wordCount: 1000,
        credits: 9600,
        deadline: expect.any(String),
        // priced by its words, not by the minimum order charge
        minimumCredits: null,
      },
    ]);
    expect(new Date(quote.payment_information.translationItems[0].deadline).getTime()).toBeGreaterThan(Date.now());
    expect(quote.currency).toEqual({ code: 'USD', symbol: '$', rate: 1 });
    expect(quote.vat).toEqual({ country: null, percent: 0 });
    expect(quote.pqid).toBeUndefined();
  });

  it('reads a form with repeated target_languages[] fields, the editing flag and the expertise', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: QUOTE,
      ...formBody([
        ['source_language', 'american-english'],
        ['target_languages[]', 'german'],
        ['target_languages[]', 'french'],
        ['word_count', '1000'],
        ['expertise', 'legal'],
        ['editing', '1'],
      ]),
    });
    const quote = results<PriceQuoteResults>(res);
    expect(quote.payment_information.translationItems.map((i) => i.tarLang.slug)).toEqual(['german', 'french']);
    // Translation + Editing, specialised, common pair: the translation-editing price table row
    const list = results<PriceList>(await t.app.inject({ method: 'GET', url: '/registry/get?data=Price' }));
    const row = list.prices.find(
      (p) => p.projectType === 'translation-editing' && p.expertiseTier === 2 && p.pairTier === 1,
    );
    expect(quote.payment_information.translationItems[0].credits).toBe(Math.round((row?.perWordCredits ?? 0) * 1000));
  });

  it('prices editing=0 as plain translation, and an explicit type wins', async () => {
    const plain = results<PriceQuoteResults>(await guestJson(QUOTE, { ...wordQuote, editing: false }));
    expect(plain.price_quote.SUMMARY_COST.customer).toBe(17600);
    const seo = results<PriceQuoteResults>(
      await guestJson(QUOTE, { ...wordQuote, editing: true, type: 'seo-translation' }),
    );
    expect(seo.price_quote.SUMMARY_COST.customer).toBe(10000 + 12000);
  });

  it('adds VAT for a German customer, none for an American one', async () => {
    const de = results<PriceQuoteResults>(await authed(t.app, german).postJson(QUOTE, wordQuote));
    expect(de.price_quote).toEqual({
      SUMMARY_COST: { customer: 17600 },
      SUMMARY_TOTAL_VAT: { customer: 3344 },
      SUMMARY_TOTAL: { customer: 20944 },
    });
    expect(de.vat).toEqual({ country: 'DE', percent: 19 });
    const us = results<PriceQuoteResults>(await authed(t.app, american).postJson(QUOTE, wordQuote));
    expect(us.price_quote.SUMMARY_TOTAL_VAT.customer).toBe(0);
    expect(us.price_quote.SUMMARY_TOTAL.customer).toBe(17600);
  });

  it('takes the billing country before the account country', async () => {
    const [user] = await t.app.deps.db.select().from(users).where(eq(users.id, american.user.id));
    await t.app.deps.db.insert(billingInfo).values({ userId: user.id, country: 'FR' });
    const fr = results<PriceQuoteResults>(await authed(t.app, american).postJson(QUOTE, wordQuote));
    expect(fr.vat).toEqual({ country: 'FR', percent: 20 });
    expect(fr.price_quote.SUMMARY_TOTAL_VAT.customer).toBe(3520);
    await t.app.deps.db.delete(billingInfo).where(eq(billingInfo.userId, user.id));
  });

  it("uses a guest's IP country for VAT", async () => {
    const quote = results<PriceQuoteResults>(await guestJson(QUOTE, wordQuote, '85.214.132.117'));
    expect(quote.vat).toEqual({ country: 'DE', percent: 19 });
    expect(quote.price_quote.SUMMARY_TOTAL_VAT.customer).toBe(3344);
  });

  it("answers the user's display currency", async () => {
    await t.app.deps.db.update(users).set({ currency: 'EUR' }).where(eq(users.id, german.user.id));
    const quote = results<PriceQuoteResults>(await authed(t.app, german).postJson(QUOTE, wordQuote));
    expect(quote.currency).toEqual({ code: 'EUR', symbol: '€', rate: 0.92 });
    await t.app.deps.db.update(users).set({ currency: 'USD' }).where(eq(users.id, german.user.id));
  });

  it.each([
    [{ ...wordQuote, source_language: undefined }, 'source_language', 'This field is required'],
    [{ ...wordQuote, source_language: '' }, 'source_language', 'This field is required'],
    [{ ...wordQuote, target_languages: undefined }, 'target_languages', 'This field is required'],
    [{ ...wordQuote, target_languages: [] }, 'target_languages', 'This field is required'],
    [{ ...wordQuote, target_languages: [''] }, 'target_languages', undefined],
    [{ ...wordQuote, word_count: undefined }, 'word_count', 'This field is required'],
    [{ ...wordQuote, word_count: '' }, 'word_count', 'This field is required'],
    [{ ...wordQuote, word_count: '12a' }, 'word_count', 'Please enter digits only'],
    [{ ...wordQuote, word_count: '-5' }, 'word_count', 'Please enter digits only'],
    [{ ...wordQuote, word_count: '1.5' }, 'word_count', 'Please enter digits only'],
    [{ ...wordQuote, word_count: '0' }, 'word_count', 'Please enter a number greater than 0'],
    [{ ...wordQuote, word_count: 1.5 }, 'word_count', 'Please enter digits only'],
    [{ ...wordQuote, word_count: '10000001' }, 'word_count', 'Please enter a smaller number'],
    [{ ...wordQuote, source_language: 'klingon' }, 'source_language', 'Unknown language'],
    [{ ...wordQuote, target_languages: ['klingon'] }, 'target_languages', 'Unknown language'],
    [{ ...wordQuote, expertise: 'astrology' }, 'expertise', 'Unknown expertise'],
  ])('refuses %j with an error on %s', async (body, field, message) => {
    const errors = errorsOf(await guestJson(QUOTE, body));
    expect(Object.keys(errors)).toEqual([field]);
    if (message) expect(errors[field]).toBe(message);
  });

  it('takes a single target language given as a plain field', async () => {
    const quote = results<PriceQuoteResults>(await guestJson(QUOTE, { ...wordQuote, target_languages: 'german' }));
    expect(quote.payment_information.translationItems.map((i) => i.tarLang.slug)).toEqual(['german']);
  });

  it('names every missing field at once', async () => {
    const errors = errorsOf(await guestJson(QUOTE, {}));
    expect(errors).toEqual({
      source_language: 'This field is required',
      target_languages: 'This field is required',
      word_count: 'This field is required',
    });
  });

  it('refuses letters in a form-encoded word count', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: QUOTE,
      ...formBody([
        ['source_language', 'american-english'],
        ['target_languages[]', 'german'],
        ['word_count', '1e3'],
      ]),
    });
    expect(errorsOf(res)).toEqual({ word_count: 'Please enter digits only' });
  });
});

describe('POST /api/2/wizard/pricequote: purchase credits', () => {
  it('quotes a guest the amount with a pqid that verifies', async () => {
    const quote = results<PriceQuoteResults>(await guestJson(QUOTE, { recharge_amount: '10000' }));
    expect(quote.quoteType).toBe('purchase_credits');
    expect(quote.price_quote).toEqual({
      SUMMARY_COST: { customer: 10000 },
      SUMMARY_TOTAL_VAT: { customer: 0 },
      SUMMARY_TOTAL: { customer: 10000 },
    });
    expect(quote.payment_information.translationItems).toEqual([]);
    const claims = await verifyCreditsQuote(t.app.deps, quote.pqid ?? '');
    expect(claims).toMatchObject({ userId: null, amountCredits: 10000, vatCredits: 0 });
  });

  it("signs a customer's quote without VAT: VAT is charged when an order is paid (form-encoded)", async () => {
    const res = await authed(t.app, german).post(QUOTE, { recharge_amount: '10000' });
    const quote = results<PriceQuoteResults>(res);
    expect(quote.price_quote).toEqual({
      SUMMARY_COST: { customer: 10000 },
      SUMMARY_TOTAL_VAT: { customer: 0 },
      SUMMARY_TOTAL: { customer: 10000 },
    });
    const claims = await verifyCreditsQuote(t.app.deps, quote.pqid ?? '');
    expect(claims).toMatchObject({ userId: german.user.id, amountCredits: 10000, vatCredits: 0 });
    // the same German customer's order is taxed at 19% when it is quoted and paid
    const order = results<PriceQuoteResults>(
      await authed(t.app, german).postJson(QUOTE, {
        source_language: 'american-english',
        target_languages: ['french'],
        word_count: 1000,
      }),
    );
    expect(order.price_quote.SUMMARY_TOTAL_VAT.customer).toBe(
      Math.round(order.price_quote.SUMMARY_COST.customer * 0.19),
    );
  });

  it('refuses a tampered, truncated or expired pqid', async () => {
    const quote = results<PriceQuoteResults>(await guestJson(QUOTE, { recharge_amount: 500 }));
    const pqid = quote.pqid ?? '';
    const [body, mac] = pqid.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), a: 1 }),
    ).toString('base64url');
    expect(await verifyCreditsQuote(t.app.deps, `${forged}.${mac}`)).toBeNull();
    expect(await verifyCreditsQuote(t.app.deps, `${body}.${mac.slice(0, -2)}AA`)).toBeNull();
    expect(await verifyCreditsQuote(t.app.deps, body)).toBeNull();
    expect(await verifyCreditsQuote(t.app.deps, '')).toBeNull();
    expect(await verifyCreditsQuote(t.app.deps, pqid)).not.toBeNull();
    t.clock.advance(CREDITS_QUOTE_TTL_MS + 1000);
    expect(await verifyCreditsQuote(t.app.deps, pqid)).toBeNull();
  });

  it.each([
    [{ recharge_amount: '' }, 'This field is required'],
    [{ recharge_amount: 'abc' }, 'Please enter digits only'],
    [{ recharge_amount: '100.50' }, 'Please enter digits only'],
    [{ recharge_amount: ' 100' }, 'Please enter digits only'],
    [{ recharge_amount: '0' }, 'Please enter a number greater than 0'],
    [{ recharge_amount: '1000000000' }, 'Please enter a smaller number'],
    [{ quoteType: 'purchase_credits' }, 'This field is required'],
  ])('refuses %j', async (body, message) => {
    expect(errorsOf(await guestJson(QUOTE, body))).toEqual({ recharge_amount: message });
  });
});

describe('POST /api/2/calc', () => {
  it('answers the words a budget buys per pair tier', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/2/calc',
      ...formBody([
        ['sum', '9600'],
        ['type', 'budget'],
        ['name', 'translation'],
      ]),
    });
    // 8, 9.6 and 12 credits a word; 9600 / 12 = 800
    expect(results<BudgetCalcResults>(res)).toEqual({
      sum: 9600,
      type: 'budget',
      name: 'translation',
      words: { tier1: 1200, tier2: 1000, tier3: 800 },
    });
  });

  it('counts words whose rounded price still fits, defaults to translation and takes an expertise', async () => {
    // 9.6 a word: 1018 credits buy 106 words (1017.6 rounds to 1018), not 107 (1027)
    const calc = results<BudgetCalcResults>(await guestJson('/api/2/calc', { sum: 1018, type: 'budget' }));
    expect(calc.name).toBe('translation');
    expect(calc.words.tier2).toBe(106);
    const legal = results<BudgetCalcResults>(
      await guestJson('/api/2/calc', { sum: '15000', type: 'budget', expertise: 'legal' }),
    );
    expect(legal.words).toEqual({ tier1: 1500, tier2: 1250, tier3: 1000 });
  });

  it('buys no words under the minimum charge', async () => {
    const calc = results<BudgetCalcResults>(await guestJson('/api/2/calc', { sum: '999', type: 'budget' }));
    expect(calc.words).toEqual({ tier1: 0, tier2: 0, tier3: 0 });
  });

  it.each([
    [{ type: 'budget' }, 'sum'],
    [{ sum: '12x', type: 'budget' }, 'sum'],
    [{ sum: '100' }, 'type'],
    [{ sum: '100', type: 'words' }, 'type'],
    [{ sum: '100', type: 'budget', name: 'poetry' }, 'name'],
    [{ sum: '100', type: 'budget', expertise: 'astrology' }, 'expertise'],
  ])('refuses %j naming %s', async (body, field) => {
    expect(Object.keys(errorsOf(await guestJson('/api/2/calc', body)))).toEqual([field]);
  });
});
