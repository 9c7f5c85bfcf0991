import { PATHS, type Permission, type UserData } from '@parlance/shared';
import { hasPermission, isStaffAccount } from '../../app/permissions';
import { API_DOCS, BUY_CREDITS_PATH, CHAT_PATH, HELP_CENTER, type NavTarget } from '../navigation';

// The sidebar's menus per role (spec 1 section 2), as plain data. Loaded with the sidebar only.

/** Icon names the sidebar knows how to draw (kept as names so this file stays free of React). */
export type SideIcon =
  | 'dashboard'
  | 'projects'
  | 'openProjects'
  | 'myTeam'
  | 'notes'
  | 'terminology'
  | 'glossary'
  | 'memory'
  | 'invoices'
  | 'statements'
  | 'balance'
  | 'buyCredits'
  | 'partners'
  | 'apiDocs'
  | 'apiKeys'
  | 'chat'
  | 'account'
  | 'billing'
  | 'mailing'
  | 'subAccounts'
  | 'messages'
  | 'twoFactor'
  | 'password'
  | 'privacy'
  | 'contactSupport'
  | 'helpCenter'
  | 'languages'
  | 'expertise'
  | 'availability'
  | 'references'
  | 'software'
  | 'guidelines'
  | 'telegram'
  | 'search'
  | 'insights'
  | 'moderation';

export interface SideItem {
  label: string;
  icon: SideIcon;
  target: NavTarget;
  /** a short status shown at the end of the row, e.g. On / Off */
  status?: string;
}

export interface SideSection {
  /** no title: the items stand on their own */
  title?: string;
  items: readonly SideItem[];
}

export const ACL = {
  certifiedTranslator: 'role.certified-translator',
  modelTrainingExpert: 'role.model-training-expert',
} as const;

export interface SidebarContext {
  user: UserData;
  aclGroups: readonly string[];
  /** team chat is on unless the site config turns it off */
  chatEnabled: boolean;
}

const link = (label: string, icon: SideIcon, to: string, status?: string): SideItem => ({
  label,
  icon,
  target: { to },
  ...(status ? { status } : {}),
});

const supportSection: SideSection = {
  title: 'Support',
  items: [
    { label: 'Contact support', icon: 'contactSupport', target: { action: 'support' } },
    link('Help Center', 'helpCenter', HELP_CENTER),
  ],
};

function twoFactorItem(user: UserData): SideItem {
  return user.twoFactorEnabled
    ? link('2-Step Login', 'twoFactor', `${PATHS.profile}#tfa_disable`, 'On')
    : link('2-Step Login', 'twoFactor', `${PATHS.profile}#tfa_enable`, 'Off');
}

function chatSection(ctx: SidebarContext): SideSection[] {
  return ctx.chatEnabled ? [{ items: [link('Team Chat', 'chat', CHAT_PATH)] }] : [];
}

function customerMenu(ctx: SidebarContext): SideSection[] {
  const { user } = ctx;
  return [
    {
      items: [
        link('Dashboard', 'dashboard', PATHS.cpanel),
        link('My projects', 'projects', `${PATHS.myProjects}/customer`),
      ],
    },
    {
      title: 'Translation Management',
      items: [
        ...(user.myTeamStatus ? [link('MyTeam', 'myTeam', PATHS.myTeam)] : []),
        link('Manage Project Notes', 'notes', `${PATHS.profile}/custom_notes`),
        link('Terminology', 'terminology', `${PATHS.profile}#terminology`),
        link('Glossary Files', 'glossary', `${PATHS.profile}#glossary`),
        link('Translation Memory', 'memory', `${PATHS.profile}#translation_memory`),
      ],
    },
    {
      title: 'Financials',
      items: [
        link('Invoices', 'invoices', PATHS.invoices),
        link('Statements', 'statements', PATHS.customerStatement),
        link('Buy more credits', 'buyCredits', BUY_CREDITS_PATH),
      ],
    },
    {
      title: 'Translation Settings',
      items: [
        link('Partners & Integrations', 'partners', PATHS.partner),
        link('API Documentation', 'apiDocs', API_DOCS),
        link('API Keys', 'apiKeys', `${PATHS.profile}#apikeys`),
      ],
    },
    ...chatSection(ctx),
    {
      title: 'Profile',
      items: [
        link('Account Information', 'account', `${PATHS.profile}#account`),
        link('Billing Address', 'billing', `${PATHS.profile}#billing`),
        link('Mailing Preferences', 'mailing', `${PATHS.profile}#mailing`),
        link('Sub Accounts', 'subAccounts', `${PATHS.profile}#sub_account`),
        link('Messages', 'messages', PATHS.mbox),
      ],
    },
    {
      title: 'Security',
      items: [
        twoFactorItem(user),
        link('Password Update', 'password', `${PATHS.profile}#password`),
        link('Privacy Policy', 'privacy', `${PATHS.profile}#privacy_policy`),
      ],
    },
    supportSection,
  ];
}

