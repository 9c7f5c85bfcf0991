import { describe, expect, it } from 'vitest';
import { checkTags, parseMarkup } from '../../platform/segments';
import { tmxContentOf } from './deliver';
import { fitMatchTags, tmxToMarkup } from './memory-tags';

// A memory unit's TMX inline codes read back as segment markup, and a match's tags given the ids
// of the segment being translated, so that taking the match passes the tag check.

const bold = { kind: 'pc', type: 'fmt', subType: 'xlf:b' } as const;
const br = { kind: 'ph', type: 'other' } as const;

describe('tmxToMarkup', () => {
  it('reads back what a delivery writes', () => {
    const markup = 'Press <pc id="1">Save</pc> now<ph id="2"/> &amp; wait.';
    const tags = { '1': bold, '2': br } as never;
    expect(tmxToMarkup(tmxContentOf(markup, tags))).toBe(markup);
  });

  it('reads another tool’s codes: pairs by i, standalone codes by place, highlights as text', () => {
    expect(tmxToMarkup('<bpt i="7">{b}</bpt>Hi<ept i="7">{/b}</ept> <ph>{br}</ph><hi>you</hi> &lt;3')).toBe(
      '<pc id="b7">Hi</pc> <ph id="p1"/>you &lt;3',
    );
    expect(tmxToMarkup('<bpt i="1">x</bpt>open')).toBeNull();
    expect(tmxToMarkup('plain &amp; simple')).toBe('plain &amp; simple');
  });
});

describe('fitMatchTags', () => {
  it('gives the match’s tags the segment’s ids by their place', () => {
    const fitted = fitMatchTags(
      { source: 'Press <pc id="1">Save</pc><ph id="2"/>', target: '<ph id="2"/>Pulse <pc id="1">Guardar</pc>' },
      'Now press <pc id="3">Save</pc><ph id="4"/>',
    );
    expect(fitted).toEqual({
      source: 'Press <pc id="3">Save</pc><ph id="4"/>',
      target: '<ph id="4"/>Pulse <pc id="3">Guardar</pc>',
    });
    const { tokens } = parseMarkup(fitted.target);
    expect(checkTags(tokens, { '3': bold, '4': br } as never)).toEqual([]);
  });

  it('offers the text alone when the tags do not fit the segment', () => {
    const match = { source: 'Press <pc id="1">Save</pc>', target: 'Pulse <pc id="1">Guardar</pc>' };
    expect(fitMatchTags(match, 'Press Save')).toEqual({ source: 'Press Save', target: 'Pulse Guardar' });
    expect(fitMatchTags(match, 'Press <ph id="1"/>Save')).toEqual({ source: 'Press Save', target: 'Pulse Guardar' });
    expect(fitMatchTags({ source: 'A &amp; B', target: 'A i B' }, 'A <pc id="1">B</pc>')).toEqual({
      source: 'A &amp; B',
      target: 'A i B',
    });
  });
});
