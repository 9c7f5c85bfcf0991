import type { ProjectStatus } from '@parlance/shared';
import type { ProjectRecord } from './present';
import { SUPER_ADMIN, testActor } from '../../test/actors';
import { actionsFor, type ViewerRole } from './policy';

/**
 * What a viewer in this role is shown on a project: the staff roles are judged on a staff
 * member's permissions (a super-admin intervenes; a finance member only reads).
 */
type ProjectKind = ProjectRecord['kind'];

export function shown(
  role: ViewerRole,
  status: ProjectStatus,
  job: 'take' | 'take-edit' | null = null,
  kind: ProjectKind = 'classic',
) {
  const actor =
    role === 'admin'
      ? SUPER_ADMIN()
      : role === 'staff'
        ? testActor({ type: 'admin' }, { groups: ['role.finance'] })
        : testActor({ type: role === 'customer' ? 'customer' : 'translator' });
  return actionsFor(actor, { project: { status, kind }, role, job });
}
