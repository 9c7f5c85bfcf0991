// Staff roles: the back office's access-control groups and the permissions each grants.
// ONE list, read by the server's permissions module (apps/server/src/platform/permissions.ts) and by
// the web app to hide what a person may not do. Super-admins (users.isAdmin) hold every permission.
// Staff are accounts of type admin; everyone else holds none of these, whatever their groups.

export const PERMISSIONS = [
  /** open the back office: user lookup, user pages, outbox, audit log, every list read-only */
  'backoffice.read',
  /** credit actions (create, edit, invoices), payments received, partner customers with credits */
  'credits.write',
  /** payout and convert requests */
  'payouts.write',
  /** act as a user; set a user's currency and country; write to a user's message box */
  'users.act',
  /** project interventions: hold, release, reassign, resolve, review jobs */
  'projects.write',
  /** the moderation table and the banned-word vocabulary */
  'moderation.write',
  /** the language-manager dashboard and the probation parameters */
  'languages.write',
  /** site settings: ui-feature flags */
  'settings.write',
  /** the access-control list: who is in which group */
  'roles.write',
  /**
   * the mail outbox (sign-in links and codes masked): no group grants it, super-admins hold it,
   * since mail holds what signs people in
   */
  'outbox.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_GROUPS = {
  /** the legacy "full back-office access" group: every permission but managing roles and the outbox */
  admin: 'role.admin',
  finance: 'role.finance',
  support: 'role.support',
  moderation: 'role.moderation',
  languageManager: 'role.language-manager',
} as const;
export type StaffGroup = (typeof STAFF_GROUPS)[keyof typeof STAFF_GROUPS];

export const GROUP_PERMISSIONS: Record<StaffGroup, readonly Permission[]> = {
  'role.admin': PERMISSIONS.filter((p) => p !== 'roles.write' && p !== 'outbox.read'),
  'role.finance': ['backoffice.read', 'credits.write', 'payouts.write'],
  'role.support': ['backoffice.read', 'users.act'],
  'role.moderation': ['backoffice.read', 'moderation.write'],
  'role.language-manager': ['backoffice.read', 'languages.write', 'projects.write'],
};

export const STAFF_GROUP_DESCRIPTIONS: Record<StaffGroup, string> = {
  'role.admin': 'Full back-office access',
  'role.finance': 'Finance: credit actions and payouts',
  'role.support': 'Support: read the back office, act as users to help them',
  'role.moderation': 'Moderation: moderation table and vocabulary',
  'role.language-manager': 'Language management: dashboard and probation',
};

export function isStaffGroup(name: string): name is StaffGroup {
  return Object.hasOwn(GROUP_PERMISSIONS, name);
}

export interface StaffSubject {
  type: 'customer' | 'translator' | 'admin';
  isAdmin: boolean;
}

/** Staff: admin accounts and super-admins. Everyone else gets 404 from the back office. */
export function isStaff(user: StaffSubject): boolean {
  return user.isAdmin || user.type === 'admin';
}

/** Every permission the person holds, from their acl groups; super-admins hold all. */
export function permissionsOf(user: StaffSubject, aclGroups: readonly string[]): Permission[] {
  if (user.isAdmin) return [...PERMISSIONS];
  if (!isStaff(user)) return [];
  const held = new Set<Permission>();
  for (const group of aclGroups) if (isStaffGroup(group)) for (const p of GROUP_PERMISSIONS[group]) held.add(p);
  // every staff account reads the back office
  held.add('backoffice.read');
  return PERMISSIONS.filter((p) => held.has(p));
}

export const STAFF_TEXTS = {
  forbidden: 'You do not have the permission for this action',
  readOnly: 'Read-only: you do not have the permission to change this',
  notStaff: 'Only staff accounts can be added to staff groups',
  notAGroup: 'There is no such group',
  ownSuperAdmin: 'Super-admin rights are given in the database, not on this page',
  /** the outbox page, when a mail on it had a sign-in link or code masked */
  outboxSecretsHidden:
    'Links and codes that sign someone in are hidden (••••••): reading the outbox never signs anyone in.',
  /** the outbox's mail dialog, for such a mail */
  mailSecretsHidden: 'A link or code in this mail that signs the recipient in is hidden.',
} as const;
