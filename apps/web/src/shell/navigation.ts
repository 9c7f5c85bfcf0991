import { LIMITS, PATHS, type UserData } from '@parlance/shared';

// What each role sees in the header and the sidebar (spec 1 section 2), as plain data so that the
// rules can be read in one place. Components decide how to draw it.

/** A link inside the app, or the Support action (help-centre sign-in in a new tab). */
export type NavTarget = { to: string } | { action: 'support' };

export interface HeaderNavItem {
  label: string;
  target?: NavTarget;
  /** a dropdown instead of a link */
  children?: readonly HeaderNavItem[];
}

export const HELP_CENTER = '/help-center';
export const TERMS = '/terms';
export const PRIVACY = '/privacy';
export const API_DOCS = '/api-docs';
/** where an application sends a customer to ask for access (OAuth authorization endpoint) */
export const OAUTH_AUTHORIZE = '/oauth/authorize';
export const CHAT_PATH = `${PATHS.chat}/`;
export const BUY_CREDITS_PATH = `/payment/quote/?amount=${LIMITS.defaultCreditPurchaseAmount}`;
export const JOIN_AS_TRANSLATOR = `${PATHS.auth}?mode=signup&type=translator`;
export const REGISTER = `${PATHS.auth}?mode=signup`;

const support: HeaderNavItem = { label: 'Support', target: { action: 'support' } };

export function headerNavFor(user: UserData | null): readonly HeaderNavItem[] {
  if (!user) {
    return [
      { label: 'About', target: { to: `${HELP_CENTER}#about` } },
      {
        label: 'Translators',
        children: [
          { label: 'Join as a Translator', target: { to: JOIN_AS_TRANSLATOR } },
          { label: 'Translators FAQ', target: { to: `${HELP_CENTER}#translators` } },
        ],
      },
      { label: 'Support', target: { to: `${HELP_CENTER}#contact` } },
    ];
  }
  switch (user.type) {
    case 'customer':
      return [
        { label: 'Dashboard', target: { to: PATHS.cpanel } },
        { label: 'Projects', target: { to: `${PATHS.myProjects}/customer` } },
        ...(user.myTeamStatus ? [{ label: 'MyTeam', target: { to: PATHS.myTeam } }] : []),
        support,
        { label: 'Voices', target: { to: PATHS.voice } },
      ];
    case 'admin':
      // staff: no MyTeam (its calls are the customers' and translators'); the back office's
      // screens are in the sidebar, each with its permission
      return [
        { label: 'Dashboard', target: { to: PATHS.dashboard } },
        { label: 'Projects', target: { to: PATHS.myProjects } },
        support,
      ];
    case 'translator':
      return [
        { label: 'Dashboard', target: { to: PATHS.dashboard } },
        { label: 'Projects', target: { to: `${PATHS.myProjects}/translator` } },
        { label: 'Open Projects', target: { to: PATHS.openProjects } },
        support,
      ];
  }
}

/** Cart and hamburger are hidden on any path containing /payment. */
export function isPaymentPath(pathname: string): boolean {
  return pathname.includes('/payment');
}

/** The user bar shows only the first characters of the name and company (spec 1 section 9). */
export function firstChars(text: string, max: number): string {
  return text.slice(0, max);
}

/** '99+' from 100 unread on (spec 1 section 9). */
export function badgeCount(n: number): string {
  return n > LIMITS.chatBadgeMax ? `${LIMITS.chatBadgeMax}+` : String(n);
}

export function unreadLabel(n: number): string {
  return n === 1 ? '1 unread message' : `${n} unread messages`;
}
