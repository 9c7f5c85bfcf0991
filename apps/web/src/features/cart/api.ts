import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Cart, type Currency, IDEMPOTENCY_HEADER, type TranslateNowResult } from '@parlance/shared';
import { request, http } from '../../app/http';
import { cartKeys } from './keys';
import { registryKeys } from '../../app/current-user';

// The cart's calls (ADR 0025). Every change
// refreshes the whole ['cart'] family, so the header's count follows too.

export const cartQuery = queryOptions({
  queryKey: cartKeys.items(),
  queryFn: ({ signal }) => http.get<{ results: Cart }>('/api/2/cart/all', signal).then((b) => b.results),
});

export const currenciesQuery = queryOptions({
  queryKey: registryKeys.of('currencies'),
  queryFn: ({ signal }) => http.get<{ results: Currency[] }>('/api/2/currency', signal).then((b) => b.results),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCart() {
  return useQuery(cartQuery);
}

export function useCurrencies() {
  return useQuery(currenciesQuery);
}

function useCartChange<V>(fn: (v: V) => Promise<Cart>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (cart) => {
      client.setQueryData(cartQuery.queryKey, cart);
      void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}

export function useRemoveOrder() {
  return useCartChange((poid: string) =>
    http.postForm<{ results: Cart }>('/api/2/cart/mark-as-delete', { poid }).then((b) => b.results),
  );
}

export function useApplyCoupon() {
  return useCartChange((v: { code: string; totalWithVat: number }) =>
    http
      .postForm<{ cart: Cart }>('/ajax/cart/submitCoupon', { couponId: v.code, totalWithVat: v.totalWithVat })
      .then((b) => b.cart),
  );
}

export function useRemoveCoupon() {
  return useCartChange((couponId: number) =>
    http.postForm<{ cart: Cart }>('/ajax/cart/removeCoupon', { couponId }).then((b) => b.cart),
  );
}

export interface PayInput {
  ck: string;
  couponIds: number[];
  /** one key per attempt: a retry of the same attempt pays once */
  idempotencyKey: string;
}

export function payWithCredits({ ck, couponIds, idempotencyKey }: PayInput): Promise<TranslateNowResult> {
  const data = new FormData();
  data.append('ck', ck);
  couponIds.forEach((id, n) => {
    data.append(`couponIds[${n}]`, String(id));
  });
  data.append('idempotency_key', idempotencyKey);
  return request<TranslateNowResult>('/ajax/cart/translateNow', {
    body: { multipart: data },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function usePayWithCredits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payWithCredits,
    // not awaited: an awaited refetch would show the emptied cart and unmount the pay button before
    // the caller's onSuccess (the thank-you summary) could run
    onSettled: () => {
      void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
