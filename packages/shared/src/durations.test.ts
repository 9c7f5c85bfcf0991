import { describe, expect, it } from 'vitest';
import { formatDuration, formatRelativeSpan } from './durations';

const m = 60_000;
const h = 60 * m;
const d = 24 * h;

describe('formatDuration', () => {
  it('counts 25 days as a month', () => {
    expect(formatDuration(24 * d)).toBe('24 days');
    expect(formatDuration(25 * d)).toBe('1 month');
    expect(formatDuration(28 * d + 5 * h)).toBe('1 month 3 days');
    expect(formatDuration(60 * d)).toBe('2 months 10 days');
  });

  it('gives the two largest units, rounded down, and stops at a gap', () => {
    expect(formatDuration(2 * d + 5 * h + 59 * m)).toBe('2 days 5 hours');
    expect(formatDuration(h + m)).toBe('1 hour 1 minute');
    expect(formatDuration(12 * m + 59_000)).toBe('12 minutes');
    expect(formatDuration(25 * d + 2 * h)).toBe('1 month');
    expect(formatDuration(59_999)).toBe('less than a minute');
  });

  it('shows days:hours:minutes in DHM mode', () => {
    expect(formatDuration(3 * d + 4 * h + 9 * m, 'dhm')).toBe('3:04:09');
    expect(formatDuration(40 * d, 'dhm')).toBe('40:00:00');
    expect(formatDuration(59_999, 'dhm')).toBe('0:00:00');
  });

  it('ignores the sign and nonsense', () => {
    expect(formatDuration(-2 * h)).toBe('2 hours');
    expect(formatDuration(Number.NaN, 'dhm')).toBe('0:00:00');
  });
});

describe('formatRelativeSpan', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  it('says "in" ahead and "ago" behind', () => {
    expect(formatRelativeSpan(new Date('2026-12-01T15:30:00Z'), now)).toBe('in 2 days 3 hours');
    expect(formatRelativeSpan(new Date('2026-11-29T09:00:00Z'), now)).toBe('3 hours ago');
  });
});
