import {
  DISPLAY_STATUS_LABELS,
  displayStatusOf,
  PROJECT_TYPES,
  type ProjectDetail,
  type ProjectFile,
  type ProjectRow,
} from '@parlance/shared';
import type { projectEvents, projectMessages, projects } from '../../db/schema';
import { needsEditing } from './matching';

/** who is looking at the project (the rules that decide it are in policy.ts) */
type ViewerRole = ProjectDetail['viewerRole'];

// Allowlist serializers of projects: never a row as it is. Each side sees only its own figure:
// the customer the price, a translator or editor their own earnings.

export type ProjectRecord = typeof projects.$inferSelect;
export type ProjectEventRecord = typeof projectEvents.$inferSelect;
export type ProjectMessageRecord = typeof projectMessages.$inferSelect;

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

export function typeNameOf(slug: string): string {
  return PROJECT_TYPES.find((t) => t.slug === slug)?.name ?? slug;
}

/** Badges on the id (spec 3 §2): E editing, MT machine-translation exclusive, TR translation. */
export function badgesOf(p: Pick<ProjectRecord, 'type' | 'needProofreading' | 'exclusive'>): ProjectRow['badges'] {
  const badges: ProjectRow['badges'] = [];
  if (needsEditing(p)) badges.push('E');
  if (p.exclusive > 0) badges.push('MT');
  if (p.type === 'translation') badges.push('TR');
  return badges;
}

export interface RowExtras {
  /** what the viewer may do now (policy.ts actionsFor) */
  actions: ProjectRow['actions'];
  tags: string[];
  translatorName: string | null;
  customerName: string | null;
  /** which money figure the viewer sees */
  money: { priceCredits?: number; earningsCredits?: number };
}

export function presentProjectRow(p: ProjectRecord, extras: RowExtras): ProjectRow {
  return {
    id: p.id,
    name: p.name,
    actions: extras.actions,
    status: p.status,
    statusLabel: DISPLAY_STATUS_LABELS[displayStatusOf(p)],
    type: p.type,
    typeName: typeNameOf(p.type),
    kind: p.kind,
    sourceLanguage: p.sourceLanguage,
    targetLanguage: p.targetLanguage,
    expertise: p.expertise,
    wordCount: p.wordCount,
    deadline: iso(p.deadline),
    createdAt: p.createdAt.toISOString(),
    tags: extras.tags,
    ...extras.money,
    rating: p.rating ?? null,
    badges: badgesOf(p),
    translatorName: extras.translatorName,
    customerName: extras.customerName,
  };
}

export function presentEvent(e: ProjectEventRecord, actorName: string | null): ProjectDetail['events'][number] {
  return {
    id: e.id,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    action: e.action,
    actorName,
    note: e.note,
    createdAt: e.createdAt.toISOString(),
  };
}

export function presentMessage(
  m: ProjectMessageRecord,
  authorName: string,
  viewerId: number,
): ProjectDetail['messages'][number] {
  return {
    id: m.id,
    authorId: m.authorId,
    authorName,
    mine: m.authorId === viewerId,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    moderationStatus: m.moderationStatus ?? null,
  };
}

export interface DetailExtras extends RowExtras {
  role: ViewerRole;
  files: ProjectFile[];
  events: ProjectDetail['events'];
  messages: ProjectDetail['messages'];
  autoCompleteAt: Date | null;
  earningsAvailableAt: Date | null;
  review: ProjectDetail['review'];
  machineTranslation: ProjectDetail['machineTranslation'];
}

export function presentProjectDetail(p: ProjectRecord, extras: DetailExtras): ProjectDetail {
  const everything = extras.role !== 'candidate' && extras.role !== 'reviewer';
  return {
    ...presentProjectRow(p, extras),
    brief: p.brief,
    translationCategory: p.translationCategory,
    needProofreading: p.needProofreading,
    expedite: p.expedite,
    certificate: p.certificate,
    deliveredAt: iso(p.deliveredAt),
    completedAt: iso(p.completedAt),
    autoCompleteAt: iso(extras.autoCompleteAt),
    earningsAvailableAt: iso(extras.earningsAvailableAt),
    disputeReason: everything ? p.disputeReason : null,
    ratingReasons: everything ? (p.ratingReasons ?? null) : null,
    ratingComment: everything ? p.ratingComment : null,
    rating: everything ? (p.rating ?? null) : null,
    viewerRole: extras.role,
    files: extras.files,
    events: extras.events,
    messages: extras.messages,
    reviewedProjectId: p.reviewedProjectId,
    review: extras.review,
    machineTranslation: extras.machineTranslation,
  };
}
