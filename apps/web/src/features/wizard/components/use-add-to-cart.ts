import { PATHS } from '@parlance/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { HttpError } from '../../../app/http';
import { finalizeOrder } from '../api';

/**
 * Puts the order in the cart (finalize) and opens the cart; a guest is sent to sign up first and
 * comes back to the same order. Other refusals are thrown for the step to show.
 */
export function useAddToCart(pid: string): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await finalizeOrder(pid);
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) {
        const back = `${PATHS.wizard}?pid=${pid}`;
        navigate(`${PATHS.auth}?mode=signup&return=${encodeURIComponent(back)}`);
        return;
      }
      throw err;
    }
    // the cart, its badge and the projects change; the wizard's own data does not matter any more
    await queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] !== 'wizard' && q.queryKey[0] !== 'purchase-order',
    });
    navigate(PATHS.shoppingCart);
  };
}
