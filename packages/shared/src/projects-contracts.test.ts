import { describe, expect, it } from 'vitest';
import {
  bulkMessageSchema,
  projectDisputeSchema,
  projectMessageSchema,
  projectNameSchema,
  projectRatingSchema,
  projectTagsSchema,
} from './projects-schemas';
import { DISPLAY_STATUS_LABELS, displayStatusOf, PROJECT_STATUS_LABELS, PROJECT_STATUSES } from './projects';
import { PROJECT_TEXTS } from './texts-projects';

/** the first message per field, as the error handler and the dialogs show it */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0] ?? 'form')] ??= issue.message;
  return out;
}

describe('request contracts of the project moves carry the user-facing texts', () => {
  it('name: 2 to 200 characters after trimming', () => {
    expect(errorsOf(projectNameSchema.safeParse({ name: ' a ' }))).toEqual({ name: PROJECT_TEXTS.titleTooShort });
    expect(errorsOf(projectNameSchema.safeParse({}))).toEqual({ name: PROJECT_TEXTS.titleTooShort });
    expect(errorsOf(projectNameSchema.safeParse({ name: 'x'.repeat(201) }))).toEqual({
      name: PROJECT_TEXTS.nameTooLong,
    });
    expect(projectNameSchema.parse({ name: '  Launch copy  ' })).toEqual({ name: 'Launch copy' });
  });

  it('tags: trimmed, blanks dropped, distinct; 20 characters each, 30 at most', () => {
    expect(projectTagsSchema.parse({ tags: [' a ', 'a', '', 'b'] })).toEqual({ tags: ['a', 'b'] });
    expect(projectTagsSchema.parse({ tags: 'single' })).toEqual({ tags: ['single'] });
    expect(projectTagsSchema.parse({})).toEqual({ tags: [] });
    expect(errorsOf(projectTagsSchema.safeParse({ tags: ['x'.repeat(21)] }))).toEqual({
      tags: PROJECT_TEXTS.tagTooLong,
    });
    const many = Array.from({ length: 31 }, (_, i) => `t${i}`);
    expect(errorsOf(projectTagsSchema.safeParse({ tags: many }))).toEqual({ tags: PROJECT_TEXTS.tooManyTags });
    expect(projectTagsSchema.safeParse({ tags: many.slice(0, 30) }).success).toBe(true);
  });

  it('rating: 1 to 5; 3 or less needs a reason and a comment of 3 characters', () => {
    expect(errorsOf(projectRatingSchema.safeParse({}))).toEqual({ rating: PROJECT_TEXTS.ratingRequired });
    expect(errorsOf(projectRatingSchema.safeParse({ rating: 6 }))).toEqual({ rating: PROJECT_TEXTS.ratingRequired });
    expect(errorsOf(projectRatingSchema.safeParse({ rating: 3, comment: ' ab ' }))).toEqual({
      reasons: PROJECT_TEXTS.ratingReasonsRequired,
      comment: PROJECT_TEXTS.ratingCommentTooShort,
    });
    expect(projectRatingSchema.parse({ rating: '5' })).toEqual({ rating: 5, reasons: [], comment: '' });
    expect(projectRatingSchema.parse({ rating: 2, reasons: 'overly_literal', comment: ' meh. ' })).toEqual({
      rating: 2,
      reasons: ['overly_literal'],
      comment: 'meh.',
    });
    expect(projectRatingSchema.safeParse({ rating: 2, reasons: ['bogus'], comment: 'abc' }).success).toBe(false);
  });

  it('dispute: a reason of at least 10 characters', () => {
    expect(errorsOf(projectDisputeSchema.safeParse({ reason: '  too short! ' }))).toEqual({});
    expect(errorsOf(projectDisputeSchema.safeParse({ reason: ' short ' }))).toEqual({
      reason: PROJECT_TEXTS.disputeReasonTooShort,
    });
    expect(errorsOf(projectDisputeSchema.safeParse({}))).toEqual({ reason: PROJECT_TEXTS.disputeReasonTooShort });
  });

  it('messages: not blank, at most 5000 characters; bulk needs 2 distinct projects', () => {
    expect(errorsOf(projectMessageSchema.safeParse({ body: '   ' }))).toEqual({ body: PROJECT_TEXTS.messageEmpty });
    expect(errorsOf(projectMessageSchema.safeParse({ body: 'x'.repeat(5001) }))).toEqual({
      body: PROJECT_TEXTS.messageTooLong,
    });
    expect(projectMessageSchema.parse({ body: ' hi ' })).toEqual({ body: 'hi' });
    expect(errorsOf(bulkMessageSchema.safeParse({ projectIds: [4, 4], message: 'hi' }))).toEqual({
      projectIds: PROJECT_TEXTS.bulkMessageNeedsTwo,
    });
    expect(bulkMessageSchema.parse({ projectIds: ['4', 5], message: ' hi ' })).toEqual({
      projectIds: [4, 5],
      message: 'hi',
    });
  });
});

describe('display statuses', () => {
  it('shows a review job being worked on as Underway and everything else as its status', () => {
    expect(displayStatusOf({ status: 'IN_PROGRESS', kind: 'qa' })).toBe('UNDERWAY');
    expect(displayStatusOf({ status: 'IN_PROGRESS', kind: 'll' })).toBe('UNDERWAY');
    expect(displayStatusOf({ status: 'IN_PROGRESS', kind: 'classic' })).toBe('IN_PROGRESS');
    expect(displayStatusOf({ status: 'PENDING', kind: 'qa' })).toBe('PENDING');
    expect(displayStatusOf({ status: 'COMPLETED', kind: 'll' })).toBe('COMPLETED');
    expect(DISPLAY_STATUS_LABELS.UNDERWAY).toBe('Underway');
    for (const status of PROJECT_STATUSES) expect(DISPLAY_STATUS_LABELS[status]).toBe(PROJECT_STATUS_LABELS[status]);
  });
});
