import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../platform/services';
import { type AuditEntry, audit } from '../../platform/audit';
import { type AuthContext, authContextFor, startSession, type UserRow } from '../../platform/session';
import { claimGuestOrders } from '../wizard/guest';

/**
 * Signs the user in on this browser: a new session (new id and CSRF token) replaces whatever
 * session the browser had, so a session id planted before sign-in is worthless after it.
 */
export async function signIn(
  deps: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  entry: Omit<AuditEntry, 'actorId' | 'ip'>,
): Promise<AuthContext> {
  await deps.db.transaction(async (tx) => {
    await startSession(tx, request, reply, deps.clock, { userId: user.id, previous: request.session });
    await audit(tx, { actorId: user.id, ip: request.ip, targetType: 'user', targetId: user.id, ...entry });
  });
  // a guest's window-shopping orders on this browser become the user's
  await claimGuestOrders(deps.db, request, reply, user.id);
  return authContextFor(deps.db, user);
}
