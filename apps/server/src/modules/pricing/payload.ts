import type { z } from 'zod';
import { type QuoteType, QUOTE_TYPES } from '@parlance/shared';
import { badRequest } from '../../platform/errors';

// Reading the quote and calc payloads as forms or JSON, and answering the spec's field-error object.

export type RawBody = Record<string, unknown>;

const FALSY = new Set(['', '0', 'false', 'off', 'no']);

/** A checkbox-like flag: JSON booleans, or form strings where '', 0, false, off and no are false. */
export function truthy(value: unknown): boolean {
  if (typeof value === 'string') return !FALSY.has(value.trim().toLowerCase());
  return value === true || value === 1;
}

/**
 * target_languages as a list, however it came: a JSON array, repeated `target_languages[]=` or
 * `target_languages=` form fields, or indexed `target_languages[0]=` fields.
 */
export function listField(body: RawBody, name: string): unknown {
  const indexed = Object.keys(body)
    .map((key) => ({ key, index: key.match(new RegExp(`^${name}\\[(\\d+)\\]$`))?.[1] }))
    .filter((k): k is { key: string; index: string } => k.index !== undefined)
    .sort((a, b) => Number(a.index) - Number(b.index))
    .map((k) => body[k.key]);
  const value = body[`${name}[]`] ?? body[name] ?? (indexed.length > 0 ? indexed : undefined);
  if (value === undefined || Array.isArray(value)) return value;
  return typeof value === 'string' && value === '' ? [] : [value];
}

/** Which quote is asked for: `quoteType` when given, else credits when recharge_amount is sent. */
export function quoteTypeOf(body: RawBody): QuoteType {
  const asked = body.quoteType;
  if (typeof asked === 'string' && (QUOTE_TYPES as readonly string[]).includes(asked)) return asked as QuoteType;
  return 'recharge_amount' in body ? 'purchase_credits' : 'word_count';
}

/** Parses with a shared schema; a failure answers 400 with one message per field. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'request');
    errors[field] ??= issue.message;
  }
  const [first] = Object.entries(errors);
  throw badRequest(first ? `${first[0]}: ${first[1]}` : 'Invalid request', errors);
}
