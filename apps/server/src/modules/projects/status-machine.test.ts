import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES, type ProjectStatus } from '@parlance/shared';
import { shown } from './policy-test-helpers';
import { type MoveActor, movesFor, nextStatus, PROJECT_MOVES, type ProjectMove } from './status-machine';
import {
  EDITOR_SHARE_BP,
  editingDeadline,
  editorEarnings,
  scaledEarnings,
  translationDeadline,
  translatorEarnings,
  translatorShareBp,
  vatRefundFor,
  workingTimeMs,
} from './work-rules';

// The whole table, written out by hand (not read from MOVE_RULES): every (move, status) pair is
// checked, allowed ones for their target, every other one for a refusal.

const UNFINISHED: ProjectStatus[] = [
  'PENDING',
  'PREPROCESSING',
  'IN_PROGRESS',
  'DELAYED',
  'READY',
  'IN_REVIEW',
  'POSTPROCESSING',
  'DISPUTED',
];

/** move -> (from -> to) for the plain case (no editing step, held from IN_PROGRESS). */
const EXPECTED: Record<ProjectMove, Partial<Record<ProjectStatus, ProjectStatus>>> = {
  take: { PENDING: 'IN_PROGRESS' },
  deliver: { IN_PROGRESS: 'READY', DELAYED: 'READY' },
  'take-edit': { IN_REVIEW: 'IN_REVIEW' },
  'deliver-edit': { IN_REVIEW: 'READY' },
  approve: { READY: 'COMPLETED' },
  'auto-complete': { READY: 'COMPLETED' },
  'mark-delayed': { IN_PROGRESS: 'DELAYED' },
  dispute: { READY: 'DISPUTED' },
  'resolve-pay': { DISPUTED: 'COMPLETED' },
  'resolve-partial': { DISPUTED: 'COMPLETED' },
  'resolve-refund': { DISPUTED: 'CANCELLED' },
  cancel: { PENDING: 'CANCELLED', PREPROCESSING: 'CANCELLED' },
  hold: Object.fromEntries(UNFINISHED.map((s) => [s, 'HOLD'])),
  release: { HOLD: 'IN_PROGRESS' },
  reassign: { PENDING: 'IN_PROGRESS', IN_PROGRESS: 'IN_PROGRESS', DELAYED: 'IN_PROGRESS' },
  preprocess: { PENDING: 'PREPROCESSING' },
  'finish-preprocess': { PREPROCESSING: 'PENDING' },
  postprocess: { READY: 'POSTPROCESSING' },
  'finish-postprocess': { POSTPROCESSING: 'READY' },
  review: { IN_PROGRESS: 'COMPLETED' },
  expire: { PENDING: 'CANCELLED' },
  'machine-deliver': { PREPROCESSING: 'READY' },
  'hand-over': { PREPROCESSING: 'PENDING' },
};

const WHO: Record<ProjectMove, MoveActor[]> = {
  take: ['translator'],
  deliver: ['translator'],
  'take-edit': ['translator'],
  'deliver-edit': ['editor'],
  approve: ['customer'],
  'auto-complete': ['scheduler'],
  'mark-delayed': ['scheduler'],
  dispute: ['customer'],
  'resolve-pay': ['admin'],
  'resolve-partial': ['admin'],
  'resolve-refund': ['admin'],
  cancel: ['customer', 'admin'],
  hold: ['admin'],
  release: ['admin'],
  reassign: ['admin'],
  preprocess: ['admin'],
  'finish-preprocess': ['admin'],
  postprocess: ['admin'],
  'finish-postprocess': ['admin'],
  review: ['translator'],
  expire: ['scheduler'],
  'machine-deliver': ['scheduler'],
  'hand-over': ['scheduler'],
};

const ACTORS: MoveActor[] = ['customer', 'translator', 'editor', 'admin', 'scheduler'];

const table = PROJECT_MOVES.flatMap((move) =>
  PROJECT_STATUSES.map((status) => ({ move, status, expected: EXPECTED[move][status] ?? null })),
);