/**
 * The back office's screens, each shown only to staff holding its permission (the server refuses
 * the calls of the others). Every staff account reads the back office.
 */
const BACK_OFFICE: readonly { permission: Permission; item: SideItem }[] = [
  { permission: 'backoffice.read', item: link('Admin search', 'search', PATHS.admin) },
  { permission: 'languages.write', item: link('Language dashboard', 'insights', PATHS.lmDashboard) },
  { permission: 'moderation.write', item: link('Moderation', 'moderation', PATHS.adminModeration) },
  { permission: 'outbox.read', item: link('Outbox', 'mailing', PATHS.adminOutbox) },
];

export function backOfficeItems(user: UserData): SideItem[] {
  return BACK_OFFICE.filter((b) => hasPermission(user, b.permission)).map((b) => b.item);
}

/** The translator's menu, and the staff account's (type admin): a staff account has no My Team, balance or open projects. */
function staffMenu(ctx: SidebarContext): SideSection[] {
  const { user, aclGroups } = ctx;
  const isStaff = isStaffAccount(user);
  const isTranslator = user.type === 'translator';
  const modelTrainingExpert = aclGroups.includes(ACL.modelTrainingExpert);
  // the team pages call translator-only routes: staff cannot use them
  const showMyTeam = isTranslator && user.myTeamStatus;
  // Model-training experts do not see these profile sections (spec 1 section 2).
  const expertOnly = isTranslator && !modelTrainingExpert;
  const controlPanel: SideItem[] = [
    link('Dashboard', 'dashboard', PATHS.dashboard),
    ...(isStaff ? [link('Invoices', 'invoices', PATHS.invoices)] : []),
    ...(isTranslator ? [link('My Balance', 'balance', PATHS.balance)] : []),
    link('Statements', 'statements', PATHS.statement),
    link('Messages', 'messages', PATHS.mbox),
    // the spec's translator menu has no place for it: the affiliate program sits with the money pages
    ...(isTranslator ? [link('Affiliate program', 'partners', PATHS.affiliateProgram)] : []),
    ...(isStaff ? [link('Buy credits', 'buyCredits', BUY_CREDITS_PATH)] : []),
  ];
  const projects: SideItem[] = isTranslator
    ? [
        link('Open projects', 'openProjects', PATHS.openProjects),
        link('My projects', 'projects', `${PATHS.myProjects}/translator`),
      ]
    : // staff see every project on the platform, under the title of that page
      [link('All projects', 'projects', PATHS.myProjects)];
  const profile: SideItem[] = [
    link('Account Information', 'account', `${PATHS.profile}#account`),
    ...(isTranslator
      ? [
          link('Language Skills', 'languages', `${PATHS.profile}#languages`),
          link('Expertise', 'expertise', `${PATHS.profile}#expertise`),
          link('Availability', 'availability', `${PATHS.profile}#time`),
        ]
      : []),
    ...(expertOnly
      ? [
          link('References', 'references', `${PATHS.profile}#references`),
          link('Software & Services', 'software', `${PATHS.profile}#software_services`),
          link('Translator Guidelines', 'guidelines', `${PATHS.profile}#translator_guidelines`),
          link('Telegram Notifications', 'telegram', `${PATHS.profile}#telegram`),
        ]
      : []),
    link('Mailing Preferences', 'mailing', `${PATHS.profile}#mailing`),
    link('Password Update', 'password', `${PATHS.profile}#password`),
    twoFactorItem(user),
  ];
  return [
    { title: 'Control panel', items: controlPanel },
    { title: 'Projects', items: projects },
    ...(isStaff ? [{ title: 'Back office', items: backOfficeItems(user) }] : []),
    ...(showMyTeam ? [{ items: [link('MyTeam', 'myTeam', PATHS.myTeam)] }] : []),
    ...chatSection(ctx),
    { title: 'Profile', items: profile },
    supportSection,
  ];
}

export function sidebarMenuFor(ctx: SidebarContext): SideSection[] {
  const sections = ctx.user.type === 'customer' ? customerMenu(ctx) : staffMenu(ctx);
  return sections.filter((s) => s.items.length > 0);
}
