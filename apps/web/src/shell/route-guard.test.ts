import { PERMISSIONS, type UserData } from '@parlance/shared';
import { describe, expect, it } from 'vitest';
import { decideRoute, signInPath } from './route-guard';

function user(type: UserData['type']): UserData {
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
    permissions: type === 'admin' ? [...PERMISSIONS] : [],
  };
}

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
    expect(at('/community', user('customer')).kind).toBe('notFound');
    expect(at('/admin/outbox', user('translator')).kind).toBe('notFound');
  });

  it('lets allowed types in, including sub-paths of wildcard routes', () => {
    expect(at('/dashboard', user('translator')).kind).toBe('render');
    expect(at('/my-projects/customer', user('customer')).kind).toBe('render');
    expect(at('/payment/quote/', user('customer')).kind).toBe('render');
    expect(at('/admin/users/7', user('admin')).kind).toBe('render');
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
