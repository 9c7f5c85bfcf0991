import { LM_LIMITS, type LmDatePreset } from '@parlance/shared';

// The date filter (spec 3 sections 3, 4, 9): presets or a custom From and To in YYYY-MM-DD that
// applies only when both are complete; the calls take seconds and 'all' starts at 10000.

export interface DateFilter {
  preset: LmDatePreset;
  /** YYYY-MM-DD, custom only */
  from: string;
  to: string;
}

export const DEFAULT_DATE_FILTER: DateFilter = { preset: 'halfYear', from: '', to: '' };

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A complete, real calendar day (2025-02-30 is not one). */
export function isCompleteDay(text: string): boolean {
  if (!DAY_RE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The range in seconds; a custom range that is not complete (or reversed) keeps the previous one. */
export interface Range {
  from: number;
  to: number;
}

export function rangeOf(filter: DateFilter, now: Date, previous: Range | null = null): Range {
  // the end of today: the same range all day long (a stable query key)
  const end = new Date(now);
  end.setHours(23, 59, 59, 0);
  const to = Math.floor(end.getTime() / 1000);
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  switch (filter.preset) {
    case 'week': {
      // weeks start on Monday
      const back = (start.getDay() + 6) % 7;
      start.setDate(start.getDate() - back);
      return { from: Math.floor(start.getTime() / 1000), to };
    }
    case 'month':
      start.setDate(1);
      return { from: Math.floor(start.getTime() / 1000), to };
    case 'halfYear':
      start.setMonth(start.getMonth() - 6);
      return { from: Math.floor(start.getTime() / 1000), to };
    case 'year':
      start.setMonth(0, 1);
      return { from: Math.floor(start.getTime() / 1000), to };
    case 'all':
      return { from: LM_LIMITS.allTimeFrom, to };
    case 'custom': {
      if (!isCompleteDay(filter.from) || !isCompleteDay(filter.to) || filter.from > filter.to) {
        return previous ?? rangeOf(DEFAULT_DATE_FILTER, now);
      }
      const from = new Date(`${filter.from}T00:00:00`);
      const end = new Date(`${filter.to}T23:59:59`);
      return { from: Math.floor(from.getTime() / 1000), to: Math.floor(end.getTime() / 1000) };
    }
  }
}
