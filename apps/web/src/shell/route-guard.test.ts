import { GROUP_PERMISSIONS, PERMISSIONS, type StaffGroup, type UserData } from '@parlance/shared';
import { describe, expect, it } from 'vitest';
import { decideRoute, signInPath } from './route-guard';

function user(
  type: UserData['type'],
  permissions: UserData['permissions'] = type === 'admin' ? [...PERMISSIONS] : [],
): UserData {
  return {
    id: 1,
    name: 'Casey Customer',
    email: 'c@example.com',
    type,
    isAdmin: type === 'admin',
    hasPassword: true,
    myTeamStatus: false,
    thumb: { src: null },
    billingAddress: { Company: '' },
    beneficiary: {},
    statistics: { unreadMessages: 0 },
    country: 'US',
    currency: 'USD',
    phone: null,
    twoFactorEnabled: false,
    termsAccepted: true,
    firstVisit: false,
    permissions,
  };
}

const staff = (group: StaffGroup) => user('admin', [...GROUP_PERMISSIONS[group]]);

const at = (pathname: string, u: UserData | null | undefined, extra: Partial<Parameters<typeof decideRoute>[0]> = {}) =>
  decideRoute({ pathname, search: '', user: u, userFailed: false, signingOut: false, ...extra });

describe('decideRoute', () => {
  it('sends a guest on a protected page to sign in, with the page and its query to come back to', () => {
    expect(
      decideRoute({ pathname: '/mbox', search: '?page=2&x=a b', user: null, userFailed: false, signingOut: false }),
    ).toEqual({
      kind: 'signIn',
      to: '/auth?return=/mbox%3Fpage%3D2%26x%3Da%20b',
    });
  });

  it('keeps the hash of the page, so that /profile#billing comes back to the billing part', () => {
    expect(at('/profile', null, { hash: '#billing' })).toEqual({
      kind: 'signIn',
      to: '/auth?return=/profile%23billing',
    });
  });

  it('shows public pages, unknown paths and the shell pages to anyone, even before the user is known', () => {
    for (const path of [
      '/auth',
      '/auth/resetPassword',
      '/wizard',
      '/no-such-page',
      '/terms',
      '/privacy',
      '/help-center',
    ])
      expect(at(path, undefined).kind).toBe('render');
  });

  it('shows the not-found page in place to a signed-in user whose type may not open the page', () => {
    expect(at('/dashboard', user('customer')).kind).toBe('notFound');
    expect(at('/balance', user('admin')).kind).toBe('notFound');
    expect(at('/shopping-cart', user('translator')).kind).toBe('notFound');
    expect(at('/admin/outbox', user('translator')).kind).toBe('notFound');
  });

  it('lets allowed types in, including sub-paths of wildcard routes', () => {
    expect(at('/dashboard', user('translator')).kind).toBe('render');
    expect(at('/my-projects/customer', user('customer')).kind).toBe('render');
    expect(at('/payment/quote/', user('customer')).kind).toBe('render');
    expect(at('/admin/users/7', user('admin')).kind).toBe('render');
  });

  it('lets staff open only the back-office pages their permissions allow', () => {
    const finance = staff('role.finance');
    const support = staff('role.support');
    const moderator = staff('role.moderation');
    const lm = staff('role.language-manager');
    for (const u of [finance, support, moderator, lm])
      for (const path of ['/admin', '/admin/7', '/admin/payments', '/convert', '/client-alerts', '/my-projects'])
        expect(at(path, u).kind, path).toBe('render');
    expect(at('/lm_dashboard', lm).kind).toBe('render');
    expect(at('/lm_dashboard/waiting/projects', lm).kind).toBe('render');
    for (const u of [finance, support, moderator]) expect(at('/lm_dashboard', u).kind).toBe('notFound');
    expect(at('/admin/moderation', moderator).kind).toBe('render');
    expect(at('/admin/vocabulary', moderator).kind).toBe('render');
    for (const u of [finance, support, lm]) {
      expect(at('/admin/moderation', u).kind).toBe('notFound');
      expect(at('/admin/vocabulary', u).kind).toBe('notFound');
    }
    // no group reads the outbox; a super-admin does
    for (const group of Object.keys(GROUP_PERMISSIONS) as StaffGroup[])
      expect(at('/admin/outbox', staff(group)).kind, group).toBe('notFound');
    expect(at('/admin/outbox', user('admin')).kind).toBe('render');
  });

  it('keeps staff out of the customer-only and translator-only pages, even super-admins', () => {
    for (const u of [staff('role.support'), user('admin')])
      for (const path of [
        '/shopping-cart',
        '/voice',
        '/myteam',
        '/my-projects/customer',
        '/my-projects/translator',
        '/balance',
      ])
        expect(at(path, u).kind, path).toBe('notFound');
    expect(at('/my-projects/customer', user('customer')).kind).toBe('render');
    expect(at('/my-projects/inprogress', user('translator')).kind).toBe('render');
    expect(at('/myteam', user('translator')).kind).toBe('render');
  });

  it('judges an admin acting as a customer as that customer', () => {
    const acting = { ...user('customer', [...PERMISSIONS]), isAdmin: true };
    expect(at('/shopping-cart', acting).kind).toBe('render');
    expect(at('/admin', acting).kind).toBe('notFound');
  });

  it('waits while the user loads or a sign-out is on its way to /auth, and reports a failed load', () => {
    expect(at('/mbox', undefined).kind).toBe('wait');
    expect(at('/mbox', undefined, { userFailed: true }).kind).toBe('failed');
    expect(at('/mbox', null, { signingOut: true }).kind).toBe('wait');
  });
});

describe('signInPath', () => {
  it('keeps slashes readable and escapes what would break the query', () => {
    expect(signInPath('/mbox')).toBe('/auth?return=/mbox');
    expect(signInPath('/a?b=1&c=2#h')).toBe('/auth?return=/a%3Fb%3D1%26c%3D2%23h');
  });
});
