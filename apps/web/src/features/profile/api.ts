import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AccountDetails,
  ProjectNote,
  ProjectNoteInput,
  AddSubAccountInput,
  SubAccount,
  ApiKeysState,
  AccountInfoInput,
  BillingInfo,
  Country,
  MailingFlag,
  MailingPreferences,
  UpdatePasswordInput,
  WebhookDelivery,
  WebhookState,
} from '@parlance/shared';
import { authTokenQuery } from '../../app/auth-token';
import { http, request } from '../../app/http';
import { profileKeys } from './keys';
import { registryKeys } from '../../app/current-user';
import { myTeamKeys } from '../translator/keys';
import { voiceKeys } from '../voice/keys';

// The profile calls (spec 2 section 7, "Account and profile"): fetchers, query options and hooks.

export { fieldErrorsOf, messageOf } from '../../app/http';

export const countriesQuery = queryOptions({
  queryKey: profileKeys.of('countries'),
  queryFn: ({ signal }) => http.get<{ results: Country[] }>('/api/2/country/list', signal).then((b) => b.results),
  staleTime: Number.POSITIVE_INFINITY,
});

export const accountDetailsQuery = queryOptions({
  queryKey: profileKeys.of('account'),
  queryFn: ({ signal }) =>
    http.get<{ results: AccountDetails }>('/api/2/account/details', signal).then((b) => b.results),
});

export function useSaveAccountDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountInfoInput) =>
      http.postForm<{ account: AccountDetails }>('/userService/updateAccountInfo', { ...input }),
    onSuccess: (answer) => client.setQueryData(accountDetailsQuery.queryKey, answer.account),
  });
}

export const billingQuery = (userId: number) =>
  queryOptions({
    queryKey: profileKeys.of('billing', userId),
    queryFn: ({ signal }) =>
      http.get<{ results: BillingInfo }>(`/api/2/account/${userId}/billing-info`, signal).then((b) => b.results),
  });

export function useSaveBilling(userId: number) {
  const client = useQueryClient();
  return useMutation({
    // the spec's call of the profile form (spec 2 section 7): always the signed-in user's own address
    mutationFn: (input: Record<string, string>) =>
      http.postForm<{ results: BillingInfo }>('/userService/updateBillingInfo', input),
    onSuccess: (answer) => client.setQueryData(billingQuery(userId).queryKey, answer.results),
  });
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: UpdatePasswordInput) => http.postForm<{ status: 'OK' }>('/userService/updatePassword', input),
  });
}

export const mailingQuery = queryOptions({
  queryKey: profileKeys.of('mailing'),
  queryFn: ({ signal }) =>
    http.get<{ results: MailingPreferences }>('/api/2/account/mailing-preferences', signal).then((b) => b.results),
});

function useMailingMutation<T>(call: (input: T) => Promise<{ preferences: MailingPreferences }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => client.setQueryData(mailingQuery.queryKey, answer.preferences),
  });
}

export const useSaveMailing = () =>
  useMailingMutation((flags: Partial<Record<MailingFlag, boolean>>) =>
    http.postForm<{ preferences: MailingPreferences }>(
      '/userService/updateMailingPreferences',
      Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, v ? '1' : '0'])),
    ),
  );

export const useAddSecondaryEmail = (uid: number) =>
  useMailingMutation((email: string) =>
    http.postForm<{ preferences: MailingPreferences }>('/userService/addSecEmailToUser', { uid, email }),
  );

export const useRemoveSecondaryEmail = (uid: number) =>
  useMailingMutation((email: string) =>
    http.postForm<{ preferences: MailingPreferences }>('/userService/removeSecEmailFromUser', { uid, email }),
  );

