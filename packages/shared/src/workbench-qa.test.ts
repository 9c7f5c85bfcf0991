import { describe, expect, it } from 'vitest';
import { findTerms, markupToPlain, type QaInput, qaChecks } from './workbench-qa';

const terms = [
  { source: 'order', target: 'Auftrag', note: '' },
  { source: 'purchase order', target: 'Bestellung', note: 'not "Kaufauftrag"' },
  { source: 'API', target: 'API', note: '' },
];

const checks = (source: string, target: string, more: Partial<QaInput> = {}) =>
  qaChecks({ source, target, sourceLang: 'en', targetLang: 'de', terms, ...more });
const named = (source: string, target: string, more: Partial<QaInput> = {}) =>
  checks(source, target, more).map((f) => f.check);

describe('markupToPlain', () => {
  it('drops tags and decodes entities', () => {
    expect(
      markupToPlain('Click <pc id="1">Save</pc> &amp; <ph id="2"/>go &lt;now&gt; &quot;x&quot; &apos;y&apos;'),
    ).toBe('Click Save & go <now> "x" \'y\'');
    expect(markupToPlain('<pc id="1"><pc id="2">A</pc></pc>&#x41;&#66;')).toBe('AAB');
  });
});

describe('findTerms', () => {
  it('finds whole words in any case, the longest term first, without overlaps', () => {
    const text = 'Each Purchase Order is an order; orders and disorder are not.';
    expect(findTerms(text, terms, 'en')).toEqual([
      { source: 'purchase order', target: 'Bestellung', note: 'not "Kaufauftrag"', start: 5, end: 19 },
      { source: 'order', target: 'Auftrag', note: '', start: 26, end: 31 },
    ]);
    expect(text.slice(5, 19)).toBe('Purchase Order');
  });

  it('finds terms by Unicode letters and in scripts without spaces', () => {
    expect(findTerms('Die Größe: größer', [{ source: 'größe', target: 'size', note: '' }], 'de')).toHaveLength(1);
    const hits = findTerms('请支付发票和发票副本', [{ source: '发票', target: 'invoice', note: '' }], 'zh');
    expect(hits.map((h) => h.start)).toEqual([3, 6]);
    expect(findTerms('', terms, 'en')).toEqual([]);
    expect(findTerms('a (b) c', [{ source: '(b)', target: 'x', note: '' }], 'en')).toHaveLength(1);
  });

  it('finds the same terms with the prefilter as the patterns alone would, case folds included', () => {
    // terms that are not in the text are skipped before their pattern; these must still be found
    expect(findTerms('OPEN the\tfile menu', [{ source: 'open  the file', target: 'x', note: '' }], 'en')).toHaveLength(
      1,
    );
    expect(findTerms('Die STRAẞE', [{ source: 'straße', target: 'x', note: '' }], 'de')).toHaveLength(1);
    expect(findTerms('ΟΔΟΣ', [{ source: 'οδοσ', target: 'x', note: '' }], 'el')).toHaveLength(1);
    expect(findTerms('5 \u212Ailo', [{ source: 'kilo', target: 'x', note: '' }], 'en')).toHaveLength(1);
    const many = Array.from({ length: 300 }, (_, i) => ({ source: `term${i} word`, target: `t${i}`, note: '' }));
    expect(findTerms('Only Term7 Word is here.', many, 'en').map((h) => h.source)).toEqual(['term7 word']);
  });
});

