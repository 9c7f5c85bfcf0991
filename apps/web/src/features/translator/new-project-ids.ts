// Which ids of a refreshed open-projects page are new projects (spec 1 §4).

export interface PageSnapshot {
  /** tab, page and page size: a new page is not "new projects" */
  key: string;
  ids: Set<number>;
  /** the page was full: rows may have moved up into it from the next page */
  full: boolean;
}

/** The ids of `next` that are new since `prev`, leaving out rows that only moved up from the next page. */
export function newProjectIds(prev: PageSnapshot, next: readonly number[]): number[] {
  const min = prev.ids.size > 0 ? Math.min(...prev.ids) : Number.POSITIVE_INFINITY;
  // a full page gains rows at its bottom when rows above it are taken: those are not new projects
  return next.filter((id) => !prev.ids.has(id) && (!prev.full || id > min));
}
