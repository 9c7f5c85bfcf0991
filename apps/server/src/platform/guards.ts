import type { FastifyRequest } from 'fastify';
import { isStaff } from '@parlance/shared';
import { notFound, unauthorized } from './errors';
import type { AuthContext, UserRow } from './session';

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * The real person behind the request is staff (also while acting as someone), or 404. The route's
 * permission is checked before, by the route table (platform/permissions.ts).
 */
export function requireAdmin(request: FastifyRequest): AuthContext & { realUser: UserRow } {
  const auth = requireUser(request);
  const realUser = auth.admin ?? auth.user;
  if (!isStaff(realUser)) throw notFound();
  return { ...auth, realUser };
}

/** Acting is "user type not admin but isAdmin true" (spec 1 section 4). */
export function isActing(auth: AuthContext | null): boolean {
  return auth?.admin != null;
}
