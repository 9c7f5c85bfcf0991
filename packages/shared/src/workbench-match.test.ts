import { describe, expect, it } from 'vitest';
import { MATCH_BANDS } from './workbench';
import { bandOf, FuzzyIndex, matchPercent, tokenize } from './workbench-match';

describe('tokenize', () => {
  it('reads words, numbers and each punctuation mark, case-folded', () => {
    expect(tokenize('The Order of 1,000.5 units, shipped?!')).toEqual([
      'the',
      'order',
      'of',
      '1,000.5',
      'units',
      ',',
      'shipped',
      '?',
      '!',
    ]);
    expect(tokenize("Don't stop...")).toEqual(["don't", 'stop', '.', '.', '.']);
    expect(tokenize('  \n ')).toEqual([]);
  });

  it('finds the words of a text written without spaces', () => {
    const tokens = tokenize('我喜欢吃苹果。');
    expect(tokens.length).toBeGreaterThan(2);
    expect(tokens.join('')).toBe('我喜欢吃苹果。');
    expect(tokens).toContain('苹果');
    expect(tokens[tokens.length - 1]).toBe('。');
  });
});

describe('matchPercent', () => {
  it('is 100 only for equal texts, spaces around them aside', () => {
    expect(matchPercent('Send the file.', '  Send the file.\n')).toBe(100);
    expect(matchPercent('Send the file.', 'send the file.')).toBe(99);
    expect(matchPercent('Send the file.', 'Send the file')).toBeLessThan(100);
    expect(matchPercent('Send the file.', 'Send  the file.')).toBe(99);
  });

  it('counts changed tokens against the longer text', () => {
    // ten tokens, one replaced: 90%
    expect(
      matchPercent(
        'one two three four five six seven eight nine ten',
        'one two three four five six seven eight nine eleven',
      ),
    ).toBe(90);
    // one token of four missing: 75%
    expect(matchPercent('Open the door.', 'Open door.')).toBe(75);
    expect(matchPercent('alpha beta', 'gamma delta')).toBe(0);
    expect(matchPercent('', 'Something')).toBe(0);
  });

  it('scores texts in scripts without spaces word by word', () => {
    const p = matchPercent('我喜欢吃苹果。', '我喜欢吃香蕉。');
    expect(p).toBeGreaterThan(50);
    expect(p).toBeLessThan(100);
  });
});

describe('bandOf', () => {
  it('puts each percentage in its band', () => {
    expect(bandOf(100)).toBe('100');
    expect(bandOf(99)).toBe('95-99');
    expect(bandOf(95)).toBe('95-99');
    expect(bandOf(94)).toBe('85-94');
    expect(bandOf(85)).toBe('85-94');
    expect(bandOf(84)).toBe('75-84');
    expect(bandOf(75)).toBe('75-84');
    expect(bandOf(74)).toBe('new');
    expect(bandOf(0)).toBe('new');
    for (const band of MATCH_BANDS) if (band.min !== null) expect(bandOf(band.min)).toBe(band.key);
  });
});

describe('FuzzyIndex', () => {
  const memory = new FuzzyIndex<string>();
  memory.add(1, 'Press the red button to stop the machine.', 'Drücken Sie den roten Knopf.');
  memory.add(2, 'Press the green button to start the machine.', 'Drücken Sie den grünen Knopf.');
  memory.add(3, 'The invoice is due within thirty days.', 'Die Rechnung ist in 30 Tagen fällig.');
  memory.add('4', 'Press the red button to stop the machine.', 'Roten Knopf drücken.');

  it('finds exact matches first, every one of them', () => {
    const hits = memory.search('Press the red button to stop the machine.');
    expect(hits.slice(0, 2).map((h) => [h.id, h.percent])).toEqual([
      [1, 100],
      ['4', 100],
    ]);
    expect(hits[0].payload).toBe('Drücken Sie den roten Knopf.');
    // the green sentence differs by two tokens of nine
    expect(hits[2]).toMatchObject({ id: 2, percent: 78 });
  });

  it('agrees with matchPercent and keeps the minimum and the limit', () => {
    const query = 'Press the red button to halt the machine.';
    const hits = memory.search(query, { min: 50, limit: 10 });
    for (const hit of hits) {
      const text =
        hit.id === 2 ? 'Press the green button to start the machine.' : 'Press the red button to stop the machine.';
      expect(hit.percent).toBe(matchPercent(query, text));
    }
    expect(hits.map((h) => h.id)).toEqual([1, '4', 2]);
    expect(memory.search(query, { min: 85 }).map((h) => h.id)).toEqual([1, '4']);
    expect(memory.search(query, { min: 50, limit: 1 })).toHaveLength(1);
    expect(memory.search('Nothing like it at all here.')).toEqual([]);
    expect(memory.search('')).toEqual([]);
  });

  it('caps a difference of case or punctuation at 99', () => {
    // the full stop is one token of eight
    expect(memory.search('the invoice is due within thirty days')[0]).toMatchObject({ id: 3, percent: 88 });
    expect(memory.search('THE INVOICE IS DUE WITHIN THIRTY DAYS.')[0]).toMatchObject({ id: 3, percent: 99 });
  });

  it('finds every match a full scan finds (the filters lose nothing)', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const words = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'the', 'of', '.', ','];
    const sentence = () =>
      Array.from({ length: 1 + Math.floor(rand() * 12) }, () => words[Math.floor(rand() * words.length)]).join(' ');
    const texts = Array.from({ length: 400 }, sentence);
    const index = new FuzzyIndex<null>();
    for (const [i, text] of texts.entries()) index.add(i, text, null);
    for (let q = 0; q < 150; q++) {
      const query = rand() < 0.5 ? sentence() : `${texts[q]} ${words[q % words.length]}`;
      for (const min of [50, 75, 90]) {
        const expected = texts
          .map((text, id) => ({ id, percent: matchPercent(query, text) }))
          .filter((hit) => hit.percent >= min)
          .sort((x, y) => y.percent - x.percent || x.id - y.id);
        expect(index.search(query, { min, limit: 1000 }).map(({ id, percent }) => ({ id, percent }))).toEqual(expected);
      }
    }
  });

  it('matches Chinese sentences', () => {
    const index = new FuzzyIndex<null>();
    index.add('zh', '请在三十天内支付发票。', null);
    expect(index.search('请在三十天内支付发票。')[0].percent).toBe(100);
    expect(index.search('请在六十天内支付发票。', { min: 50 })[0]?.id).toBe('zh');
  });
});
