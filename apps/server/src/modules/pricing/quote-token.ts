import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { randomToken, safeEqual } from '../../platform/crypto';
import { serverKey } from '../../platform/keys';

// The purchase-credits quote id (pqid): the quoted amount and VAT, signed with a per-database key, so
// that the payment step charges exactly what was quoted without storing the quote. Valid for an hour.

export interface CreditsQuoteClaims {
  /** who asked for the quote; null for a guest (any signed-in user may then use it) */
  userId: number | null;
  amountCredits: number;
  vatCredits: number;
  expiresAt: Date;
}

export interface QuoteTokenDeps {
  db: Db;
  clock: Clock;
}

export const CREDITS_QUOTE_TTL_MS = 60 * 60 * 1000;

interface Payload {
  u: number | null;
  a: number;
  v: number;
  /** expiry, ms since the epoch */
  e: number;
  /** makes every pqid distinct */
  n: string;
}

async function sign(db: Db, body: string): Promise<string> {
  const key = await serverKey(db, 'quote');
  return createHmac('sha256', key).update(body).digest('base64url');
}

export async function signCreditsQuote(
  deps: QuoteTokenDeps,
  quote: { userId: number | null; amountCredits: number; vatCredits: number },
): Promise<string> {
  const payload: Payload = {
    u: quote.userId,
    a: quote.amountCredits,
    v: quote.vatCredits,
    e: deps.clock.now().getTime() + CREDITS_QUOTE_TTL_MS,
    n: randomToken().slice(0, 16),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${await sign(deps.db, body)}`;
}

function isPayload(value: unknown): value is Payload {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    (p.u === null || Number.isSafeInteger(p.u)) &&
    Number.isSafeInteger(p.a) &&
    Number.isSafeInteger(p.v) &&
    Number.isSafeInteger(p.e)
  );
}

/** The claims of a valid, unexpired pqid; null for anything else (tampered, expired, malformed). */
export async function verifyCreditsQuote(deps: QuoteTokenDeps, pqid: string): Promise<CreditsQuoteClaims | null> {
  const [body, mac, extra] = pqid.split('.');
  if (!body || !mac || extra !== undefined) return null;
  if (!safeEqual(mac, await sign(deps.db, body))) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    // signed but not JSON cannot happen with our own tokens: treat it as any invalid token
    return null;
  }
  if (!isPayload(payload) || payload.e <= deps.clock.now().getTime()) return null;
  return { userId: payload.u, amountCredits: payload.a, vatCredits: payload.v, expiresAt: new Date(payload.e) };
}
