import type { Permission, UserData } from '@parlance/shared';

// The one question the web app asks before showing a staff screen, menu item or button: does the
// signed-in person hold this permission? The server sends them (UserData.permissions: the real
// person's, also while acting) and checks the same on every call; the app only hides what would
// be refused. Being an admin-type account grants nothing by itself.

export function hasPermission(user: UserData | null | undefined, permission: Permission): boolean {
  return !!user && user.permissions.includes(permission);
}

/** Staff: accounts of type admin (never a customer or translator, nor an admin acting as one). */
export function isStaffAccount(user: UserData | null | undefined): boolean {
  return !!user && user.type === 'admin';
}
