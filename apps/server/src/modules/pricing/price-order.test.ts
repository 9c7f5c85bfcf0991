import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../platform/errors';
import type { Database } from '../../db/client';
import { freshDatabase } from '../../test/harness';
import { deliveryDays, mulDivRound, type OrderToPrice, priceOrder, vatFor } from './price-order';

// The price rules on the seeded price table (migration 0005): translation per word 8 / 9.6 / 12 credits
// for pair tiers 1-3 (general), 10 / 12 / 15 (specialised); minimum 1000 credits; proofreading +50%,
// expedite +25%, certificate 2500 credits flat; German VAT 19%.

let database: Database;
let drop: () => Promise<void>;
const NOW = new Date('2026-03-02T10:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(() => drop());

function order(overrides: Partial<OrderToPrice> = {}): OrderToPrice {
  return {
    projectType: 'translation',
    sourceLanguage: 'american-english',
    targetLanguages: ['german'],
    expertise: null,
    wordCount: 1000,
    ...overrides,
  };
}

const price = (overrides: Partial<OrderToPrice> = {}) => priceOrder(database.db, order(overrides), NOW);
const credits = async (overrides: Partial<OrderToPrice> = {}) => (await price(overrides)).items[0].credits;

async function failure(overrides: Partial<OrderToPrice>): Promise<AppError> {
  try {
    await price(overrides);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('priceOrder should have refused the order');
}

describe('priceOrder: tiers', () => {
  it('prices a common pair at tier 1 and a general text at expertise tier 1', async () => {
    expect(await credits()).toBe(8000);
    expect(await credits({ expertise: 'general' })).toBe(8000);
  });

  it('takes the higher tier of the two languages for the pair', async () => {
    expect(await credits({ targetLanguages: ['czech'] })).toBe(9600); // en 1, cs 2
    expect(await credits({ targetLanguages: ['amharic'] })).toBe(12000); // en 1, am 3
    expect(await credits({ sourceLanguage: 'czech', targetLanguages: ['german'] })).toBe(9600); // cs 2, de 1
    expect(await credits({ sourceLanguage: 'czech', targetLanguages: ['amharic'] })).toBe(12000); // 2 vs 3
  });

  it('charges a specialised expertise at tier 2', async () => {
    expect(await credits({ expertise: 'legal' })).toBe(10000);
    expect(await credits({ expertise: 'legal', targetLanguages: ['amharic'] })).toBe(15000);
  });

  it('uses the project type row', async () => {
    expect(await credits({ projectType: 'seo-translation' })).toBe(10000);
    expect(await credits({ projectType: 'human-review' })).toBe(3000);
  });

  it('prices each distinct target language and sums them', async () => {
    const result = await price({ targetLanguages: ['german', 'czech', 'german', 'amharic'] });
    expect(result.items.map((i) => [i.srcLang, i.tarLang, i.wordCount, i.credits])).toEqual([
      ['american-english', 'german', 1000, 8000],
      ['american-english', 'czech', 1000, 9600],
      ['american-english', 'amharic', 1000, 12000],
    ]);
    expect(result.subtotalCredits).toBe(29600);
  });
});

describe('priceOrder: minimum and rounding', () => {
  it('never charges less than the minimum per target language', async () => {
    expect(await credits({ wordCount: 10 })).toBe(1000);
    expect(await credits({ wordCount: 0 })).toBe(1000);
    expect(await credits({ wordCount: 125 })).toBe(1000); // exactly 1000
    expect(await credits({ wordCount: 126 })).toBe(1008);
  });

  it('rounds half up once per item', async () => {
    // 9.6 credits a word: 106 words = 1017.6 -> 1018; 107 words = 1027.2 -> 1027
    expect(await credits({ wordCount: 106, targetLanguages: ['czech'] })).toBe(1018);
    expect(await credits({ wordCount: 107, targetLanguages: ['czech'] })).toBe(1027);
    // urgent translation, tier 3: 16.5 a word: 101 words = 1666.5 -> 1667
    expect(await credits({ projectType: 'urgent-translation', wordCount: 101, targetLanguages: ['amharic'] })).toBe(
      1667,
    );
  });

  it('mulDivRound rounds half up with integers only', () => {
    expect(mulDivRound(1, 1, 2)).toBe(1);
    expect(mulDivRound(1, 1, 3)).toBe(0);
    expect(mulDivRound(2, 1, 3)).toBe(1);
    expect(mulDivRound(10_000_000, 20_625, 1000)).toBe(206_250_000);
  });
});

describe('priceOrder: options', () => {
  it('adds proofreading (+50%) and expedite (+25%) as shares of the item price', async () => {
    expect(await credits({ needProofreading: true })).toBe(12000);
    expect(await credits({ expedite: true })).toBe(10000);
    expect(await credits({ needProofreading: true, expedite: true })).toBe(14000);
  });

  it('adds the certificate as flat credits per target language', async () => {
    expect(await credits({ certificate: true })).toBe(10500);
    const two = await price({ certificate: true, targetLanguages: ['german', 'french'] });
    expect(two.subtotalCredits).toBe(21000);
  });

  it('applies options to the minimum charge too, rounding the shares once', async () => {
    expect(await credits({ wordCount: 1, needProofreading: true, certificate: true })).toBe(1000 + 500 + 2500);
    // 1667 x 75% = 1250.25 -> 1250
    expect(
      await credits({
        projectType: 'urgent-translation',
        wordCount: 101,
        targetLanguages: ['amharic'],
        needProofreading: true,
        expedite: true,
      }),
    ).toBe(1667 + 1250);
  });
});

describe('priceOrder: deadline', () => {
  it('gives days_per_2000_words per started 2,000 words', async () => {
    const at = async (wordCount: number, expedite = false) =>
      ((await price({ wordCount, expedite })).items[0].deadline.getTime() - NOW.getTime()) / DAY;
    expect(await at(1)).toBe(1);
    expect(await at(2000)).toBe(1);
    expect(await at(2001)).toBe(2);
    expect(await at(4001)).toBe(3);
    expect(await at(4001, true)).toBe(2);
    expect(await at(1000, true)).toBe(1);
    expect(await at(0)).toBe(1);
  });

  it('gives each plan its own delivery: Urgent Translation before Translation before Enterprise Quality', async () => {
    const hours = async (projectType: string, wordCount = 300) =>
      ((await price({ projectType, wordCount })).items[0].deadline.getTime() - NOW.getTime()) / (DAY / 24);
    expect(await hours('translation')).toBe(24);
    expect(await hours('urgent-translation')).toBe(12);
    expect(await hours('urgent-translation', 6000)).toBe(36);
    expect(await hours('translation-editing')).toBe(48);
    expect(await hours('enterprise-quality')).toBe(72);
  });

  it('deliveryDays halves expedited work, rounding up, never under a day', () => {
    expect(deliveryDays(8000, 1, false)).toBe(4);
    expect(deliveryDays(8000, 1, true)).toBe(2);
    expect(deliveryDays(8000, 3, true)).toBe(6);
    expect(deliveryDays(100, 1, true)).toBe(1);
  });
});

describe('priceOrder: unknown values', () => {
  it.each([
    [{ projectType: 'poetry' }, 'projectType'],
    [{ sourceLanguage: 'klingon' }, 'sourceLanguage'],
    [{ targetLanguages: ['german', 'klingon'] }, 'targetLanguages'],
    [{ expertise: 'astrology' }, 'expertise'],
    [{ wordCount: -1 }, 'wordCount'],
    [{ wordCount: 1.5 }, 'wordCount'],
    [{ targetLanguages: ['american-english'] }, 'targetLanguages'],
  ] as [Partial<OrderToPrice>, string][])('refuses %j naming %s', async (overrides, field) => {
    const error = await failure(overrides);
    expect(error.statusCode).toBe(400);
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
  });

  it('prices no items for no target languages', async () => {
    expect(await price({ targetLanguages: [] })).toEqual({ items: [], subtotalCredits: 0 });
  });
});

describe('vatFor', () => {
  it('applies the billing country rate, rounding half up', async () => {
    expect(await vatFor(database.db, 'DE', 10000)).toEqual({ basisPoints: 1900, vatCredits: 1900 });
    expect(await vatFor(database.db, 'de', 10000)).toEqual({ basisPoints: 1900, vatCredits: 1900 });
    expect(await vatFor(database.db, 'DE', 50)).toEqual({ basisPoints: 1900, vatCredits: 10 }); // 9.5
    expect(await vatFor(database.db, 'DE', 3)).toEqual({ basisPoints: 1900, vatCredits: 1 }); // 0.57
    expect(await vatFor(database.db, 'DE', 2)).toEqual({ basisPoints: 1900, vatCredits: 0 }); // 0.38
    expect(await vatFor(database.db, 'CH', 10000)).toEqual({ basisPoints: 810, vatCredits: 810 });
  });

  it('charges none without a country or where no rate applies', async () => {
    expect(await vatFor(database.db, null, 10000)).toEqual({ basisPoints: 0, vatCredits: 0 });
    expect(await vatFor(database.db, 'US', 10000)).toEqual({ basisPoints: 0, vatCredits: 0 });
  });
});