describe('the status machine', () => {
  it('covers every move', () => {
    expect([...PROJECT_MOVES].sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(table).toHaveLength(PROJECT_MOVES.length * PROJECT_STATUSES.length);
  });

  it.each(table.filter((r) => r.expected))('allows $move from $status (-> $expected)', ({ move, status, expected }) => {
    expect(nextStatus(move, status, { statusBeforeHold: 'IN_PROGRESS' })).toBe(expected);
  });

  it.each(table.filter((r) => !r.expected))('refuses $move from $status', ({ move, status }) => {
    expect(nextStatus(move, status, { statusBeforeHold: 'IN_PROGRESS', needsEditing: true })).toBeNull();
  });

  it('sends a delivery with an editing step to IN_REVIEW', () => {
    expect(nextStatus('deliver', 'IN_PROGRESS', { needsEditing: true })).toBe('IN_REVIEW');
    expect(nextStatus('deliver', 'DELAYED', { needsEditing: true })).toBe('IN_REVIEW');
    expect(nextStatus('deliver', 'IN_PROGRESS', { needsEditing: false })).toBe('READY');
  });

  it('releases a hold to the remembered status, never to a final or missing one', () => {
    for (const s of UNFINISHED) expect(nextStatus('release', 'HOLD', { statusBeforeHold: s })).toBe(s);
    expect(nextStatus('release', 'HOLD', { statusBeforeHold: null })).toBeNull();
    expect(nextStatus('release', 'HOLD', {})).toBeNull();
    expect(nextStatus('release', 'HOLD', { statusBeforeHold: 'COMPLETED' })).toBeNull();
    expect(nextStatus('release', 'HOLD', { statusBeforeHold: 'HOLD' })).toBeNull();
  });

  it('leaves COMPLETED and CANCELLED by no move at all', () => {
    for (const actor of ACTORS) {
      expect(movesFor(actor, 'COMPLETED')).toEqual([]);
      expect(movesFor(actor, 'CANCELLED')).toEqual([]);
    }
  });

  it.each(
    PROJECT_MOVES.flatMap((move) => ACTORS.map((actor) => ({ move, actor, allowed: WHO[move].includes(actor) }))),
  )('$move by $actor: allowed=$allowed', ({ move, actor, allowed }) => {
    const from = Object.keys(EXPECTED[move])[0] as ProjectStatus;
    expect(movesFor(actor, from).includes(move)).toBe(allowed);
  });

  it('offers each viewer the buttons of its moves', () => {
    expect(shown('customer', 'READY')).toEqual(expect.arrayContaining(['approve', 'dispute', 'rate', 'message']));
    expect(shown('customer', 'READY')).not.toContain('cancel');
    expect(shown('customer', 'PENDING')).toEqual(['cancel', 'message']);
    expect(shown('customer', 'COMPLETED')).toEqual(['open-editor', 'rate', 'message']);
    expect(shown('translator', 'IN_PROGRESS')).toEqual(['open-editor', 'deliver', 'message']);
    expect(shown('translator', 'READY')).toEqual(['message']);
    expect(shown('editor', 'IN_REVIEW')).toEqual(['open-editor', 'deliver', 'message']);
    expect(shown('admin', 'DISPUTED')).toEqual(expect.arrayContaining(['hold', 'resolve', 'message']));
    expect(shown('admin', 'HOLD')).toEqual(['release', 'message']);
    expect(shown('admin', 'PENDING')).toEqual(expect.arrayContaining(['cancel', 'hold', 'reassign']));
    expect(shown('candidate', 'PENDING', 'take')).toEqual(['take']);
    expect(shown('candidate', 'IN_REVIEW', 'take-edit')).toEqual(['take-edit']);
    expect(shown('candidate', 'PENDING', null)).toEqual([]);
    expect(shown('admin', 'COMPLETED')).toEqual(['create-review-job', 'message']);
    expect(shown('admin', 'COMPLETED', null, 'qa')).toEqual(['message']);
    expect(shown('reviewer', 'COMPLETED')).toEqual([]);
  });

  it('gives a QA or LL job a review instead of a delivery', () => {
    expect(shown('translator', 'IN_PROGRESS', null, 'qa')).toEqual(['open-editor', 'review', 'message']);
    expect(shown('translator', 'COMPLETED', null, 'll')).toEqual(['message']);
    expect(shown('customer', 'PENDING', null, 'qa')).toEqual(['message']);
    expect(shown('admin', 'IN_PROGRESS', null, 'll')).toEqual(['hold', 'message']);
  });
});

const HOUR = 60 * 60 * 1000;

describe('deadlines', () => {
  it('gives a day per started 2,000 words, at least a day; expedite halves it', () => {
    expect(workingTimeMs(0)).toBe(24 * HOUR);
    expect(workingTimeMs(1)).toBe(24 * HOUR);
    expect(workingTimeMs(2000)).toBe(24 * HOUR);
    expect(workingTimeMs(2001)).toBe(48 * HOUR);
    expect(workingTimeMs(10_000)).toBe(5 * 24 * HOUR);
    expect(workingTimeMs(500, { expedite: true })).toBe(12 * HOUR);
    expect(workingTimeMs(4500, { expedite: true })).toBe(36 * HOUR);
  });

  it('counts from the moment the job is taken; editing goes twice as fast', () => {
    const at = new Date('2026-01-01T10:00:00Z');
    expect(translationDeadline(at, 3000, false).toISOString()).toBe('2026-01-03T10:00:00.000Z');
    expect(translationDeadline(at, 3000, true).toISOString()).toBe('2026-01-02T10:00:00.000Z');
    expect(editingDeadline(at, 3000, false).toISOString()).toBe('2026-01-02T10:00:00.000Z');
    expect(editingDeadline(at, 9000, false).toISOString()).toBe('2026-01-04T10:00:00.000Z');
  });
});

describe('earnings shares', () => {
  it('grows with the level: 55% at level 1, +5% a level, at most 75%', () => {
    expect([1, 2, 3, 4, 5].map(translatorShareBp)).toEqual([5500, 6000, 6500, 7000, 7500]);
    expect(translatorShareBp(9)).toBe(7500);
    expect(translatorShareBp(0)).toBe(5500);
    expect(translatorShareBp(Number.NaN)).toBe(5500);
  });

  it('rounds down to whole credits; the editor gets 15%', () => {
    expect(translatorEarnings(10_000, 1)).toBe(5500);
    expect(translatorEarnings(999, 2)).toBe(599); // 599.4
    expect(EDITOR_SHARE_BP).toBe(1500);
    expect(editorEarnings(999)).toBe(149); // 149.85
    expect(translatorEarnings(0, 5)).toBe(0);
  });

  it('scales earnings and VAT with a partial refund', () => {
    expect(scaledEarnings(5500, 10_000, 2500)).toBe(4125);
    expect(scaledEarnings(5500, 10_000, 10_000)).toBe(0);
    expect(scaledEarnings(5500, 0, 0)).toBe(0);
    expect(vatRefundFor(2000, 10_000, 2500)).toBe(500);
    expect(vatRefundFor(2000, 10_000, 10_000)).toBe(2000);
    expect(vatRefundFor(333, 1000, 1)).toBe(0);
  });
});
