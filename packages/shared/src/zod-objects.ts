import { z } from 'zod';

/**
 * An object with exactly these keys, each of `value`: what `z.record(z.enum(keys), value)` means, but
 * described in JSON Schema with its `properties` (a record's schema names required keys it does not
 * define, which OpenAPI linters refuse).
 */
export function objectOfKeys<const K extends readonly string[], V extends z.ZodType>(keys: K, value: V) {
  return z.object(Object.fromEntries(keys.map((k) => [k, value])) as { [P in K[number]]: V });
}