export const twoFactorSetupQuery = queryOptions({
  queryKey: profileKeys.of('2fa-setup'),
  queryFn: ({ signal }) =>
    http.get<{ results: { secret: string; uri: string } }>('/api/2/auth/2fa', signal).then((b) => b.results),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** enable answers the recovery codes (once); regenerate answers a fresh set */
export type TwoFactorAction = 'enable' | 'disable' | 'regenerate';
const TWO_FACTOR_URLS: Record<TwoFactorAction, string> = {
  enable: '/api/2/account/2fa',
  disable: '/api/2/account/2fa/reset',
  regenerate: '/api/2/account/2fa/recovery-codes',
};

export function useTwoFactor(action: TwoFactorAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      http.postForm<{ results: { enabled?: boolean; recoveryCodes?: string[] } }>(TWO_FACTOR_URLS[action], { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: recoveryCodesLeftQuery.queryKey }),
  });
}

/** Moving two-step login to a new app: the new secret first, then the old and the new code. */
export const useStartTwoFactorMove = () =>
  useMutation({
    mutationFn: () =>
      http
        .postForm<{ results: { secret: string; uri: string } }>('/api/2/account/2fa/new-secret', {})
        .then((b) => b.results),
  });

export function useMoveTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (codes: { code: string; new_code: string }) =>
      http.postForm<{ results: { enabled: boolean } }>('/api/2/account/2fa/reset', codes),
    onSuccess: () => client.invalidateQueries({ queryKey: recoveryCodesLeftQuery.queryKey }),
  });
}

export const recoveryCodesLeftQuery = queryOptions({
  queryKey: profileKeys.of('2fa-recovery-codes'),
  queryFn: ({ signal }) =>
    http
      .get<{ results: { enabled: boolean; recoveryCodesLeft: number } }>('/api/2/account/2fa/recovery-codes', signal)
      .then((b) => b.results),
});

export const policyQuery = queryOptions({
  queryKey: profileKeys.of('policy'),
  queryFn: ({ signal }) =>
    http
      .get<{ results: { accepted: boolean } }>('/api/2/user/checkPolicyTermsConditions', signal)
      .then((b) => b.results.accepted),
});

export function useAcceptPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request<{ results: { accepted: boolean } }>('/api/2/user/updatePolicyTermsConditions', { changesState: true }),
    onSuccess: () => client.setQueryData(policyQuery.queryKey, true),
  });
}

export const useCountries = () => useQuery(countriesQuery);

export const apiKeysQuery = queryOptions({
  queryKey: profileKeys.of('api-keys'),
  queryFn: ({ signal }) =>
    http.get<{ results: ApiKeysState }>('/api/2/account/api-keys', signal).then((b) => b.results),
});

export function useGenerateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reset: boolean) =>
      reset
        ? request<{ token_api: string; keys: ApiKeysState }>('/userService/updateApiKeysForm?s=reset&react=1', {
            changesState: true,
          })
        : http.postForm<{ token_api: string; keys: ApiKeysState }>('/userService/updateApiKeysForm', { keygen: 1 }),
    onSuccess: (answer) => client.setQueryData(apiKeysQuery.queryKey, answer.keys),
  });
}

export function useOauthClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ redirectUri, name, create }: { redirectUri: string; name: string; create: boolean }) =>
      create
        ? http
            .postForm<{ results: { clientId: string; clientSecret: string; redirectUri: string } }>(
              '/api/2/oauth/generate-keys',
              { redirect_uri: redirectUri, name },
            )
            .then((b) => b.results)
        : http
            .postForm<{ results: ApiKeysState }>('/api/2/oauth/update-client', { redirect_uri: redirectUri, name })
            .then(() => null),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}

export function useApiKeyScopes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, scopes }: { kind: 'key' | 'oauth'; scopes: string[] }) =>
      http.postJson<{ keys: ApiKeysState }>('/api/2/account/api-keys/scopes', { kind, scopes }),
    onSuccess: (answer) => client.setQueryData(apiKeysQuery.queryKey, answer.keys),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<{ keys: ApiKeysState }>('/api/2/account/api-keys/key', { method: 'DELETE' }),
    onSuccess: (answer) => client.setQueryData(apiKeysQuery.queryKey, answer.keys),
  });
}

