import { describe, expect, it } from 'vitest';
import { can } from '../../platform/permissions';
import { SUPER_ADMIN, testActor, testUser } from '../../test/actors';
import './policy';

describe('auth rules', () => {
  it('lets only the owner in a browser session manage sign-in settings', () => {
    expect(can(testActor({ id: 1 }), 'account.manage-credentials', null)).toBe(true);
    expect(can(testActor({ id: 1 }, { via: 'bearer' }), 'account.manage-credentials', null)).toBe(false);
    const actingAdmin = testUser({ id: 9, type: 'admin', isAdmin: true });
    expect(can(testActor({ id: 1 }, { admin: actingAdmin }), 'account.manage-credentials', null)).toBe(false);
  });

  it('shows an account to its owner and to staff, also while they act as someone', () => {
    expect(can(testActor({ id: 1 }), 'account.read', { userId: 1 })).toBe(true);
    expect(can(testActor({ id: 1 }), 'account.read', { userId: 2 })).toBe(false);
    expect(can(SUPER_ADMIN(), 'account.read', { userId: 2 })).toBe(true);
    const finance = testActor({ id: 5, type: 'admin' }, { groups: ['role.finance'] });
    expect(can(finance, 'account.read', { userId: 2 })).toBe(true);
    const actingAdmin = testUser({ id: 9, type: 'admin', isAdmin: true });
    expect(can(testActor({ id: 1 }, { admin: actingAdmin }), 'account.read', { userId: 2 })).toBe(true);
  });
});
