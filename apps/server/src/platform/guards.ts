import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors';
import type { AuthContext } from './session';

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Acting is "user type not admin but isAdmin true" (spec 1 section 4). */
export function isActing(auth: AuthContext | null): boolean {
  return auth?.admin != null;
}
