import { useMutation } from '@tanstack/react-query';
import { PATHS, STORAGE_KEYS, TEXTS } from '@parlance/shared';
import { toast } from '../ui/toast';
import { useNavigate } from 'react-router';
import { HttpError, request, resetCsrfToken } from '../app/http';
import { useRefreshUser } from '../app/current-user';
import { setSigningOut } from './signing-out';
import { removeStored } from './storage';

// Sign-out (spec 1 section 4): GET /api/logout, forget the cart and purchase-order keys and the
// CSRF token, reload the (now absent) user and go to /auth.

export function useLogout() {
  const refreshUser = useRefreshUser();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['logout'],
    mutationFn: async () => {
      await request('/api/logout', { changesState: true });
      removeStored(STORAGE_KEYS.purchaseOrderKeys, STORAGE_KEYS.cartKey, STORAGE_KEYS.poId);
      resetCsrfToken();
      // Until /auth is on screen (AppLayout then ends it): the router moves to /auth in a transition,
      // while the user's absence renders at once, so a render of the page being left, with no user,
      // can come between, and must not send the visitor to /auth?return=... for it.
      setSigningOut(true);
      try {
        await refreshUser();
        await navigate(PATHS.auth);
      } catch (error) {
        setSigningOut(false);
        throw error;
      }
    },
  });
}

/** Logout from a menu: progress in the entry, a failure as a toast. */
export function useLogoutWithToast(): { run: () => void; pending: boolean } {
  const logout = useLogout();
  return {
    pending: logout.isPending,
    run: () =>
      logout.mutate(undefined, {
        onError: (e) => toast(logoutErrorMessage(e), { variant: 'error' }),
      }),
  };
}

/** The server's reason when it gave one, else the spec's fallback. */
export function logoutErrorMessage(error: unknown): string {
  return error instanceof HttpError && error.message ? error.message : TEXTS.logoutFailed;
}
