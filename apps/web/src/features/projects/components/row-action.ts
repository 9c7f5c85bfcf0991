import type { ProjectRow } from '@parlance/shared';

// A row of the customer's project list: what it offers, for the table, its lazily loaded menu and
// the page's dialogs (a module of its own, so that none of them imports another's file).

/** What a row's menu offers. */
export type RowAction = 'tags' | 'rate' | 'download' | 'cancel';

/** The server tells what the customer may do with each row (`actions`, as on the project page). */
export function canCancel(p: ProjectRow): boolean {
  return p.actions.includes('cancel');
}
