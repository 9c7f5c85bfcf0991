import { describe, expect, it } from 'vitest';
import {
  countInText,
  markupToTokens,
  nextMissingTag,
  partsOf,
  plainOf,
  replaceInTokens,
  tagProblems,
  tokensToMarkup,
  type Tags,
} from './tag-tokens';

const SOURCE = 'Press <pc id="1">Save</pc> &amp; wait<ph id="2"/> for <pc id="3">5 &lt; 6</pc>.';
const TAGS: Tags = { '1': { kind: 'pc' }, '2': { kind: 'ph' }, '3': { kind: 'pc' } };

describe('markup and tokens', () => {
  it('writes paired codes as {n}…{/n}, standalone ones as {n/}, and unescapes the text', () => {
    expect(markupToTokens(SOURCE)).toBe('Press {1}Save{/1} & wait{2/} for {3}5 < 6{/3}.');
  });

  it('closes nested codes with the id of the code they close', () => {
    expect(markupToTokens('<pc id="1">a <pc id="2">b</pc> c</pc>')).toBe('{1}a {2}b{/2} c{/1}');
  });

  it('gives back the same markup for tokens it made', () => {
    expect(tokensToMarkup(markupToTokens(SOURCE), TAGS)).toBe(SOURCE);
  });

  it('escapes what is typed, so that < and & are text and never markup', () => {
    expect(tokensToMarkup('a <b> & {1}x{/1}', TAGS)).toBe('a &lt;b&gt; &amp; <pc id="1">x</pc>');
  });

  it('keeps as text the braces that are not a tag of the source, or of another kind', () => {
    expect(tokensToMarkup('{7}x{/7} {2}y{/2} {1/} {name}', TAGS)).toBe('{7}x{/7} {2}y{/2} {1/} {name}');
  });

  it('reads numeric entities and keeps a stray < or & as text', () => {
    expect(markupToTokens('caf&#233; &#x263A; 1 < 2 & 3')).toBe('café ☺ 1 < 2 & 3');
  });

  it('counts plain-text offsets without the tags (where term positions point)', () => {
    expect(plainOf(SOURCE)).toBe('Press Save & wait for 5 < 6.');
    const texts = partsOf(SOURCE).filter((p) => p.t === 'text');
    expect(texts.map((p) => (p.t === 'text' ? p.offset : -1))).toEqual([0, 6, 10, 17, 22, 27]);
  });
});

describe('a memory match taken into the target', () => {
  it('puts the match’s tags in as tokens that are the segment’s tags, with nothing missing', () => {
    // the server gives a match the segment's tag ids (memory-tags.ts); taking it (Ctrl+1) is this
    const match = '<ph id="2"/>Pulse <pc id="1">Guardar</pc> y espere <pc id="3">5 &lt; 6</pc>.';
    const typed = markupToTokens(match);
    expect(typed).toBe('{2/}Pulse {1}Guardar{/1} y espere {3}5 < 6{/3}.');
    expect(tagProblems(typed, SOURCE, TAGS)).toEqual([]);
    expect(nextMissingTag(typed, SOURCE, TAGS)).toBeNull();
    expect(tokensToMarkup(typed, TAGS)).toBe(match);
  });
});

describe('tags in a target', () => {
  it('names the next tag of the source the target lacks, in reading order', () => {
    expect(nextMissingTag('', SOURCE, TAGS)).toBe('{1}');
    expect(nextMissingTag('Appuyez sur {1}Enregistrer', SOURCE, TAGS)).toBe('{/1}');
    expect(nextMissingTag('{1}E{/1} {3}5 < 6{/3}', SOURCE, TAGS)).toBe('{2/}');
    expect(nextMissingTag('{1}E{/1}{2/} {3}5 < 6{/3}', SOURCE, TAGS)).toBeNull();
  });

  it('finds missing, doubled, unclosed and crossed tags', () => {
    expect(tagProblems('{1}E{/1}{2/}{3}x{/3}', SOURCE, TAGS)).toEqual([]);
    expect(tagProblems('{1}E{/1}', SOURCE, TAGS)).toEqual([
      '{2/} of the source is missing',
      '{3} of the source is missing',
    ]);
    expect(tagProblems('{1}E{2/}{2/}{3}x{/3}', SOURCE, TAGS)).toEqual([
      '{2/} appears twice',
      '{1} is opened but not closed',
    ]);
    expect(tagProblems('{1}a{3}b{/1}c{/3}{2/}', SOURCE, TAGS)[0]).toBe(
      '{/1} closes before {/3}: close the inner tag first',
    );
    expect(tagProblems('{/1}{1}{2/}{3}{/3}', SOURCE, TAGS)[0]).toBe('{/1} closes a tag that is not open');
  });
});

describe('find and replace', () => {
  it('counts matches in the text only, whatever the case', () => {
    expect(countInText('<pc id="1">Save</pc> and save', 'SAVE')).toBe(2);
    expect(countInText('<pc id="1">x</pc>', 'pc')).toBe(0);
  });

  it('replaces in the text and never inside a tag', () => {
    expect(replaceInTokens('{1}Save{/1} or save {2/}', TAGS, 'save', 'keep')).toBe('{1}keep{/1} or keep {2/}');
    expect(replaceInTokens('{1}a{/1}', TAGS, '1', 'x')).toBe('{1}a{/1}');
    expect(replaceInTokens('cost $5 (net)', TAGS, '$5 (net)', '$6')).toBe('cost $6');
  });
});
