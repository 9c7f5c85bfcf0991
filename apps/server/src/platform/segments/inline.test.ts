import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapText } from './test-helpers';
import {
  type Block,
  type CodeDescriber,
  checkTags,
  mergeBlock,
  parseMarkup,
  plainText,
  splitBlock,
  type Token,
} from './inline';

// Codes named by a letter: b and i are paired, x is standalone.
type Code = string;
const describer: CodeDescriber<Code> = { describe: (code) => ({ disp: code }) };
const open = (data: Code): Token<Code> => ({ t: 'open', data });
const close: Token<Code> = { t: 'close' };
const ph = (data: Code): Token<Code> => ({ t: 'ph', data });
const text = (value: string): Token<Code> => ({ t: 'text', text: value });

function block(...tokens: Token<Code>[]): Block<Code> {
  return { key: 'k', context: 'test', tokens };
}

function sources(tokens: Token<Code>[], language = 'en'): string[] {
  return splitBlock(block(...tokens), language, describer).flatMap((piece) =>
    piece.kind === 'segment' ? [piece.segment.source] : [],
  );
}

/** The block written back as a string, codes as [b]...[/] and {x}. */
function render(tokens: Token<Code>[]): string {
  const stack: Code[] = [];
  return tokens
    .map((token) => {
      if (token.t === 'text') return token.text;
      if (token.t === 'ph') return `{${token.data}}`;
      if (token.t === 'open') {
        stack.push(token.data);
        return `[${token.data}]`;
      }
      return `[/${stack.pop()}]`;
    })
    .join('');
}

describe('splitting blocks into segments', () => {
  it('cuts a code that runs over a sentence end into one per sentence', () => {
    expect(sources([text('One '), open('b'), text('two. Three'), close, text(' four.')])).toEqual([
      'One <pc id="1">two.</pc>',
      '<pc id="1">Three</pc> four.',
    ]);
  });

  it('leaves codes and spaces at a sentence edge in the skeleton', () => {
    expect(sources([ph('x'), text('  '), open('b'), text('All bold.'), close, text(' '), ph('x')])).toEqual([
      'All bold.',
    ]);
    // a code around codes only (a footnote mark in superscript) is no word either
    expect(sources([open('sup'), ph('x'), close, text(' Note text.')])).toEqual(['Note text.']);
    expect(sources([text('Word '), open('b'), text(' spaced '), close, text('out.')])).toEqual([
      'Word <pc id="1"> spaced </pc>out.',
    ]);
  });

  it('skips sentences without a letter: numbers, codes, punctuation', () => {
    expect(sources([text('2025')])).toEqual([]);
    expect(sources([text('12.50 € — 3%')])).toEqual([]);
    expect(sources([ph('x'), open('b'), close])).toEqual([]);
    expect(sources([text('Price: 12.50. Tax included.')])).toEqual(['Price: 12.50.', 'Tax included.']);
  });

  it('splits by the sentence rules of the source language', () => {
    expect(sources([text('第一句。第二句！')], 'zh')).toEqual(['第一句。', '第二句！']);
    expect(sources([text('Er sagte: „Ja.“ Dann ging er.')], 'de')).toEqual(['Er sagte: „Ja.“', 'Dann ging er.']);
  });

  it('splits a very long block as quickly as short ones, with the same sentences', () => {
    const sentences = Array.from({ length: 6000 }, (_, i) => `Sentence number ${i} is here${i % 7 === 0 ? '!' : '.'}`);
    const started = performance.now();
    expect(sources([text(sentences.join(' '))])).toEqual(sentences);
    expect(performance.now() - started).toBeLessThan(5000);
    // one "sentence" longer than the segmenter's window is cut at a space, never inside a word
    const long = Array.from({ length: 3000 }, () => 'word').join(' ');
    expect(sources([text(long)]).join(' ')).toBe(long);
  });

  it('counts the words of each segment as the wizard does', () => {
    const [segment] = splitBlock(
      block(text('An un'), open('b'), text('believ'), close, text('able'), ph('x'), text('story.')),
      'en',
      describer,
    ).filter((piece) => piece.kind === 'segment');
    expect(segment.kind === 'segment' && segment.segment.words).toBe(3);
  });

  it('escapes what would read as markup', () => {
    expect(sources([text('a < b & c > d')])).toEqual(['a &lt; b &amp; c &gt; d']);
    expect(plainText('a &lt; b &amp; <pc id="1">c</pc><ph id="2"/>')).toBe('a < b & c');
  });

  it('gives ids by block key and sentence number, the same every time', () => {
    const pieces = splitBlock(block(text('One. 2. Three.')), 'en', describer);
    expect(pieces.flatMap((p) => (p.kind === 'segment' ? [p.segment.id] : []))).toEqual(['k.1', 'k.3']);
  });
});

