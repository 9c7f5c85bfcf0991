import type { UserData } from '@parlance/shared';

/** The home pages' heading: a first visit is welcomed, a return is welcomed back. */
export function greeting(user: Pick<UserData, 'name' | 'firstVisit'>): string {
  return user.firstVisit ? `Welcome to Parlance, ${user.name}` : `Welcome back, ${user.name}`;
}
