import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '@parlance/shared';
import { type Action, can, verdictOf } from '../../platform/permissions';
import type { UserRow } from '../../platform/session';
import './permissions';
import { actionsFor, type DetailAction, type ViewerRole } from './policy';

// The project rules of platform/permissions.ts `can`, walked against the page's own table
// (policy.ts `actionsFor`, itself pinned cell by cell in policy.test.ts): for every role and every
// status, the server allows exactly the actions whose buttons the project page shows, so the web
// never offers a move the server refuses, and the server never allows one the page hides.

const user = (over: Partial<UserRow> = {}) => ({ id: 7, type: 'customer', isAdmin: false, ...over }) as UserRow;

const ROLES: ViewerRole[] = ['customer', 'translator', 'editor', 'admin', 'reviewer'];
const PAGE_ACTIONS: DetailAction[] = [
  'deliver',
  'approve',
  'dispute',
  'cancel',
  'hold',
  'release',
  'reassign',
  'resolve',
  'rate',
  'message',
];

function actionOf(page: DetailAction, role: ViewerRole): Action {
  if (page === 'deliver') return role === 'editor' ? 'project.deliver-edit' : 'project.deliver';
  if (page === 'resolve') return 'project.resolve-pay';
  return `project.${page}` as Action;
}

describe('project permissions: can(user, action, project)', () => {
  for (const kind of ['classic', 'qa'] as const) {
    for (const status of PROJECT_STATUSES) {
      for (const role of ROLES) {
        it(`${kind} ${status}, ${role}: the server allows what the page offers`, () => {
          const shown = new Set(actionsFor(role, status, null, kind));
          const subject = { project: { status, kind }, role };
          const allowed = PAGE_ACTIONS.filter((a) => can(user(), actionOf(a, role) as 'project.approve', subject));
          expect(allowed.sort()).toEqual(PAGE_ACTIONS.filter((a) => shown.has(a)).sort());
        });
      }
    }
  }

  it('refuses with the house answers: 403 for a role that never moves, 409 from a wrong status', () => {
    const ready = { project: { status: 'READY' as const, kind: 'classic' as const }, role: 'translator' as const };
    expect(verdictOf(user(), 'project.approve', ready)).toMatchObject({ ok: false, status: 403 });
    const pending = { project: { status: 'PENDING' as const, kind: 'classic' as const }, role: 'customer' as const };
    expect(verdictOf(user(), 'project.approve', pending)).toMatchObject({ ok: false, status: 409 });
    const inProgress = {
      project: { status: 'IN_PROGRESS' as const, kind: 'classic' as const },
      role: 'customer' as const,
    };
    expect(verdictOf(user(), 'project.cancel', inProgress)).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(/cancel/i),
    });
  });

  it("taking a job: translators may try; the project's own people get 403, strangers 404", () => {
    const people = { customerId: 7, translatorId: null, editorId: null };
    expect(can(user({ type: 'translator', id: 9 }), 'job.take', people)).toBe(true);
    expect(verdictOf(user(), 'job.take', people)).toMatchObject({ status: 403 });
    expect(verdictOf(user({ id: 8 }), 'job.take', people)).toMatchObject({ status: 404 });
    expect(verdictOf(user({ id: 8, type: 'admin' }), 'job.take', people)).toMatchObject({ status: 403 });
  });

  it('account actions by user type', () => {
    expect(can(user({ type: 'translator' }), 'account.earnings', null)).toBe(true);
    expect(can(user(), 'account.earnings', null)).toBe(false);
    expect(can(user(), 'project.bulk-message', null)).toBe(true);
    expect(can(user({ type: 'translator' }), 'project.bulk-message', null)).toBe(false);
    expect(can(user(), 'task.form-types', null)).toBe(false);
    expect(can(user({ isAdmin: true }), 'task.form-types', null)).toBe(true);
  });

  it('an action nobody registered is refused (fail closed)', () => {
    expect(
      verdictOf(user({ isAdmin: true }), 'project.nothing' as 'project.approve', {
        project: { status: 'READY', kind: 'classic' as const },
        role: 'admin',
      }),
    ).toMatchObject({ ok: false, status: 403 });
  });
});
