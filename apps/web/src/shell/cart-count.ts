import { useQuery } from '@tanstack/react-query';
import { http } from '../app/http';

// Number of purchase orders in the cart, on the header's cart button: GET /api/2/cart/all?count=true.
// Only customers and admins have a cart (translators never see the button). A failed count shows
// nothing rather than an error: the cart page itself says what went wrong.
export const cartCountQueryKey = ['cart', 'count'] as const;

export function useCartCount(enabled: boolean): number {
  const { data } = useQuery({
    queryKey: cartCountQueryKey,
    queryFn: ({ signal }) =>
      http.get<{ results: { count: number } }>('/api/2/cart/all?count=true', signal).then((b) => b.results.count),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  return data ?? 0;
}
