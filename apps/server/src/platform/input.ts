import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_DB_INT, TEXTS } from '@parlance/shared';
import { AppError, badRequest, notFound } from './errors';

// Malformed input is refused where it enters, once for every route: a NUL byte in any
// string (PostgreSQL cannot store it in text), an id beyond the database's integer, a broken
// multipart body. Each answers 400 or 404 with a message a person can act on, never 500.

export { MAX_DB_INT };

/** True when a string anywhere in the value holds a NUL character (also in object keys). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000') || containsNul(v, depth + 1)) return true;
    }
  }
  return false;
}

/** A path parameter that names a database row by number (`id`, `pid`, `cardId` ...). */
const isIdParam = (name: string) => /id$/i.test(name);

function refuseMalformed(request: FastifyRequest): void {
  if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
    throw badRequest(TEXTS.inputHasNul);
  }
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    // no row has such an id: what does not exist is 404, as for any unknown id
    if (isIdParam(name) && typeof value === 'string' && /^\d+$/.test(value) && Number(value) > MAX_DB_INT) {
      throw notFound();
    }
  }
}

export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => refuseMalformed(request));
}

/** The SQLSTATE of a database error, also when wrapped (DrizzleQueryError keeps it in `cause`). */
function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const MULTIPART_FAULT = /multipart|boundary|malformed part header|unexpected end of form/i;

/**
 * The answer for malformed input that got past the entry checks (a NUL in a multipart field, a
 * number beyond a column's range in a body field, a broken multipart stream), or null.
 */
export function malformedInputError(error: unknown, request: FastifyRequest): AppError | null {
  switch (sqlState(error)) {
    case '22021': // invalid byte sequence (a NUL byte)
    case '22P05': // untranslatable character
      return badRequest(TEXTS.inputHasNul);
    case '22003': // numeric value out of range: no row has such a number
      return notFound();
    case '22P02': // invalid text representation
      return badRequest(TEXTS.inputNotStorable);
    case '54000': // program limit exceeded (e.g. an index row too large)
    case '22001': // string data right truncation
      return badRequest(TEXTS.inputTooLarge);
  }
  const type = String(request.headers['content-type'] ?? '');
  if (
    type.toLowerCase().startsWith('multipart/') &&
    error instanceof Error &&
    !(error instanceof AppError) &&
    MULTIPART_FAULT.test(error.message)
  ) {
    return badRequest(TEXTS.multipartBroken);
  }
  return null;
}
