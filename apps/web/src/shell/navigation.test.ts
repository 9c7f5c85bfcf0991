import { GROUP_PERMISSIONS, PERMISSIONS, type StaffGroup, type UserData } from '@parlance/shared';
import { describe, expect, it } from 'vitest';
import { badgeCount, firstChars, headerNavFor, unreadLabel } from './navigation';
import { ACL, sidebarMenuFor } from './sidebar/sidebar-menu';

function user(type: UserData['type'], over: Partial<UserData> = {}): UserData {
  return {
    id: 1,
    name: 'Name',
    email: 'n@example.com',
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
    permissions: type === 'admin' ? [...PERMISSIONS] : [],
    ...over,
  };
}

const labels = (u: UserData | null) => headerNavFor(u).map((i) => i.label);
const sideLabels = (u: UserData, aclGroups: string[] = []) =>
  sidebarMenuFor({ user: u, aclGroups, chatEnabled: true }).flatMap((s) => s.items.map((i) => i.label));

describe('header navigation (spec 1 section 2)', () => {
  it('is the role list, with MyTeam for customers only when myTeamStatus is set', () => {
    expect(labels(null)).toEqual(['About', 'Translators', 'Support']);
    expect(headerNavFor(null)[1].children?.map((c) => c.label)).toEqual(['Join as a Translator', 'Translators FAQ']);
    expect(labels(user('customer'))).toEqual(['Dashboard', 'Projects', 'Support', 'Voices']);
    expect(labels(user('customer', { myTeamStatus: true }))).toEqual([
      'Dashboard',
      'Projects',
      'MyTeam',
      'Support',
      'Voices',
    ]);
    expect(labels(user('admin'))).toEqual(['Dashboard', 'Projects', 'Support']);
    expect(labels(user('translator'))).toEqual(['Dashboard', 'Projects', 'Open Projects', 'Support']);
  });
});

describe('sidebar menu', () => {
  it('gives customers the financial and settings items, and MyTeam only when enabled', () => {
    const items = sideLabels(user('customer'));
    expect(items).toContain('Buy more credits');
    expect(items).toContain('API Keys');
    expect(items).not.toContain('MyTeam');
    expect(sideLabels(user('customer', { myTeamStatus: true }))).toContain('MyTeam');
  });

  it('gives translators balance and open projects, admins invoices and buy credits', () => {
    const t = sideLabels(user('translator'));
    expect(t).toEqual(expect.arrayContaining(['My Balance', 'Open projects', 'My projects', 'References']));
    expect(t).not.toContain('Invoices');
    const a = sideLabels(user('admin'));
    expect(a).toEqual(expect.arrayContaining(['Invoices', 'Buy credits', 'All projects']));
    expect(a).not.toContain('My Balance');
    expect(a).not.toContain('Open projects');
  });

  it('links the partner page for customers and the affiliate program for translators', () => {
    const item = (u: UserData, label: string) =>
      sidebarMenuFor({ user: u, aclGroups: [], chatEnabled: true })
        .flatMap((s) => s.items)
        .find((i) => i.label === label);
    expect(item(user('customer'), 'Partners & Integrations')?.target).toEqual({ to: '/partner' });
    expect(item(user('translator'), 'Affiliate program')?.target).toEqual({ to: '/affiliate-program' });
    expect(item(user('admin'), 'Affiliate program')).toBeUndefined();
  });

  it('shows no Community item (there is no community screen) and model-training experts lose four sections', () => {
    expect(sideLabels(user('translator'), [ACL.certifiedTranslator])).not.toContain('Community');
    const expert = sideLabels(user('translator'), [ACL.certifiedTranslator, ACL.modelTrainingExpert]);
    for (const hidden of ['References', 'Software & Services', 'Translator Guidelines', 'Telegram Notifications'])
      expect(expert).not.toContain(hidden);
  });

  it('hides team chat when the site turns it off', () => {
    const items = sidebarMenuFor({ user: user('customer'), aclGroups: [], chatEnabled: false }).flatMap((s) => s.items);
    expect(items.map((i) => i.label)).not.toContain('Team Chat');
  });
});

/** A staff account (type admin, no super-admin) in one group. */
const staff = (group: StaffGroup) => user('admin', { isAdmin: true, permissions: [...GROUP_PERMISSIONS[group]] });
const backOffice = (u: UserData) =>
  sidebarMenuFor({ user: u, aclGroups: [], chatEnabled: true })
    .find((s) => s.title === 'Back office')
    ?.items.map((i) => i.label);

describe('staff menus follow their permissions', () => {
  it('gives each group exactly the back-office screens it may open', () => {
    expect(backOffice(staff('role.finance'))).toEqual(['Admin search']);
    expect(backOffice(staff('role.support'))).toEqual(['Admin search']);
    expect(backOffice(staff('role.moderation'))).toEqual(['Admin search', 'Moderation']);
    expect(backOffice(staff('role.language-manager'))).toEqual(['Admin search', 'Language dashboard']);
    expect(backOffice(staff('role.admin'))).toEqual(['Admin search', 'Language dashboard', 'Moderation']);
    // only a super-admin reads the outbox
    expect(backOffice(user('admin'))).toEqual(['Admin search', 'Language dashboard', 'Moderation', 'Outbox']);
  });

  it('shows staff no customer-only or translator-only item', () => {
    for (const group of Object.keys(GROUP_PERMISSIONS) as StaffGroup[]) {
      const items = sideLabels(staff(group));
      for (const hidden of [
        'MyTeam',
        'My Balance',
        'Open projects',
        'Affiliate program',
        'Buy more credits',
        'API Keys',
      ])
        expect(items, `${group}: ${hidden}`).not.toContain(hidden);
      expect(labels(staff(group))).not.toContain('MyTeam');
    }
  });

  it('shows no back office to customers and translators, nor to an admin acting as one', () => {
    expect(backOffice(user('customer'))).toBeUndefined();
    expect(backOffice(user('translator'))).toBeUndefined();
    // acting: the acted-as customer's menu, though the session keeps the admin's permissions
    expect(backOffice(user('customer', { isAdmin: true, permissions: [...PERMISSIONS] }))).toBeUndefined();
  });
});

describe('small rules of section 9', () => {
  it('shows 99+ from 100 unread on', () => {
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });
  it('says message in the singular at 1', () => {
    expect(unreadLabel(1)).toBe('1 unread message');
    expect(unreadLabel(2)).toBe('2 unread messages');
  });
  it('cuts names at 10 characters', () => {
    expect(firstChars('Casey Customer', 10)).toBe('Casey Cust');
  });
});
