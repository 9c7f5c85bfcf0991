import type { UseQueryResult } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { awaitTurn, endTurn, type Turn } from './draw-turns';

// A page of cards, each with its own call, draws its answers one card at a time.
//
// TanStack Query renders a component synchronously when its answer arrives (useSyncExternalStore),
// and React commits every card whose answer arrived in one go: on a phone, a dashboard's five cards
// were one 150 ms task, however the rendering was sliced. Here a card's first answer waits for its
// turn: one card is drawn per commit, in a transition (rendered in slices), and the next card's turn
// starts when the previous card's drawing has been committed. A card whose answer is already there
// when it mounts (a return to the page, with the answer cached) draws it at once.

/**
 * A query's answer as the card draws it: the first answer in the card's turn (see above), later ones
 * (another page, a refetch) in a transition. `isPending` holds until the answer is drawn, so the
 * card's skeleton stays until then.
 */
export function useDeferredAnswer<T>(query: Pick<UseQueryResult<T>, 'data' | 'isError'>) {
  const arrived = query.data;
  const [shown, setShown] = useState(arrived);
  useEffect(() => {
    if (arrived === shown) return;
    if (arrived === undefined) {
      setShown(undefined);
      return;
    }
    if (shown !== undefined) {
      startTransition(() => setShown(arrived));
      return;
    }
    const turn: Turn = { draw: () => startTransition(() => setShown(arrived)) };
    awaitTurn(turn);
    // runs once the drawing is committed (`shown` changed), or when the card leaves the page
    return () => endTurn(turn);
  }, [arrived, shown]);
  return { data: shown, isPending: shown === undefined && !query.isError, isError: query.isError };
}
