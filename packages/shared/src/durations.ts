import { LIMITS } from './constants';

// Time spans as people read them (spec 1 section 9): "1 month 3 days", with 25 days counted as a
// month, and a DHM mode, "3:04:09" (days:hours:minutes), for lists where spans line up in a column.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = LIMITS.daysPerMonth * DAY;

const UNITS = [
  { ms: MONTH, one: 'month', many: 'months' },
  { ms: DAY, one: 'day', many: 'days' },
  { ms: HOUR, one: 'hour', many: 'hours' },
  { ms: MINUTE, one: 'minute', many: 'minutes' },
] as const;

export type DurationMode = 'words' | 'dhm';

/**
 * A span of `ms` milliseconds (its sign is ignored: the caller says "in" or "ago"). Words give
 * the two largest units that are not zero ("2 days 5 hours"), rounded down to the minute; DHM
 * gives whole days, then hours and minutes on two digits.
 */
export function formatDuration(ms: number, mode: DurationMode = 'words'): string {
  const span = Number.isFinite(ms) ? Math.abs(ms) : 0;
  if (mode === 'dhm') {
    const days = Math.floor(span / DAY);
    const hours = Math.floor((span % DAY) / HOUR);
    const minutes = Math.floor((span % HOUR) / MINUTE);
    return `${days}:${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  }
  if (span < MINUTE) return 'less than a minute';
  const parts: string[] = [];
  let rest = span;
  for (const unit of UNITS) {
    const count = Math.floor(rest / unit.ms);
    rest -= count * unit.ms;
    if (count > 0) parts.push(`${count} ${count === 1 ? unit.one : unit.many}`);
    else if (parts.length > 0) break; // "1 month 2 hours" would skip the days: stop at the first gap
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

/** "in 2 days 5 hours" for a moment ahead of `now`, "3 hours ago" for one behind it. */
export function formatRelativeSpan(at: Date, now: Date): string {
  const ms = at.getTime() - now.getTime();
  return ms >= 0 ? `in ${formatDuration(ms)}` : `${formatDuration(ms)} ago`;
}
