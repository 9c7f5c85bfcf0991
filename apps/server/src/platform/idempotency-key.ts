import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@parlance/shared';
import { badRequest } from './errors';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './ledger/idempotency';

export interface IdempotencyKeyOptions {
  /** the same key sent as a form or body field (idempotency_key), for clients that cannot set headers */
  field?: string | null;
  /** the key to use when the client sends none (e.g. the cart key: paying one shown cart twice pays once) */
  fallback?: string;
  /** refuse the request without a key (payouts) */
  required?: boolean;
}

/**
 * The one reader of a request's idempotency key, for every route that moves money: the
 * Idempotency-Key header, else the form field, else the fallback; trimmed; at most 255 characters.
 * Answers null when there is none and none is required. Every refusal names the header.
 */
export function idempotencyKeyOf(request: FastifyRequest, options: IdempotencyKeyOptions = {}): string | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (Array.isArray(header)) throw badRequest('Send one Idempotency-Key header', { 'Idempotency-Key': 'Send one' });
  const key = header?.trim() || options.field?.trim() || options.fallback || null;
  if (!key) {
    if (options.required) throw badRequest('An Idempotency-Key header is required', { 'Idempotency-Key': 'Required' });
    return null;
  }
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw badRequest('The idempotency key is too long', {
      'Idempotency-Key': `At most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`,
    });
  }
  return key;
}
