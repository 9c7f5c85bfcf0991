import { describe, expect, it } from 'vitest';
import { pageWindow } from './components/Pager';
import { isCompleteDay, rangeOf } from './date-range';

// The date filter's ranges and the pager's window of about 10 pages (spec 3 sections 3, 4 and 9).

const seconds = (local: string) => Math.floor(new Date(local).getTime() / 1000);
// a Wednesday afternoon
const now = new Date('2026-03-18T15:30:00');
const endOfToday = seconds('2026-03-18T23:59:59');

describe('the dashboard date filter', () => {
  it('turns each preset into a range in seconds ending today', () => {
    expect(rangeOf({ preset: 'week', from: '', to: '' }, now)).toEqual({
      from: seconds('2026-03-16T00:00:00'),
      to: endOfToday,
    });
    expect(rangeOf({ preset: 'month', from: '', to: '' }, now).from).toBe(seconds('2026-03-01T00:00:00'));
    expect(rangeOf({ preset: 'halfYear', from: '', to: '' }, now).from).toBe(seconds('2025-09-18T00:00:00'));
    expect(rangeOf({ preset: 'year', from: '', to: '' }, now).from).toBe(seconds('2026-01-01T00:00:00'));
    // 'all' starts at 10000
    expect(rangeOf({ preset: 'all', from: '', to: '' }, now)).toEqual({ from: 10000, to: endOfToday });
  });

  it('applies a custom range only when both days are complete and in order', () => {
    expect(rangeOf({ preset: 'custom', from: '2026-01-05', to: '2026-01-06' }, now)).toEqual({
      from: seconds('2026-01-05T00:00:00'),
      to: seconds('2026-01-06T23:59:59'),
    });
    const previous = { from: 1, to: 2 };
    expect(rangeOf({ preset: 'custom', from: '2026-01-05', to: '2026-01' }, now, previous)).toBe(previous);
    expect(rangeOf({ preset: 'custom', from: '2026-02-01', to: '2026-01-01' }, now, previous)).toBe(previous);
    expect(isCompleteDay('2026-02-30')).toBe(false);
    expect(isCompleteDay('2026-2-3')).toBe(false);
    expect(isCompleteDay('2028-02-29')).toBe(true);
  });
});

describe('the pager window', () => {
  it('shows about 10 page numbers around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(20, 40)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(pageWindow(40, 40)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
