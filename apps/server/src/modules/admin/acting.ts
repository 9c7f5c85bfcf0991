import type { FastifyReply, FastifyRequest } from 'fastify';
import { TEXTS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { type SessionRow, startSession, type UserRow } from '../../platform/session';
import { authorize } from '../../platform/permissions';
import './policy';

// An admin acting as a user (spec 1 section 4): a new session of the user that remembers the admin.
// Start and restore rotate the session (the old cookie dies) and write the audit log.

type ActingDeps = Pick<Services, 'db' | 'clock'>;

function requireBrowserSession(request: FastifyRequest): SessionRow {
  if (!request.session) throw badRequest(TEXTS.actingNeedsSession);
  return request.session;
}

export async function startActing(
  deps: ActingDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  admin: UserRow,
  target: UserRow,
): Promise<void> {
  authorize(request.auth, 'user.act-as', target);
  const previous = requireBrowserSession(request);
  await deps.db.transaction(async (tx) => {
    await audit(tx, {
      actorId: admin.id,
      action: 'admin.act.start',
      targetType: 'user',
      targetId: target.id,
      details: { email: target.email, wasActingAs: previous.actingAdminId ? previous.userId : null },
      ip: request.ip,
    });
    await startSession(tx, request, reply, deps.clock, { userId: target.id, actingAdminId: admin.id, previous });
  });
}

/** Back to the admin's own session; an error when the session is not acting. */
export async function restoreAdmin(
  deps: ActingDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  admin: UserRow,
): Promise<void> {
  const previous = request.session;
  if (!previous || previous.actingAdminId === null) throw badRequest(TEXTS.notActing);
  await deps.db.transaction(async (tx) => {
    await audit(tx, {
      actorId: admin.id,
      action: 'admin.act.restore',
      targetType: 'user',
      targetId: previous.userId ?? undefined,
      ip: request.ip,
    });
    await startSession(tx, request, reply, deps.clock, { userId: admin.id, previous });
  });
}
