import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { IdempotencyKeyReuseError, LedgerValidationError } from './errors';

/** How long a stored answer is kept; after that the same key counts as new. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** JSON with object keys sorted at every level, so that equal requests hash equally. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
      return sorted;
    }
    return v;
  });
}

/** SHA-256 (hex) of a request's content, to tell a retry from another request under the same key. */
export function hashRequest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

export function checkIdempotencyKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new LedgerValidationError(`an idempotency key is 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`);
  }
}

export interface IdempotentAnswer<T> {
  status: number;
  /** stored as JSON: a retry gets the JSON form (dates as strings) */
  body: T;
}

export interface IdempotentResult<T> extends IdempotentAnswer<T> {
  /** true when this is the stored answer of an earlier request with the same key */
  replayed: boolean;
}

export interface IdempotencyRequest {
  userId: number;
  key: string;
  /** hashRequest() of what the request asks for (its body and path, not its headers) */
  requestHash: string;
  /** the current time (tests move it); default now */
  now?: Date;
}

/**
 * Runs `fn` once per (user, key) and answers every retry with the first answer.
 *
 * The key is claimed, `fn` runs and its answer is stored in ONE database transaction, so the money
 * that `fn` moves and the stored answer commit together or not at all. A concurrent request with
 * the same key waits on the claim (the unique (user_id, key) index): when the first commits it gets
 * the stored answer; when the first fails (nothing stored) it runs `fn` itself. An error thrown by
 * `fn` stores nothing, so a retry runs again; an answer `fn` returns (also a 4xx) is stored.
 * The same key with a different request hash throws IdempotencyKeyReuseError. Keys older than
 * IDEMPOTENCY_KEY_TTL_MS count as new (and expireIdempotencyKeys removes them).
 */
export async function withIdempotency<T>(
  db: Db | Tx,
  request: IdempotencyRequest,
  fn: (tx: Tx) => Promise<IdempotentAnswer<T>>,
): Promise<IdempotentResult<T>> {
  checkIdempotencyKey(request.key);
  const now = request.now ?? new Date();
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: request.userId, key: request.key, requestHash: request.requestHash, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { requestHash: request.requestHash, responseStatus: null, responseBody: null, createdAt: now },
        setWhere: lt(idempotencyKeys.createdAt, expiredBefore),
      })
      .returning({ id: idempotencyKeys.id });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
      // no row, or no answer yet: only when the caller's own transaction hides the committed claim
      // (an outer REPEATABLE READ transaction)
      const inProgress = new Error(`the request with idempotency key "${request.key}" is still in progress`);
      if (!stored) throw inProgress;
      if (stored.requestHash !== request.requestHash) throw new IdempotencyKeyReuseError(request.key);
      if (stored.responseStatus === null) throw inProgress;
      return { status: stored.responseStatus, body: stored.responseBody as T, replayed: true };
    }
    const answer = await fn(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body ?? null })
      .where(eq(idempotencyKeys.id, claimed[0].id));
    return { status: answer.status, body: answer.body, replayed: false };
  });
}

/** Deletes stored answers older than the TTL; returns how many. Run it now and then (e.g. hourly). */
export async function expireIdempotencyKeys(db: Db | Tx, now: Date = new Date()): Promise<number> {
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, expiredBefore))
    .returning({ id: idempotencyKeys.id });
  return removed.length;
}