describe('putting translations back', () => {
  const tokens = [
    text('See '),
    open('a'),
    text('the site'),
    close,
    text(' and '),
    open('b'),
    text('call'),
    close,
    text('.'),
    ph('x'),
  ];

  it('an identity translation gives back the same tokens', () => {
    const pieces = splitBlock(block(...tokens), 'en', describer);
    const same = mergeBlock(pieces, new Map([['k.1', 'See <pc id="1">the site</pc> and <pc id="2">call</pc>.']]));
    expect(render(same)).toBe(render(tokens));
  });

  it('moves codes with the words, and nests them as the translation does', () => {
    const pieces = splitBlock(block(...tokens), 'en', describer);
    const moved = mergeBlock(pieces, new Map([['k.1', '<pc id="2">Ruf an</pc> oder <pc id="1">sieh nach</pc>.']]));
    expect(render(moved)).toBe('[b]Ruf an[/b] oder [a]sieh nach[/a].{x}');
    const nested = mergeBlock(pieces, new Map([['k.1', '<pc id="1">Sieh <pc id="2">an</pc></pc>.']]));
    expect(render(nested)).toBe('[a]Sieh [b]an[/b][/a].{x}');
  });

  it('refuses a target that repeats a tag', () => {
    const pieces = splitBlock(block(...tokens), 'en', describer);
    expect(() =>
      mergeBlock(pieces, new Map([['k.1', '<pc id="2">Ruf</pc> <pc id="1">sieh</pc> <pc id="2">an</pc>.']])),
    ).toThrow('A translation cannot be put into the file: segment k.1: tag 2 appears twice.');
  });

  it('names every problem of a target in plain words', () => {
    const tags = { 1: { kind: 'pc' as const }, 2: { kind: 'ph' as const } };
    const problems = (markup: string) => [
      ...parseMarkup(markup).problems,
      ...checkTags(parseMarkup(markup).tokens, tags),
    ];
    expect(problems('<pc id="1">a</pc><ph id="2"/>')).toEqual([]);
    expect(problems('<pc id="1">a<ph id="2"/>')).toEqual(['tag 1 is opened but not closed']);
    expect(problems('a</pc><pc id="1"></pc><ph id="2"/>')).toEqual(['a tag is closed that was not opened']);
    expect(problems('<ph id="1"/><pc id="2">x</pc>')).toEqual([
      'tag 1 is a paired tag in the source',
      'tag 2 is a standalone tag in the source',
    ]);
    expect(problems('<pc id="1">a</pc>')).toEqual(['tag 2 of the source is missing']);
    expect(problems('<pc id="1">a < b</pc><ph id="2"/>')).toEqual([
      '"< b</pc><ph id="2"/>" is neither text nor a tag of the segment (write < as &lt; and & as &amp;)',
    ]);
    expect(problems('<b>x</b><pc id="1"></pc><ph id="2"/>')[0]).toContain('is neither text nor a tag');
  });
});

/** Each character of a block with the codes around it, spaces left out (they may move out of a code). */
function formattedCharacters(tokens: Token<Code>[]): string[] {
  const stack: Code[] = [];
  const out: string[] = [];
  for (const token of tokens) {
    if (token.t === 'open') stack.push(token.data);
    else if (token.t === 'close') stack.pop();
    else if (token.t === 'ph') out.push(`{${token.data}}@${stack.join('/')}`);
    else for (const c of token.text) if (!/\s/.test(c)) out.push(`${c}@${stack.join('/')}`);
  }
  return out;
}

const words = fc.constantFrom(
  'Hello',
  'world',
  'tea',
  '42',
  'Mr.',
  'ok',
  '',
  ' ',
  '. ',
  '! ',
  '? ',
  ', ',
  'Yes.',
  '  ',
  '\u00a0',
);

/** A balanced block of text, paired codes (b, i, a) and standalone codes (x, y). */
const blocks: fc.Arbitrary<Token<Code>[]> = fc.letrec<{ tokens: Token<Code>[] }>((tie) => ({
  tokens: fc
    .array(
      fc.oneof(
        { weight: 5, arbitrary: words.map((w): Token<Code>[] => [text(w)]) },
        { weight: 1, arbitrary: fc.constantFrom('x', 'y').map((c): Token<Code>[] => [ph(c)]) },
        {
          weight: 2,
          arbitrary: fc
            .tuple(fc.constantFrom('b', 'i', 'a'), tie('tokens'))
            .map(([code, inner]): Token<Code>[] => [open(code), ...inner, close]),
        },
      ),
      { maxLength: 6 },
    )
    .map((parts) => parts.flat()),
})).tokens;

describe('any block', () => {
  it('splits into segments whose tags check out, and an identity merge keeps every character in its codes', () => {
    fc.assert(
      fc.property(blocks, (tokens) => {
        const pieces = splitBlock(block(...tokens), 'en', describer);
        const identity = new Map<string, string>();
        for (const piece of pieces) {
          if (piece.kind !== 'segment') continue;
          const parsed = parseMarkup(piece.segment.source);
          expect(parsed.problems).toEqual([]);
          expect(checkTags(parsed.tokens, piece.segment.tags)).toEqual([]);
          identity.set(piece.segment.id, piece.segment.source);
        }
        const merged = mergeBlock(pieces, identity);
        expect(formattedCharacters(merged)).toEqual(formattedCharacters(tokens));
        // a translation that changes every word still leaves each character in the same codes
        const upper = mergeBlock(
          pieces,
          new Map([...identity].map(([id, source]) => [id, mapText(source, (t) => t.toUpperCase())])),
        );
        expect(formattedCharacters(upper)).toEqual(
          formattedCharacters(tokens).map((c) => (c.startsWith('{') ? c : c[0].toUpperCase() + c.slice(1))),
        );
        expect(merged.map((t) => (t.t === 'text' ? t.text : '')).join('')).toBe(
          tokens.map((t) => (t.t === 'text' ? t.text : '')).join(''),
        );
      }),
      { numRuns: 300 },
    );
  });
});
