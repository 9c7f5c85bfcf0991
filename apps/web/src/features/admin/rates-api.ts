import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExchangeRate, ExchangeRatesAnswer } from '@parlance/shared';
import { http } from '../../app/http';
import { registryKeys } from '../../app/current-user';
import { adminKeys } from './keys';

// The exchange rates of the back office: the rate in use of each currency with its day and source,
// and finance setting one.

export const ratesQuery = queryOptions({
  queryKey: adminKeys.rates(),
  queryFn: ({ signal }) =>
    http.get<{ results: ExchangeRatesAnswer }>('/api/2/admin/exchange-rates', signal).then((r) => r.results),
});

export function useExchangeRates() {
  return useQuery(ratesQuery);
}

export function useSetExchangeRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { currency: string; rate: string; date: string }) =>
      http.postJson<{ results: ExchangeRate }>('/api/2/admin/exchange-rates', input).then((r) => r.results),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: adminKeys.rates() });
      // the currency list (cart, quotes) shows the new rate
      await client.invalidateQueries({ queryKey: registryKeys.of('currencies') });
    },
  });
}
