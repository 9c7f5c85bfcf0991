import { describe, expect, it } from 'vitest';
import { checkTags, parseMarkup, type TagInfo } from '../../platform/segments';
import { translateMarkup } from './tagged-text';

// Tags survive machine translation: a segment with tags goes whole to an engine that keeps markup,
// and its answer is taken when it holds the source's tags; otherwise (or with an engine that keeps
// none) each run of text between tags goes to the engine alone and the tags come back where they
// were, so the target always fits the source.

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

  it('sends a tagged segment whole to an engine that keeps markup, untagged ones as text', async () => {
    const sources = ['Plain sentence.', 'Read <pc id="1">the results</pc> now.<ph id="2"/>'];
    const plain: string[][] = [];
    const tagged: string[][] = [];
    const targets = await translateMarkup(
      sources,
      async (texts) => {
        plain.push(texts);
        return texts.map((t) => `DE ${t}`);
      },
      async (markup) => {
        tagged.push(markup);
        // an engine may move a tag with its words, and an HTML engine writes an empty element as a pair
        return ['Jetzt <pc id="1">die Ergebnisse</pc> lesen.<ph id="2"></ph>'];
      },
    );
    expect(tagged).toEqual([[sources[1]]]);
    expect(plain).toEqual([['Plain sentence.']]);
    expect(targets).toEqual(['DE Plain sentence.', 'Jetzt <pc id="1">die Ergebnisse</pc> lesen.<ph id="2"/>']);
  });

  it('falls back to runs of text when the engine drops, doubles or breaks a tag', async () => {
    const source = 'Read <pc id="1">the results</pc> now.<ph id="2"/>';
    for (const broken of [
      'Jetzt die Ergebnisse lesen.<ph id="2"/>',
      'Jetzt <pc id="1">die</pc> <pc id="1">Ergebnisse</pc> lesen.<ph id="2"/>',
      'Jetzt <pc id="1">die Ergebnisse lesen.<ph id="2"/>',
      'Jetzt <pc id="3">die Ergebnisse</pc> lesen.<ph id="2"/>',
      'Jetzt </pc>die Ergebnisse<pc id="1"> lesen.<ph id="2"/>',
    ]) {
      const targets = await translateMarkup(
        [source],
        async (texts) => texts.map((t) => t.toUpperCase()),
        async () => [broken],
      );
      expect(targets).toEqual(['READ <pc id="1">THE RESULTS</pc> NOW.<ph id="2"/>']);
    }
  });
});
