import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payout, PayoutList, PayoutMethod, PayoutMethodOnFile } from '@parlance/shared';
import { http, request } from '../../app/http';
import { payoutKeys } from './keys';

// The translator's payouts (/balance): GET /api/2/account/convert/requests, the designed
// POST /api/2/account/convert/request (with an Idempotency-Key), cancel, and the self-billing PDF.

export const PAYOUTS_PER_PAGE = 10;

export const payoutsQuery = (page: number) =>
  queryOptions({
    queryKey: payoutKeys.page(page),
    queryFn: ({ signal }) =>
      http.get<PayoutList>(`/api/2/account/convert/requests?page=${page}&limit=${PAYOUTS_PER_PAGE}`, signal),
    placeholderData: keepPreviousData,
  });

export function usePayouts(page: number) {
  return useQuery(payoutsQuery(page));
}

export function useRequestPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: number; method: PayoutMethod; key: string }) =>
      request<Payout>('/api/2/account/convert/request', {
        body: { json: { amount: input.amount, method: input.method } },
        headers: { 'Idempotency-Key': input.key },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

export function useCancelPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.postJson<Payout>(`/api/2/account/convert/requests/${id}/cancel`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

export const selfBillingUrl = (id: number) => `/api/2/account/convert/invoice/${id}`;

/** Adds or replaces the account of one payout method (POST /api/2/account/convert/methods). */
export function useSavePayoutMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { method: PayoutMethod; account: string }) =>
      http.postJson<PayoutMethodOnFile>('/api/2/account/convert/methods', input),
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

export function useRemovePayoutMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (method: PayoutMethod) =>
      request<{ removed: PayoutMethod }>(`/api/2/account/convert/methods/${method}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
