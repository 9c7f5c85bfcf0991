import { HttpError } from '../../app/http';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountManagerCustomer,
  AccountManagerState,
  AclGroupWithMembers,
  AdminUserDescription,
  Backoffice,
  CreditAction,
  CreditList,
  ProbationParams,
} from '@parlance/shared';
import { http, request } from '../../app/http';
import { adminKeys } from './keys';

// The back-office calls: the asker's permissions and tabs, credit actions, the
// access-control list, probation parameters, ui-feature flags and account managers' customers.

export const backofficeQuery = queryOptions({
  queryKey: adminKeys.backoffice(),
  queryFn: ({ signal }) => http.get<{ results: Backoffice }>('/api/2/admin/backoffice', signal).then((r) => r.results),
  staleTime: 60_000,
});

export function useBackoffice() {
  return useQuery(backofficeQuery);
}

export function useUserDescription(uid: string) {
  return useQuery({
    queryKey: adminKeys.user(uid),
    queryFn: ({ signal }) =>
      http
        .get<{ results: AdminUserDescription }>(
          `/adminService/getUserDescription?uid=${encodeURIComponent(uid)}`,
          signal,
        )
        .then((r) => r.results),
  });
}

/** Staff turn off a locked-out user's two-step login (users.act); the server ends their sessions. */
export function useStaffTwoFactorReset(uid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      http.postForm<{ results: { enabled: boolean } }>(`/api/2/admin/users/${uid}/2fa/reset`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.user(String(uid)) }),
  });
}

// --- credit actions ------------------------------------------------------------------------------

export function useCreditList(uid: string, page: number) {
  return useQuery({
    queryKey: adminKeys.creditsPage(uid, page),
    queryFn: ({ signal }) =>
      http.get<CreditList>(`/service/getCreditList?uid=${encodeURIComponent(uid)}&page=${page + 1}`, signal),
    placeholderData: keepPreviousData,
  });
}

export interface ReasonsAnswer {
  results: { id: string; name: string }[];
  rule: { label: string; editable: boolean; recurring: boolean; invoice: boolean };
  types: { id: string; name: string }[];
}

export function useReasons(type: string) {
  return useQuery({
    queryKey: adminKeys.creditReasons(type),
    queryFn: ({ signal }) =>
      http.get<ReasonsAnswer>(`/api/2/credit_action/action/reason?type=${encodeURIComponent(type)}`, signal),
    enabled: type !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useParkedCredits(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.parked(uid),
    queryFn: ({ signal }) =>
      http
        .get<{ results: { parkedCredits: number; available: number } }>(
          `/api/2/credit_action/parkedCredits?user_id=${encodeURIComponent(uid)}`,
          signal,
        )
        .then((r) => r.results),
    enabled,
  });
}

type Form = Record<string, string | number | null | undefined>;

function useCreditMutation<V>(uid: string, call: (v: V) => Promise<{ results: CreditAction }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.credits(uid) }),
  });
}

export const useAddCreditAction = (uid: string) =>
  useCreditMutation(uid, (form: Form) => http.postForm('/ajax/creditActions/add', { ...form, uid }));
export const useEditCreditAction = (uid: string) =>
  useCreditMutation(uid, ({ id, ...form }: Form & { id: number }) =>
    http.postForm(`/ajax/creditActions/${id}/edit`, form),
  );
export const useStopCreditAction = (uid: string) =>
  useCreditMutation(uid, (id: number) => http.postForm(`/ajax/creditActions/${id}/stop`, {}));
export const useSaveInvoice = (uid: string) =>
  useCreditMutation(uid, (v: { creditActionId: number; invoiceId: string }) =>
    http.postForm('/api/2/credit_action/buy_credit/invoice', v),
  );

// --- access-control list -------------------------------------------------------------------------

export function useAclList() {
  return useQuery({
    queryKey: adminKeys.acl(),
    queryFn: ({ signal }) =>
      http.get<{ results: AclGroupWithMembers[] }>('/api/2/account/acl-list', signal).then((r) => r.results),
  });
}

export function useAclChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ op, group, user }: { op: 'add' | 'remove'; group: string; user: string }) =>
      op === 'add'
        ? http.postJson<{ results: AclGroupWithMembers[] }>('/api/2/account/acl-list/members', { group, user })
        : request<{ results: AclGroupWithMembers[] }>(
            `/api/2/account/acl-list/members?group=${encodeURIComponent(group)}&user=${encodeURIComponent(user)}`,
            { method: 'DELETE' },
          ),
    onSuccess: (answer) => {
      client.setQueryData(['admin', 'acl'], answer.results);
      client.invalidateQueries({ queryKey: adminKeys.backoffice() });
    },
  });
}

// --- probation -----------------------------------------------------------------------------------

export function useProbationParams() {
  return useQuery({
    queryKey: adminKeys.probation(),
    queryFn: ({ signal }) =>
      http.get<{ results: ProbationParams; canWrite: boolean }>('/api/2/admin/probation/params', signal),
  });
}

export function useSaveProbation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: ProbationParams) =>
      http.postJson<{ results: ProbationParams; canWrite: boolean }>('/api/2/admin/probation/params', params),
    onSuccess: (answer) => client.setQueryData(['admin', 'probation'], answer),
  });
}

// --- ui-feature flags ----------------------------------------------------------------------------

export interface UiFeatureRow {
  uuid: string;
  name: string;
  status: number;
  config: Record<string, unknown>;
}

export function useUiFeatures() {
  return useQuery({
    queryKey: adminKeys.uiFeatures(),
    queryFn: ({ signal }) =>
      http
        .get<{ results: UiFeatureRow[] }>('/api/2/site/ui-feature/config/get?data=UiFeature', signal)
        .then((r) => r.results),
  });
}

export function useSetUiFeature() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (f: { uuid: string; status: number; config: Record<string, unknown> }) =>
      http.postJson('/api/2/site/ui-feature/config/set', f),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.uiFeatures() }),
  });
}

// --- account managers ----------------------------------------------------------------------------

export function useManagerCustomers(id: string, page: number, query: string) {
  return useQuery({
    queryKey: adminKeys.managerCustomersPage(id, page, query),
    queryFn: ({ signal }) =>
      http.get<{
        data: AccountManagerCustomer[];
        totalCount: number;
        manager: { id: number; name: string; email: string };
      }>(
        `/api/2/admin/account-managers/${encodeURIComponent(id)}/customers?page=${page + 1}&pageSize=20&query=${encodeURIComponent(query)}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    // a user who is no account manager stays one: say so at once rather than after three tries
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });
}

export function useAccountManager(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.accountManager(uid),
    queryFn: ({ signal }) =>
      http
        .get<{ results: AccountManagerState }>(`/api/2/admin/users/${encodeURIComponent(uid)}/account-manager`, signal)
        .then((r) => r.results),
    enabled,
  });
}

export function useAssignAccountManager(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (managerId: number | null) =>
      http.postJson<{ results: AccountManagerState }>(`/api/2/admin/users/${encodeURIComponent(uid)}/account-manager`, {
        managerId,
      }),
    onSuccess: (answer) => {
      client.setQueryData(['admin', 'account-manager', uid], answer.results);
      client.invalidateQueries({ queryKey: adminKeys.managerCustomers() });
    },
  });
}
