import { useCallback, useRef } from 'react';

/**
 * Runs an action unless the previous one is still running: a double click sends one request.
 * A button's `disabled`/`loading` from the mutation's state comes a render too late for the second
 * click of a double click (and TanStack Query calls `mutate`'s callbacks for the last call only,
 * so the first call's success would be lost); this guard is set synchronously on the first click.
 */
export function useSingleFlight(): (action: () => Promise<unknown>) => void {
  const running = useRef(false);
  return useCallback((action: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    action()
      .catch(() => {
        // the caller shows its errors (the mutation's error state or its own handler)
      })
      .finally(() => {
        running.current = false;
      });
  }, []);
}
