import { describe, expect, it } from 'vitest';
import { DISPUTE_PAGE_SIZE, segmentsPage } from './dispute-find';

const job = Array.from({ length: 2_000 }, (_, i) => ({
  id: 1_000 + i,
  source: i === 1_234 ? 'Close the <pc id="1">door</pc> &amp; leave.' : `Sentence number ${i + 1}.`,
  target: i === 1_500 ? 'Ouvrez la fenêtre.' : `Phrase ${i + 1}.`,
}));

describe('the dispute dialog’s segments', () => {
  it('shows a 2,000-segment job a page at a time', () => {
    const first = segmentsPage(job, '', null);
    expect(first.pages).toBe(Math.ceil(2_000 / DISPUTE_PAGE_SIZE));
    expect(first.shown).toHaveLength(DISPUTE_PAGE_SIZE);
    expect(first.shown[0].id).toBe(1_000);
    const last = segmentsPage(job, '', 40);
    expect(last.shown.at(-1)?.id).toBe(2_999);
    // past the end (the list got shorter): the last page
    expect(segmentsPage(job, '', 99).current).toBe(40);
  });

  it('finds a segment by its source as read, tags left out, or by its translation, in any case', () => {
    expect(segmentsPage(job, '  DOOR & leave ', null).shown.map((s) => s.id)).toEqual([2_234]);
    expect(segmentsPage(job, 'fenêtre', null).shown.map((s) => s.id)).toEqual([2_500]);
    expect(segmentsPage(job, 'nowhere', null)).toMatchObject({ shown: [], pages: 1, current: 1 });
  });

  it('opens on the page of the segment picked from the side-by-side page', () => {
    expect(segmentsPage(job, '', null, 2_234).current).toBe(Math.floor(1_234 / DISPUTE_PAGE_SIZE) + 1);
    expect(segmentsPage(job, '', null, 2_234).shown.map((s) => s.id)).toContain(2_234);
    // a page chosen wins
    expect(segmentsPage(job, '', 2, 2_234).current).toBe(2);
  });
});
