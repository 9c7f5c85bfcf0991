import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors';
import type { AuthContext, UserRow } from './session';

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The real person behind the request is an admin (also while acting as someone), or 403. */
export function requireAdmin(request: FastifyRequest): AuthContext & { realUser: UserRow } {
  const auth = requireUser(request);
  const realUser = auth.admin ?? auth.user;
  if (!realUser.isAdmin) throw forbidden();
  return { ...auth, realUser };
}

/** Acting is "user type not admin but isAdmin true" (spec 1 section 4). */
export function isActing(auth: AuthContext | null): boolean {
  return auth?.admin != null;
}
