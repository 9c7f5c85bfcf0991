import { describe, expect, it } from 'vitest';
import type { AuthContext, UserRow } from '../../platform/session';
import { canManageCredentials, canViewAccount } from './policy';

const user = (id: number, isAdmin = false): UserRow =>
  ({ id, isAdmin, type: isAdmin ? 'admin' : 'customer' }) as UserRow;
const ctx = (u: UserRow, extra: Partial<AuthContext> = {}): AuthContext => ({
  user: u,
  admin: null,
  via: 'session',
  ...extra,
});

describe('auth policy', () => {
  it('lets only the owner in a browser session manage sign-in settings', () => {
    expect(canManageCredentials(ctx(user(1)))).toBe(true);
    expect(canManageCredentials(ctx(user(1), { via: 'bearer' }))).toBe(false);
    expect(canManageCredentials(ctx(user(1), { admin: user(9, true) }))).toBe(false);
  });

  it('shows an account to its owner and to admins, also while they act as someone', () => {
    expect(canViewAccount(ctx(user(1)), 1)).toBe(true);
    expect(canViewAccount(ctx(user(1)), 2)).toBe(false);
    expect(canViewAccount(ctx(user(9, true)), 2)).toBe(true);
    expect(canViewAccount(ctx(user(1), { admin: user(9, true) }), 2)).toBe(true);
  });
});
