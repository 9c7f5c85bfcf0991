import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * A query's answer, drawn in a deferred pass. TanStack Query renders a component whose answer has
 * arrived synchronously (useSyncExternalStore), so a card that draws a table from it blocked a
 * phone's main thread for the whole table. With the answer deferred, that pass only notes the
 * change, and React draws the answer in slices of a few milliseconds. `isPending` holds until the
 * deferred pass has the answer, so the card's skeleton stays until then.
 */
export function useDeferredAnswer<T>(query: Pick<UseQueryResult<T>, 'data' | 'isError'>) {
  const data = useDeferredValue(query.data);
  return { data, isPending: data === undefined && !query.isError, isError: query.isError };
}
