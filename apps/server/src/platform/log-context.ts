import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Which request or timed task a log line belongs to (ADR 0104). Business code logs through the
// app's logger (`deps.logger`), not the request's child logger, so the id travels in an
// AsyncLocalStorage instead: the logger's mixin (app.ts) adds the fields of the work in hand to
// every line written inside it. A support person finds all lines of one user's failed call by the
// request id its error answer showed.

export interface LogFields {
  requestId?: string;
  taskId?: string;
  task?: string;
}

const context = new AsyncLocalStorage<LogFields>();

/** The fields of the request or task in hand ({} outside any). */
export function currentLogFields(): LogFields {
  return context.getStore() ?? {};
}

/** Runs `work` with `fields` added to every log line written inside it. */
export function withLogFields<T>(fields: LogFields, work: () => T): T {
  return context.run({ ...currentLogFields(), ...fields }, work);
}

/** A new id for a timed task's run or a worker's pass: short, unique across instances. */
export function newTaskId(): string {
  return randomUUID().slice(0, 13);
}

/** A request id a client may choose for itself: a short plain token, nothing a log reader could trip on. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Fastify's genReqId: the caller's `x-request-id` when it is a sane token (a proxy in front names
 * the request once for all its hops), otherwise a new UUID.
 */
export function requestIdOf(request: { headers: FastifyRequest['headers'] }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The logger's mixin: the fields of the work in hand, except those the logger already carries (a
 * request's child logger binds its requestId itself), so no line holds a key twice.
 */
export function logMixin(_merge: object, _level: number, logger?: { bindings(): Record<string, unknown> }) {
  const fields = context.getStore();
  if (!fields) return {};
  const bound = logger?.bindings() ?? {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && !(key in bound)) out[key] = value;
  return out;
}

/**
 * Request ids on the wire: echoed in the `x-request-id` header of every answer, carried into the
 * log lines of the work the request does, and written into every error answer — `requestId` in the
 * web app's `{ status: 'ERROR' }` envelope, `error.request_id` in the customer API's (its fields are
 * snake_case) — so the id a user reports finds the lines.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withLogFields({ requestId: request.id }, done);
  });
  // a body read on the socket's events leaves the context: enter it again before validation
  app.addHook('preValidation', (request, _reply, done) => {
    withLogFields({ requestId: request.id }, done);
  });
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object') return payload;
    const answer = payload as Record<string, unknown>;
    if (answer.status === 'ERROR') return { ...answer, requestId: request.id };
    const error = answer.error;
    if (error && typeof error === 'object' && !Array.isArray(error))
      return { ...answer, error: { ...error, request_id: request.id } };
    return payload;
  });
}
