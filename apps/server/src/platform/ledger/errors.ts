import { AppError } from '../errors';

export const NOT_ENOUGH_CREDITS = 'Not enough credits';
export const IDEMPOTENCY_KEY_REUSED = 'This idempotency key was already used for a different request';

/** A debit would take an account that must not go negative below zero; nothing was written. */
export class InsufficientFundsError extends AppError {
  constructor() {
    super(402, NOT_ENOUGH_CREDITS);
    this.name = 'InsufficientFundsError';
  }
}

/** The idempotency key was used before for a request with different content. */
export class IdempotencyKeyReuseError extends AppError {
  constructor(readonly key: string) {
    super(422, IDEMPOTENCY_KEY_REUSED);
    this.name = 'IdempotencyKeyReuseError';
  }
}

/** A caller asked the ledger for something impossible (a programming error, not a user's). */
export class LedgerValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerValidationError';
  }
}

/** The database refused a journal transaction whose entries do not sum to zero. */
export class UnbalancedTransactionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnbalancedTransactionError';
  }
}

export interface PgErrorFields {
  code: string;
  constraint?: string;
  message: string;
}

/**
 * The PostgreSQL error inside whatever a driver threw: pg's DatabaseError and PGlite's error both
 * carry `code` (SQLSTATE) and `constraint`; drizzle wraps failed queries in a DrizzleQueryError
 * whose `cause` is the driver's error.
 */
export function pgErrorOf(err: unknown): PgErrorFields | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const fields = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) {
      return {
        code: fields.code,
        constraint: typeof fields.constraint === 'string' ? fields.constraint : undefined,
        message: fields.message,
      };
    }
    current = fields.cause;
  }
  return undefined;
}

/** Turns the database's refusals of a posting into the ledger's typed errors; others pass as they are. */
export function mapLedgerError(err: unknown): unknown {
  const pgError = pgErrorOf(err);
  if (pgError?.code !== '23514') return err;
  if (pgError.constraint === 'ledger_accounts_balance_non_negative') return new InsufficientFundsError();
  if (pgError.constraint === 'ledger_transaction_balanced') return new UnbalancedTransactionError(pgError.message);
  return err;
}
