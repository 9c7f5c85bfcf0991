import { z } from './zod';

/**
 * An object with exactly these keys, each of `value`: what `z.record(z.enum(keys), value)` means, but
 * described in JSON Schema with its `properties` (a record's schema names required keys it does not
 * define, which OpenAPI linters refuse).
 */
export function objectOfKeys<const K extends readonly string[], V extends z.ZodType>(keys: K, value: V) {
  return z.object(Object.fromEntries(keys.map((k) => [k, value])) as { [P in K[number]]: V });
}

/**
 * A day written YYYY-MM-DD that exists on the calendar: '2026-02-31', '0000-00-00' and '9999-99-99'
 * match the pattern but are not days, and a server that turned them into a Date or a SQL date would
 * fail. Year 0000 is refused too, since PostgreSQL's dates have no year 0. In JSON Schema it is a
 * string of format `date`.
 */
export function calendarDate(message: string) {
  return z.iso.date({ message }).refine((day) => day >= '0001-01-01', message);
}
