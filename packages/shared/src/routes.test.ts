import { describe, expect, it } from 'vitest';
import { canOpen, findRoute, homePathFor } from './routes';

describe('route table', () => {
  it('sends translators to /dashboard, other users to /cpanel and guests to /auth', () => {
    expect(homePathFor('translator')).toBe('/dashboard');
    expect(homePathFor('customer')).toBe('/cpanel');
    expect(homePathFor('admin')).toBe('/cpanel');
    expect(homePathFor(null)).toBe('/auth');
  });

  it('matches exact paths, parameters and sub-paths', () => {
    expect(findRoute('/auth')?.path).toBe('/auth');
    expect(findRoute('/auth/resetPassword')?.path).toBe('/auth/resetPassword');
    expect(findRoute('/project/42')?.path).toBe('/project/:id');
    expect(findRoute('/project/')).toBeUndefined();
    expect(findRoute('/my-projects')?.path).toBe('/my-projects');
    expect(findRoute('/my-projects/')?.path).toBe('/my-projects');
    expect(findRoute('/my-projects/customer/')?.path).toBe('/my-projects/*');
    expect(findRoute('/admin/outbox')?.path).toBe('/admin/outbox');
    expect(findRoute('/admin/users/7')?.path).toBe('/admin/*');
    expect(findRoute('/admin/blend-talk')?.path).toBe('/admin/blend-talk/*');
    expect(findRoute('/admin/blend-talk/user/7/chat/12')?.path).toBe('/admin/blend-talk/*');
    expect(findRoute('/no-such-page')).toBeUndefined();
  });

  it('lets each user type open only its pages', () => {
    const dashboard = findRoute('/dashboard')!;
    expect(canOpen(dashboard, 'translator')).toBe(true);
    expect(canOpen(dashboard, 'admin')).toBe(true);
    expect(canOpen(dashboard, 'customer')).toBe(false);
    expect(canOpen(dashboard, null)).toBe(false);
    const cart = findRoute('/shopping-cart')!;
    expect(canOpen(cart, 'translator')).toBe(false);
    expect(canOpen(cart, 'customer')).toBe(true);
    const admin = findRoute('/admin')!;
    expect(canOpen(admin, 'customer')).toBe(false);
    expect(canOpen(admin, 'admin', ['backoffice.read'])).toBe(true);
    expect(canOpen(findRoute('/auth')!, null)).toBe(true);
    expect(canOpen(findRoute('/mbox')!, null)).toBe(false);
  });

  it('lets staff open a back-office page only with its permission, and no customer- or translator-only page', () => {
    const outbox = findRoute('/admin/outbox')!;
    expect(canOpen(outbox, 'admin', ['backoffice.read'])).toBe(false);
    expect(canOpen(outbox, 'admin', ['backoffice.read', 'outbox.read'])).toBe(true);
    const lm = findRoute('/lm_dashboard/waiting/projects')!;
    expect(canOpen(lm, 'admin', ['backoffice.read', 'moderation.write'])).toBe(false);
    expect(canOpen(lm, 'admin', ['backoffice.read', 'languages.write'])).toBe(true);
    // the permission binds staff only: a customer still cannot open the back office with it
    expect(canOpen(findRoute('/admin')!, 'customer', ['backoffice.read'])).toBe(false);
    for (const path of ['/shopping-cart', '/voice', '/myteam', '/my-projects/customer'])
      expect(canOpen(findRoute(path)!, 'admin', ['backoffice.read']), path).toBe(false);
    expect(canOpen(findRoute('/my-projects')!, 'admin', ['backoffice.read'])).toBe(true);
  });
});
