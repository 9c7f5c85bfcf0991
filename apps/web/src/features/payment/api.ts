import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { BankDetails, PaymentData, PriceQuoteResults } from '@parlance/shared';
import { http } from '../../app/http';
import { paymentKeys } from './keys';

// Buying credits (ADR 0024): a purchase-credits quote
// gives a signed pqid; the card goes through the processor's hosted checkout, a wire transfer
// stays pending until an admin marks it received.

export function requestCreditsQuote(amount: string): Promise<PriceQuoteResults> {
  return http
    .postJson<{ results: PriceQuoteResults }>('/api/2/wizard/pricequote', {
      quoteType: 'purchase_credits',
      recharge_amount: amount,
    })
    .then((b) => b.results);
}

export function useCreditsQuote(amount: string) {
  return useQuery(creditsQuoteQuery(amount));
}

function creditsQuoteQuery(amount: string) {
  return queryOptions({
    queryKey: paymentKeys.quote(amount),
    queryFn: () => requestCreditsQuote(amount),
    enabled: /^\d+$/.test(amount) && Number(amount) > 0,
    // the pqid is valid one hour; a fresh one each time the page is opened
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function checkoutUrl(pqid: string): Promise<string> {
  return http
    .get<{ results: { url: string } }>(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(pqid)}`)
    .then((b) => b.results.url);
}

export function useCardCheckout() {
  return useMutation({
    mutationFn: checkoutUrl,
    onSuccess: (url) => {
      window.location.assign(url);
    },
  });
}

export interface WireTransfer {
  payment: PaymentData;
  bankDetails: BankDetails;
  reference: string;
}

export function useWireTransfer() {
  return useMutation({
    mutationFn: (pqid: string) =>
      http.postForm<{ results: WireTransfer }>('/ajax/cart/wiretransferapply', { pqid }).then((b) => b.results),
  });
}

export function usePayment(key: string) {
  return useQuery(paymentQuery(key));
}

function paymentQuery(key: string) {
  return queryOptions({
    queryKey: paymentKeys.payment(key),
    queryFn: ({ signal }) =>
      http.get<{ results: PaymentData }>(`/api/2/payments/${encodeURIComponent(key)}`, signal).then((b) => b.results),
    enabled: key !== '',
    retry: false,
    // a card payment waits for the processor's webhook: the return page asks again until it is settled
    refetchInterval: (query) => {
      const p = query.state.data;
      return p && p.method !== 'wire' && (p.status === 'pending' || p.status === 'requires_action') ? 3_000 : false;
    },
  });
}