export const webhookQuery = queryOptions({
  queryKey: profileKeys.of('webhook'),
  queryFn: ({ signal }) =>
    http.get<{ results: WebhookState | null }>('/api/2/account/webhook', signal).then((b) => b.results),
});

export const webhookDeliveriesQuery = queryOptions({
  queryKey: profileKeys.of('webhook', 'deliveries'),
  queryFn: ({ signal }) =>
    http.get<{ data: WebhookDelivery[] }>('/api/2/account/webhook/deliveries', signal).then((b) => b.data),
});

export function useSaveWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (url: string | null) =>
      url === null
        ? request<unknown>('/api/2/account/webhook', { method: 'DELETE' }).then(() => null)
        : request<{ results: WebhookState }>('/api/2/account/webhook', { method: 'PUT', body: { json: { url } } }).then(
            (b) => b.results,
          ),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookQuery.queryKey }),
  });
}

export function useResendDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.postJson<unknown>(`/api/2/account/webhook/deliveries/${id}/resend`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookDeliveriesQuery.queryKey }),
  });
}

export const subAccountsQuery = queryOptions({
  queryKey: profileKeys.of('sub-accounts'),
  queryFn: ({ signal }) =>
    http.get<{ results: SubAccount[] }>('/api/2/account/beneficiary', signal).then((b) => b.results),
});

function useSubAccountMutation<T>(call: (input: T) => Promise<{ results: SubAccount[] }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      client.setQueryData(subAccountsQuery.queryKey, answer.results);
      // the user bar's Switch to list follows
      void client.invalidateQueries({ queryKey: registryKeys.of('User') });
    },
  });
}

export const useAddSubAccount = () =>
  useSubAccountMutation((input: AddSubAccountInput) =>
    http.postForm<{ results: SubAccount[] }>('/api/2/account/beneficiary', { email: input.email, name: input.name }),
  );

export const useRemoveSubAccount = () =>
  useSubAccountMutation((id: number) =>
    request<{ results: SubAccount[] }>(`/api/2/account/beneficiary/${id}`, { method: 'DELETE' }),
  );

export const useAutoTransfer = () =>
  useSubAccountMutation(({ id, value }: { id: number; value: boolean }) =>
    http.postForm<{ results: SubAccount[] }>(`/api/2/account/beneficiary/${id}/settings/auto_transfer`, {
      value: value ? '1' : '0',
    }),
  );

export function useTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ to, credits, key }: { to: number; credits: number; key: string }) =>
      request<{ status?: string; results?: { balance: number } }>('/api/2/account/balance/transfer', {
        body: { form: { to_user_uuid: to, credits } },
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: subAccountsQuery.queryKey });
      void client.invalidateQueries({ queryKey: profileKeys.of('balance-history') });
    },
  });
}

export const deleteReasonsQuery = queryOptions({
  queryKey: profileKeys.of('delete-reasons'),
  queryFn: ({ signal }) =>
    http.get<{ list: { id: string; name: string }[] }>('/userService/getDeleteReasons', signal).then((b) => b.list),
  staleTime: Number.POSITIVE_INFINITY,
});

export const checkCredentials = (password: string) =>
  http.postForm<{ status: 'OK' }>('/api/2/account/check-credentials', { password });

export const deleteAccount = (input: { reason: string; comment: string; password: string }) =>
  http.postJson<{ status: 'OK' }>('/ajax/deleteAccount', input);

export const notesQuery = queryOptions({
  queryKey: profileKeys.of('notes'),
  queryFn: ({ signal }) =>
    http.get<{ list: ProjectNote[] }>('/userService/getProjectNotesList', signal).then((b) => b.list),
});