describe('qaChecks', () => {
  it('passes a good translation', () => {
    expect(
      checks(
        'Send the <pc id="1">purchase order</pc> by 5 May.',
        'Senden Sie die <pc id="1">Bestellung</pc> bis 5. Mai.',
      ),
    ).toEqual([]);
  });

  it('flags an empty translation as an error and nothing else', () => {
    expect(checks('Hello there.', '  ')).toEqual([
      { check: 'empty', level: 'error', message: 'The translation is empty' },
    ]);
    expect(named('<ph id="1"/> Hello.', '<ph id="1"/>')).not.toContain('empty');
  });

  it('flags a target equal to a source with letters', () => {
    expect(named('Parlance', 'Parlance')).toEqual(['untranslated']);
    expect(named('2024', '2024')).toEqual([]);
  });

  it('flags tags that differ from the source as errors', () => {
    const source = 'Click <pc id="1">Save</pc> <ph id="2"/> now.';
    const messages = (target: string) =>
      checks(source, target)
        .filter((f) => f.check === 'tags')
        .map((f) => f.message);
    expect(messages('Klicken Sie <pc id="1">Speichern</pc> <ph id="2"/> jetzt.')).toEqual([]);
    expect(messages('<ph id="2"/> Klicken Sie jetzt <pc id="1">Speichern</pc>.')).toEqual([]);
    expect(messages('Klicken Sie Speichern <ph id="2"/> jetzt.')).toEqual([
      'Tag 1 of the source is missing from the translation',
    ]);
    expect(messages('Klicken <pc id="1">Sie</pc> <pc id="2">x</pc> jetzt.')).toEqual([
      'Tag 2 is a standalone tag in the source',
    ]);
    expect(messages('<pc id="1">A</pc><pc id="1">B</pc><ph id="2"/><ph id="3"/>')).toEqual([
      'Tag 1 appears twice; keep it once',
      'Tag 3 is not in the source; remove it',
    ]);
    expect(messages('<pc id="1">A <ph id="2"/>')).toEqual(['Tag 1 is opened but not closed']);
    expect(messages('A</pc> <ph id="2"/> <pc id="1">b</pc> & c')).toEqual([
      'A tag is closed that was not opened',
      '"& c" is neither text nor a tag: write < as &lt; and & as &amp;',
    ]);
    expect(checks(source, 'Klicken Sie Speichern jetzt.').every((f) => f.check !== 'tags' || f.level === 'error')).toBe(
      true,
    );
  });

  it('finds numbers written with the target language separators', () => {
    expect(named('It costs 1,000.5 credits.', 'Es kostet 1.000,5 Credits.')).toEqual([]);
    expect(named('It costs 1,000.5 credits.', 'Cela coûte 1 000,5 crédits.', { targetLang: 'fr' })).toEqual([]);
    expect(named('It costs 1,000.5 credits.', 'Cela coûte 1\u202F000,5 crédits.', { targetLang: 'fr' })).toEqual([]);
    expect(named('It costs 3.5 credits.', 'Es kostet 3,5 Credits.')).toEqual([]);
    expect(checks('Buy 1,500 sheets and 20 pens.', 'Kaufen Sie 1.600 Blatt und 20 Stifte.')).toEqual([
      { check: 'numbers', level: 'warning', message: 'The number 1,500 is missing from the translation' },
    ]);
    expect(named('It costs 3.5 credits.', 'Es kostet 35 Credits.')).toEqual(['numbers']);
    expect(named('Take 2 and 2 more.', 'Nimm 2 und noch mehr.')).toEqual(['numbers']);
  });

  it('asks for the glossary target of a term found in the source', () => {
    expect(checks('Send the purchase order.', 'Senden Sie den Kaufauftrag.')).toEqual([
      { check: 'terms', level: 'warning', message: 'The term "purchase order" should be translated as "Bestellung"' },
    ]);
    expect(named('Send the purchase order.', 'Senden Sie die bestellung.')).toEqual([]);
  });

  it('compares the final punctuation and finds doubled marks', () => {
    expect(checks('Is it ready?', 'Ist es fertig.')).toEqual([
      { check: 'punctuation', level: 'warning', message: 'The source ends with "?" but the translation ends with "."' },
    ]);
    expect(named('Ready.', 'Fertig')).toEqual(['punctuation']);
    expect(named('Ready', 'Fertig!')).toEqual(['punctuation']);
    expect(named('Wait...', 'Warte…')).toEqual([]);
    expect(named('你好吗？', 'Wie geht es?', { sourceLang: 'zh' })).toEqual([]);
    expect(checks('Yes, done.', 'Ja,, fertig..').map((f) => f.message)).toEqual([
      'The translation has a doubled ",,"',
      'The translation has a doubled ".."',
    ]);
  });

  it('compares spaces at the edges and finds double spaces', () => {
    expect(named('Hello world.', ' Hallo Welt.')).toEqual(['spacing']);
    expect(named('Hello world. ', 'Hallo Welt.')).toEqual(['spacing']);
    expect(checks('Hello world.', 'Hallo  Welt.').map((f) => f.message)).toEqual([
      'The translation has two spaces in a row',
    ]);
  });

  it('flags a translation far longer or shorter than a source of 20 characters or more', () => {
    const source = 'Please read the terms before signing.';
    expect(
      named(source, `${'Bitte lesen Sie die Bedingungen sehr sorgfältig, '.repeat(2)}bevor Sie unterschreiben.`),
    ).toEqual(['length']);
    expect(named(source, 'Lesen.')).toEqual(['length']);
    expect(named('Too short.', 'Viel zu lang für diesen kurzen Satz.')).toEqual([]);
    expect(named(source, '請在簽字前閱讀條款。', { targetLang: 'zh' })).toEqual([]);
  });
});
