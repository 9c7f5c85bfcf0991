import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { purchaseOrders } from '../../db/schema';
import { randomToken, sha256 } from '../../platform/crypto';

// A guest's orders (window shopping) belong to a random token in the HttpOnly cookie `po_token`;
// the database keeps only its SHA-256. At sign-in and signup the guest's draft orders become the user's.

export const GUEST_COOKIE = 'po_token';
const GUEST_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** The sha-256 of the guest token this browser sent, or null. */
export function guestTokenHash(request: FastifyRequest): string | null {
  const token = request.cookies[GUEST_COOKIE];
  return token && token.length >= 32 && token.length <= 100 ? sha256(token) : null;
}

/** The browser's guest token hash, making (and setting) a new token when it has none. */
export function ensureGuestToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = guestTokenHash(request);
  if (existing) return existing;
  const token = randomToken();
  reply.setCookie(GUEST_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: GUEST_COOKIE_MAX_AGE_S,
  });
  return sha256(token);
}

/**
 * Gives the guest's draft orders on this browser to the user who just signed in or signed up, and
 * clears the cookie. Answers how many orders were claimed.
 */
export async function claimGuestOrders(
  db: Db | Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<number> {
  const hash = guestTokenHash(request);
  if (!hash) return 0;
  const claimed = await db
    .update(purchaseOrders)
    .set({ customerId: userId, guestTokenHash: null, updatedAt: new Date() })
    .where(
      and(
        eq(purchaseOrders.guestTokenHash, hash),
        isNull(purchaseOrders.customerId),
        eq(purchaseOrders.status, 'draft'),
      ),
    )
    .returning({ id: purchaseOrders.id });
  reply.clearCookie(GUEST_COOKIE, { path: '/' });
  return claimed.length;
}