export function useSaveNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectNoteInput) =>
      http.postForm<{ note: ProjectNote }>('/userService/saveProjectNote', {
        id: input.id === undefined ? undefined : Number(input.id),
        title: input.title,
        content: input.content,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: notesQuery.queryKey }),
  });
}

export function useDeleteNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const session = await http.get<{ results: { CSRFToken: string | null } }>('/registry/get?data=Session');
      return request<{ status: 'OK' }>(
        `/userService/deleteProjectNote?CSRFToken=${encodeURIComponent(session.results.CSRFToken ?? '')}&id=${id}`,
        { changesState: true },
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: notesQuery.queryKey }),
  });
}

export const phoneStatusQuery = queryOptions({
  queryKey: profileKeys.of('phone'),
  queryFn: ({ signal }) =>
    http
      .get<{ results: { phone: string; verified: boolean; pending: string | null } }>(
        '/ajax/phoneverify/status',
        signal,
      )
      .then((b) => b.results),
});

export const startPhoneVerify = (phone: string) =>
  http.postForm<{ message: string }>('/ajax/phoneverify/startverify', { phone });
export const tryPhoneVerify = (phone: string, code: string) =>
  http.postForm<{ message: string }>('/ajax/phoneverify/tryverify', { phone, code });

// ---- balance history (GET /api/2/account/balance/history?since, with the bearer header) ----

export interface BalanceHistoryRow {
  id: number;
  date: string;
  amount: number;
  kind: string;
  description: string;
}

export interface BalanceHistory {
  balance: number;
  totalCount: number;
  data: BalanceHistoryRow[];
}

export interface HistoryFilter {
  since: string;
  page: number;
  perPage: number;
}

export function balanceHistoryQuery(client: QueryClient, filter: HistoryFilter) {
  const params = new URLSearchParams({
    since: filter.since,
    limit: String(filter.perPage),
    page: String(filter.page),
    order: 'desc',
  });
  return queryOptions({
    queryKey: profileKeys.of('balance-history', filter.since, filter.page, filter.perPage),
    queryFn: async ({ signal }) => {
      const token = await client.fetchQuery(authTokenQuery);
      const answer = await request<{ results: BalanceHistory }>(`/api/2/account/balance/history?${params}`, {
        signal,
        headers: { Authorization: `Bearer ${token.jwt.access_token}` },
      });
      return answer.results;
    },
    placeholderData: keepPreviousData,
  });
}

// ---- preferred translators (the customer's My Team) ----

export interface PreferredTranslator {
  id: number;
  name: string;
  country: string | null;
  level: number;
  addedAt: string;
}

export interface TranslatorMatch {
  id: number;
  name: string;
  country: string | null;
}

export function preferredQuery(page: number, perPage: number) {
  return queryOptions({
    queryKey: profileKeys.of('preferred', page, perPage),
    queryFn: ({ signal }) =>
      http.get<{ data: PreferredTranslator[]; totalCount: number }>(
        `/api/2/account/my-team?page=${page}&perPage=${perPage}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function translatorSearchQuery(query: string) {
  return queryOptions({
    queryKey: profileKeys.of('translator-search', query),
    queryFn: ({ signal }) =>
      http
        .get<{ results: TranslatorMatch[] }>(`/api/2/account/my-team/search?query=${encodeURIComponent(query)}`, signal)
        .then((b) => b.results),
    enabled: query.trim().length >= 2,
  });
}

function usePreferredMutation<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: profileKeys.of('preferred') });
      void client.invalidateQueries({ queryKey: myTeamKeys.all });
      void client.invalidateQueries({ queryKey: voiceKeys.all });
    },
  });
}

export const useAddPreferred = () =>
  usePreferredMutation((translatorId: number) => http.postJson('/api/2/account/my-team', { translatorId }));

export const useRemovePreferred = () =>
  usePreferredMutation((translatorId: number) =>
    request(`/api/2/account/my-team/${translatorId}`, { method: 'DELETE' }),
  );
