import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { malformedInputError } from '../../platform/input';
import { IdempotencyKeyReuseError } from '../../platform/ledger';
import { NotEnoughCreditsError } from '../cart/pay-with-credits';

// The one error answer of the customer API: `{ error: { code, message, fields? } }`, the code
// machine-readable and stable, the message for a person, `fields` per invalid field.

export const API_ERROR_CODES = [
  'invalid_request',
  'unauthenticated',
  'invalid_client',
  'insufficient_scope',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'insufficient_credits',
  'idempotency_key_reused',
  'payload_too_large',
  'unsupported_media_type',
  'uri_too_long',
  'headers_too_large',
  'rate_limited',
  'internal_error',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(API_ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      /** added to every error answer (platform/log-context.ts) */
      request_id: z.string().optional(),
    }),
  })
  .describe('The error answer of every customer API call');

/** An error with its code chosen by the thrower (otherwise the code follows the status). */
export class ApiError extends AppError {
  constructor(
    statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    fields?: Record<string, string>,
  ) {
    super(statusCode, message, fields);
  }
}

const CODE_OF_STATUS: Record<number, ApiErrorCode> = {
  400: 'invalid_request',
  401: 'unauthenticated',
  402: 'insufficient_credits',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'invalid_request',
  429: 'rate_limited',
};

function codeOf(error: AppError): ApiErrorCode {
  if (error instanceof ApiError) return error.code;
  if (error instanceof IdempotencyKeyReuseError) return 'idempotency_key_reused';
  if (error instanceof NotEnoughCreditsError) return 'insufficient_credits';
  return CODE_OF_STATUS[error.statusCode] ?? (error.statusCode >= 500 ? 'internal_error' : 'invalid_request');
}

export function envelope(code: ApiErrorCode, message: string, fields?: Record<string, string>) {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/** The customer API's error handler (encapsulated: the web app's calls keep theirs). */
export function registerApiErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    const error = malformedInputError(thrown, request) ?? thrown;
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(envelope(codeOf(error), error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          String(issue.instancePath ?? '')
            .replace(/^\//, '')
            .replace(/\//g, '.') || 'request';
        fields[field] ??= issue.message ?? 'is invalid';
      }
      const first = Object.entries(fields)[0];
      return reply
        .status(400)
        .send(envelope('invalid_request', first ? `${first[0]}: ${first[1]}` : 'Invalid request', fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'customer API request failed');
      return reply.status(500).send(envelope('internal_error', 'Something went wrong on our side. Please try again.'));
    }
    return reply.status(status).send(envelope(CODE_OF_STATUS[status] ?? 'invalid_request', error.message));
  });
}
