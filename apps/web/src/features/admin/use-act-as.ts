import { useMutation } from '@tanstack/react-query';
import { PATHS } from '@parlance/shared';
import { useNavigate } from 'react-router';
import { useReloadUser } from './use-reload-user';
import { resetCsrfToken } from '../../app/http';
import { actAsUser, restoreAdminRights } from './api';

// Starting and ending "acting as a user" (spec 1 section 4). The server rotates the session on both,
// so the CSRF token is dropped and the user reloaded before moving on.

/** Act as the user with this id or e-mail, then go home: `/` picks the acted-as user's home page. */
export function useActAs(onDone?: () => void) {
  const refreshUser = useReloadUser();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (uid: string) => actAsUser(uid.trim()),
    onSuccess: async () => {
      resetCsrfToken();
      await refreshUser();
      onDone?.();
      navigate(PATHS.root);
    },
  });
}

/** Return to the admin's own session and to the admin search. */
export function useRestoreAdmin(onDone?: () => void) {
  const refreshUser = useReloadUser();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: restoreAdminRights,
    onSuccess: async () => {
      resetCsrfToken();
      await refreshUser();
      onDone?.();
      navigate(PATHS.admin);
    },
  });
}
