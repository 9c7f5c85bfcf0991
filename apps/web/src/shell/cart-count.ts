import { useQuery } from '@tanstack/react-query';
import { http } from '../app/http';

// Number of purchase orders in the cart (GET /api/2/cart/all?count=true). The cart arrives with
// later work: until then, or whenever the call fails, the count is 0 and nobody is told.

function countOf(body: unknown): number {
  if (!body || typeof body !== 'object') return 0;
  const results = 'results' in body ? body.results : body;
  if (typeof results === 'number') return results;
  if (results && typeof results === 'object') {
    if ('count' in results && typeof results.count === 'number') return results.count;
    if ('totalCount' in results && typeof results.totalCount === 'number') return results.totalCount;
  }
  return 0;
}

export function useCartCount(enabled: boolean): number {
  const { data } = useQuery({
    queryKey: ['cart', 'count'],
    queryFn: ({ signal }) =>
      http
        .get<unknown>('/api/2/cart/all?count=true', signal)
        .then(countOf)
        .catch(() => 0),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
  return data ?? 0;
}
