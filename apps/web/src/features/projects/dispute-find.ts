// The dispute dialog's list of segments, found by text and cut into pages: a job of thousands of
// segments stays quick to scroll and to tick.

/** Segments shown at a time. */
export const DISPUTE_PAGE_SIZE = 50;

/** A segment's inline markup as a person reads it: tags dropped, entities decoded. */
export function readable(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * The segments whose source or translation contains `find` (any case), and the page of them to
 * show: `page` when the person chose one, else the page of the first picked segment (the dialog
 * opened from "Dispute this segment"), else the first.
 */
export function segmentsPage<S extends { id: number; source: string; target: string }>(
  segments: readonly S[],
  find: string,
  page: number | null,
  firstPickedId?: number,
) {
  const needle = find.trim().toLocaleLowerCase();
  const found = needle
    ? segments.filter(
        (s) =>
          readable(s.source).toLocaleLowerCase().includes(needle) ||
          readable(s.target).toLocaleLowerCase().includes(needle),
      )
    : segments;
  const pages = Math.max(1, Math.ceil(found.length / DISPUTE_PAGE_SIZE));
  const picked = needle || firstPickedId === undefined ? -1 : found.findIndex((s) => s.id === firstPickedId);
  const current = Math.min(page ?? (picked >= 0 ? Math.floor(picked / DISPUTE_PAGE_SIZE) + 1 : 1), pages);
  const shown = found.slice((current - 1) * DISPUTE_PAGE_SIZE, current * DISPUTE_PAGE_SIZE);
  return { needle, found, pages, current, shown };
}
