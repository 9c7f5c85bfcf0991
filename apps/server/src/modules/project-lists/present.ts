import { DISPLAY_STATUS_LABELS, displayStatusOf, PROJECT_TYPES, type ProjectRow } from '@parlance/shared';
import type { AuthContext } from '../../platform/session';
import { actionsFor, type ViewerRole } from '../projects/policy';
import { badgesOf } from '../projects/present';
import { estimateEarnings } from './earnings-estimate';
import type { ListRow, ReviewSummary } from './list-query';

// Allowlist serializers of the lists: a customer sees the price, a translator only its own earnings.

const TYPE_NAMES = new Map<string, string>(PROJECT_TYPES.map((t) => [t.slug, t.name]));

function commonRow(
  row: ListRow,
  tags: string[],
  actions: ProjectRow['actions'],
): Omit<ProjectRow, 'priceCredits' | 'earningsCredits'> {
  return {
    id: row.id,
    name: row.name,
    actions,
    status: row.status,
    statusLabel: DISPLAY_STATUS_LABELS[displayStatusOf(row)],
    type: row.type,
    typeName: TYPE_NAMES.get(row.type) ?? row.type,
    kind: row.kind,
    sourceLanguage: row.sourceLanguage,
    targetLanguage: row.targetLanguage,
    expertise: row.expertise,
    wordCount: row.wordCount,
    deadline: row.deadline?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    tags,
    rating: row.rating,
    badges: badgesOf(row),
    translatorName: row.translatorName,
    customerName: row.customerName,
  };
}

/** A row of the customer's own list: the price, never the translator's earnings. */
export function presentCustomerRow(row: ListRow, tags: string[], actor: AuthContext): ProjectRow {
  return {
    ...commonRow(row, tags, actionsFor(actor, { project: row, role: 'customer' })),
    priceCredits: row.priceCredits,
  };
}

/** the translator a list is for: their level decides the earnings estimate */
export interface TranslatorViewer {
  id: number;
  level: number;
  /** the translator asking, for the rows' actions */
  actor: AuthContext;
}

/**
 * A row of a translator's list: the earnings of the job this translator has (translator or editor),
 * or, for a job only offered, the estimate by level. Open jobs hide the customer's name and tags.
 */
export function presentTranslatorRow(row: ListRow, viewer: TranslatorViewer): ProjectRow {
  let earningsCredits: number;
  if (row.translatorId === viewer.id) earningsCredits = row.translatorEarningsCredits;
  else if (row.editorId === viewer.id) earningsCredits = row.editorEarningsCredits;
  else {
    const job = row.status === 'IN_REVIEW' && row.editorId === null ? 'editing' : 'translation';
    earningsCredits = estimateEarnings(row.listPriceCredits ?? row.priceCredits, viewer.level, job);
  }
  const mine = row.translatorId === viewer.id || row.editorId === viewer.id;
  const role: ViewerRole =
    row.translatorId === viewer.id ? 'translator' : row.editorId === viewer.id ? 'editor' : 'candidate';
  // a row the translator does not work on is a job offered to them (the open-jobs list)
  const job = row.status === 'IN_REVIEW' && row.editorId === null ? 'take-edit' : 'take';
  const base = commonRow(row, [], actionsFor(viewer.actor, { project: row, role, job: mine ? null : job }));
  return {
    ...base,
    // an editor works to the editing deadline
    deadline: (row.editorId === viewer.id ? row.editDeadline : row.deadline)?.toISOString() ?? null,
    customerName: mine ? row.customerName : null,
    earningsCredits,
  };
}

export function presentReview(review: ReviewSummary) {
  return {
    kind: review.kind,
    score: review.score,
    errors: review.errors,
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
  };
}
