import { describe, expect, it } from 'vitest';
import { reviewScore } from '@parlance/shared';
import { countedErrors } from './review-errors';

describe('countedErrors', () => {
  it("separates the editor's annotations from the reports' errors, and the score counts both", () => {
    const annotations = [
      { category: 'Accuracy', severity: 'major', count: 1 },
      { category: 'Language', severity: 'minor', count: 2 },
    ];
    const answer = {
      annotations,
      // the server adds them up with a report's row
      errors: [
        { category: 'Accuracy', severity: 'major', count: 3 },
        { category: 'Language', severity: 'minor', count: 2 },
      ],
    };
    const counted = countedErrors(answer);
    expect(counted.annotations).toEqual(annotations);
    expect(counted.markedErrors).toBe(3);
    expect(counted.reportErrors).toBe(2);
    expect(reviewScore(counted.all, 1000)).toBe(1000 - 10 * (3 * 5 + 2));
  });

  it('counts nothing before the reports are loaded', () => {
    expect(countedErrors(undefined)).toEqual({ all: [], annotations: [], reportErrors: 0, markedErrors: 0 });
  });
});
