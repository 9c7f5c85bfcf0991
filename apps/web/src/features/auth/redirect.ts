import { homePathFor, PATHS, type UserData, type UserType } from '@parlance/shared';

// Where a visitor goes after signing in or registering (spec 1 sections 2 and 4).

/**
 * Session-storage flag set by the wizard entry when a customer chose to window-shop: such customers
 * are sent to their projects after login (spec 1 section 2).
 */
export const WINDOW_SHOPPING_KEY = 'wizardWindowShopping';

/** A `return` target we may follow: a same-site path, never another origin ('//host', '/\\host'). */
export function safeReturnPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === PATHS.auth || value.startsWith(`${PATHS.auth}?`) || value.startsWith(`${PATHS.auth}/`)) return null;
  return value;
}

function consumeWindowShoppingFlag(): boolean {
  try {
    const set = sessionStorage.getItem(WINDOW_SHOPPING_KEY) !== null;
    sessionStorage.removeItem(WINDOW_SHOPPING_KEY);
    return set;
  } catch {
    return false;
  }
}

/** After login: the safe `return` path, else my-projects for window-shopping customers, else home. */
export function pathAfterLogin(type: UserType, returnParam: string | null): string {
  const back = safeReturnPath(returnParam);
  const windowShopping = consumeWindowShoppingFlag();
  if (back) return back;
  if (type === 'customer' && windowShopping) return PATHS.myProjects;
  return homePathFor(type);
}

/** After registration: new translators fill in their languages first; new customers go to the cpanel. */
export function pathAfterSignup(type: UserType): string {
  return type === 'translator' ? `${PATHS.profile}/?flow=1#languages` : PATHS.cpanel;
}

/** Does this signed-in user still have to complete the registration data (the extraUserData mode)? */
export function needsExtraUserData(user: UserData): boolean {
  return !user.name.trim() || !user.country;
}
