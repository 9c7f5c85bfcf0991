// The one set of display formats of the web app: dates in the reader's time zone, in English
// (the interface's language), sizes and counts. Every screen formats through these.

import { formatDuration } from '@parlance/shared';

// Each formatter is built once, on first use: `toLocaleDateString('en-US', options)` builds a new one
// on every call (about 1 ms each on a phone: a 25-line statement spent 280 ms of its first render
// in them), and building them all when this module loads would charge every page for all of them.
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const dateTime = once(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
);
const dateTimeYear = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const dateOnly = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
const shortDate = once(() => new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short' }));
const shortDateYear = once(() => new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric' }));

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const thisYear = (d: Date) => d.getFullYear() === new Date().getFullYear();

/** "Nov 24, 3:05 PM"; with the year when it is not this one. '—' for nothing or nonsense. */
export function formatDateTime(value: string | null | undefined): string {
  const d = parse(value);
  if (!d) return '—';
  return thisYear(d) ? dateTime().format(d) : dateTimeYear().format(d);
}

/** "Nov 24, 2026" */
export function formatDate(value: string | null | undefined): string {
  const d = parse(value);
  return d ? dateOnly().format(d) : '—';
}

/** A short date for tables, "Nov 24"; the year only when it is not this one. */
export function formatShortDate(value: string | null | undefined): string {
  const d = parse(value);
  if (!d) return '—';
  return thisYear(d) ? shortDate().format(d) : shortDateYear().format(d);
}

/** The time left to a deadline: "in 2 days 5 hours", or "overdue by 3 hours" once it has passed. */
export function formatTimeLeft(deadline: string, now: Date = new Date()): string {
  const left = new Date(deadline).getTime() - now.getTime();
  if (Number.isNaN(left)) return '';
  return left >= 0 ? `in ${formatDuration(left)}` : `overdue by ${formatDuration(left)}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A whole number with its thousands separators written out ("1,234,567", as en-US has them), not
 * through Intl: the first Intl number format of a page loads the locale's data, which cost a phone
 * 40–90 ms of a list's first render (word counts, credits).
 */
export function formatInteger(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

export function formatWords(n: number): string {
  return formatInteger(n);
}

const regions = once(() =>
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null,
);

/** A country's English name from its ISO code. */
export function countryName(code: string | null): string {
  if (!code) return '—';
  try {
    return regions()?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
