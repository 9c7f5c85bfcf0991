import { queryOptions } from '@tanstack/react-query';
import type { Expertise, Language, PriceList } from '@parlance/shared';
import { http } from './http';
import { registryKeys } from './current-user';

// Reference data from the registry, the same for every user and kept for the session: languages,
// expertises and the price list. One definition for every feature that needs them.

export const languagesQuery = queryOptions({
  queryKey: registryKeys.of('Language'),
  queryFn: ({ signal }) =>
    http.get<{ results: Language[] }>('/registry/get?data=Language', signal).then((b) => b.results),
  staleTime: Number.POSITIVE_INFINITY,
});

export const expertisesQuery = queryOptions({
  queryKey: registryKeys.of('Expertise'),
  queryFn: ({ signal }) =>
    http.get<{ results: Expertise[] }>('/registry/get?data=Expertise', signal).then((b) => b.results),
  staleTime: Number.POSITIVE_INFINITY,
});

export const priceListQuery = queryOptions({
  queryKey: registryKeys.of('Price'),
  queryFn: ({ signal }) => http.get<{ results: PriceList }>('/registry/get?data=Price', signal).then((b) => b.results),
  staleTime: Number.POSITIVE_INFINITY,
});
