// Calendar days (YYYY-MM-DD, already checked by the shared `calendarDate` schema) as the instants a
// date filter compares stored times with. Days are UTC days.

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The last instant a Date can be sent to the database as: a Date in year 10000 is written
 * "+010000-..." by toISOString, which PostgreSQL does not read.
 */
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** The instant a day begins. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/**
 * The instant the next day begins: the exclusive end of a range whose last day is `day`. After
 * 9999-12-31 it is the last instant there is, since no stored time can come later.
 */
export function dayAfter(day: string): Date {
  return new Date(Math.min(dayStart(day).getTime() + DAY_MS, LAST_INSTANT));
}
