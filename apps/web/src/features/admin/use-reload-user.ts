import { useQueryClient } from '@tanstack/react-query';
import { userQuery } from '../../app/current-user';

/**
 * Reload the signed-in user after an admin action changed who it is or what it holds (act-as,
 * currency). Like useRefreshUser it drops the user-bound queries, but it refetches the User query in
 * place instead of removing it, so that components already showing the user (the tools panel, the
 * user bar) get the new data without waiting for a navigation to re-render them.
 */
export function useReloadUser() {
  const client = useQueryClient();
  return async () => {
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'registry' });
    await client.refetchQueries({ queryKey: userQuery.queryKey, exact: true }, { throwOnError: true });
  };
}
