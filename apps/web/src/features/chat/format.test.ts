import { describe, expect, it } from 'vitest';
import { SEARCH_MARK_END, SEARCH_MARK_START } from '@parlance/shared';
import { snippetParts } from './format';

describe('snippetParts', () => {
  it('splits a search snippet into plain pieces and matched words', () => {
    const s = `${SEARCH_MARK_START}Glossary${SEARCH_MARK_END}, the <b>${SEARCH_MARK_START}glos${SEARCH_MARK_END}</b>`;
    expect(snippetParts(s)).toEqual([
      { text: 'Glossary', hit: true },
      { text: ', the <b>', hit: false },
      { text: 'glos', hit: true },
      { text: '</b>', hit: false },
    ]);
    expect(snippetParts('no match marked')).toEqual([{ text: 'no match marked', hit: false }]);
    expect(snippetParts('')).toEqual([]);
  });
});
