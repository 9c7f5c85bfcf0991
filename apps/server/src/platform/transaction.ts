import type { Tx } from '../db/client';
import { hashRequest, withIdempotency } from './ledger/idempotency';
import { type MailMessage, sendMailsAfterCommit } from './mail';
import type { Services } from './services';

/** What a unit of work leaves to do once it has committed. */
export interface AfterCommit {
  /** mails to send (a failed mail never undoes the work) */
  mails: MailMessage[];
  /** false for a no-op (nothing recorded, nobody to wake) */
  changed?: boolean;
}

type Deps = Pick<Services, 'db' | 'bus' | 'mailer' | 'logger'>;

/** After the commit: wake the realtime bus for the events the work recorded, then send its mails. */
export async function afterCommit(
  deps: Pick<Services, 'bus' | 'mailer' | 'logger'>,
  effects: AfterCommit,
): Promise<void> {
  if (effects.changed === false && effects.mails.length === 0) return;
  deps.bus.notify();
  await sendMailsAfterCommit(deps, effects.mails, {});
}

/**
 * The one way a handler runs work that changes data: one transaction, then `afterCommit`. Events
 * recorded in the transaction reach sockets only after it commits, and mails go only for work that
 * happened.
 */
export async function transact<T extends AfterCommit>(deps: Deps, work: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await deps.db.transaction(work);
  await afterCommit(deps, result);
  return result;
}

export interface IdempotentCall {
  userId: number;
  /** from idempotencyKeyOf (platform/idempotency-key.ts) */
  key: string;
  /** what tells a retry from another request under the same key (method, path, body) */
  request: unknown;
  now: Date;
}

/**
 * `transact` under an idempotency key: the work and its stored answer commit together, and a retry
 * with the same key answers the first answer without doing anything again (no second mail either).
 */
export async function transactOnce<B>(
  deps: Deps,
  call: IdempotentCall,
  work: (tx: Tx) => Promise<{ body: B } & AfterCommit>,
): Promise<{ body: B; replayed: boolean }> {
  let effects: AfterCommit | null = null;
  const result = await withIdempotency<B>(
    deps.db,
    { userId: call.userId, key: call.key, requestHash: hashRequest(call.request), now: call.now },
    async (tx) => {
      const done = await work(tx);
      effects = done;
      return { status: 200, body: done.body };
    },
  );
  const committed = effects as AfterCommit | null;
  if (!result.replayed && committed) await afterCommit(deps, committed);
  return { body: result.body, replayed: result.replayed };
}
