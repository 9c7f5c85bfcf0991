import { LIMITS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import type { UserRow } from '../../platform/session';
import { aclGroupNames } from './users';

/** GET /api/2/auth/token: a 10-minute bearer JWT for the user and the names of their acl groups. */
export async function issueAccessToken(deps: Services, user: UserRow) {
  const aclGroups = await aclGroupNames(deps.db, user.id);
  const accessToken = await deps.jwt.sign({ userId: user.id, aclGroups }, deps.clock.now());
  return {
    jwt: { access_token: accessToken, expires_in: LIMITS.authTokenTtlSeconds },
    acl_groups: aclGroups,
  };
}
