import { describe, expect, it } from 'vitest';
import { checkTags, parseMarkup, type TagInfo } from '../../platform/segments';
import { translateMarkup } from './tagged-text';

// Tags survive machine translation: each run of text between tags goes to the engine alone and the
// tags come back where they were, so the target always fits the source.

const mark = async (texts: string[]) => texts.map((t) => `<${t.toUpperCase()}>`);

describe('translateMarkup', () => {
  it('translates runs between tags and keeps nested tags, objects and escapes', async () => {
    const sources = [
      'Plain sentence &amp; more.',
      'Read <pc id="1">the <pc id="2">full</pc> results</pc> online.<ph id="3"/>',
      '<pc id="1">42</pc> apples.',
    ];
    const calls: string[][] = [];
    const targets = await translateMarkup(sources, async (texts) => {
      calls.push(texts);
      return mark(texts);
    });
    expect(calls).toEqual([['Plain sentence & more.', 'Read', 'the', 'full', 'results', 'online.', 'apples.']]);
    expect(targets).toEqual([
      '&lt;PLAIN SENTENCE &amp; MORE.&gt;',
      '&lt;READ&gt; <pc id="1">&lt;THE&gt; <pc id="2">&lt;FULL&gt;</pc> &lt;RESULTS&gt;</pc> &lt;ONLINE.&gt;<ph id="3"/>',
      '<pc id="1">42</pc> &lt;APPLES.&gt;',
    ]);
    const tags: Record<string, TagInfo> = {
      1: { kind: 'pc', type: 'fmt' },
      2: { kind: 'pc', type: 'fmt' },
      3: { kind: 'ph', type: 'other' },
    };
    expect(checkTags(parseMarkup(targets[1]).tokens, tags)).toEqual([]);
  });

  it('sends at most MT_BATCH texts a call', async () => {
    const sizes: number[] = [];
    await translateMarkup(
      Array.from({ length: 120 }, (_, i) => `Sentence ${i}.`),
      async (texts) => {
        sizes.push(texts.length);
        return texts;
      },
    );
    expect(sizes).toEqual([50, 50, 20]);
  });
});
