import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { malformedInputError } from './input';

/** One error answer for the whole server: a message and, for validation, the fields; never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    const error = malformedInputError(thrown, request) ?? thrown;
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ status: 'ERROR', message: error.message, ...(error.fields ? { errors: error.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          String(issue.instancePath ?? '')
            .replace(/^\//, '')
            .replace(/\//g, '.') || 'request';
        errors[field] ??= issue.message ?? 'is invalid';
      }
      const first = Object.entries(errors)[0];
      return reply
        .status(400)
        .send({ status: 'ERROR', message: first ? userText(first[0], first[1]) : 'Invalid request', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ status: 'ERROR', message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.status(status).send({ status: 'ERROR', message: error.message });
  });
}

/** zod's own messages ("Too small: expected ..."), which read badly without the field's name */
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized key)/;

/**
 * The answer's message for a failed request contract: a schema's own message (the shared request
 * schemas carry the user-facing texts) as it is; zod's default messages with the field they are about.
 */
export function userText(field: string, message: string): string {
  return ZOD_DEFAULT_MESSAGE.test(message) ? `${field}: ${message}` : message;
}

/**
 * Fastify's answers from before a route is found (a path parameter over 100 characters, a URL it
 * cannot decode), in the same envelope as every other error instead of Fastify's own shape.
 */
export function frameworkErrorAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message = status === 414 ? 'The address is too long' : 'The address is not valid';
  // no hook runs before a route is found: the request id is written here (platform/log-context.ts)
  void reply
    .status(status)
    .header('x-request-id', request.id)
    .send(
      isCustomerApi(request.url)
        ? { error: { code: status === 414 ? 'uri_too_long' : 'invalid_request', message, request_id: request.id } }
        : { status: 'ERROR', message, requestId: request.id },
    );
}

/** The customer API (/api/v1) answers errors in its own envelope (modules/public-api/envelope.ts). */
function isCustomerApi(url: string): boolean {
  return url.startsWith('/api/v1/');
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (431 for headers, a very long
 * address included, over the 16 kB limit; 400 for anything unreadable): the same envelope.
 */
export function clientErrorAnswer(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message =
    status === 431 ? 'The request headers (or its address) are too large' : 'The request could not be read';
  // the request line, as far as Node read it, says whether the customer API was called
  const requestLine = (error as { rawPacket?: Buffer }).rawPacket?.subarray(0, 200).toString('latin1') ?? '';
  const url = /^[A-Z]+ (\S+)/.exec(requestLine)?.[1] ?? '';
  const body = JSON.stringify(
    isCustomerApi(url)
      ? { error: { code: status === 431 ? 'headers_too_large' : 'invalid_request', message } }
      : { status: 'ERROR', message },
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
