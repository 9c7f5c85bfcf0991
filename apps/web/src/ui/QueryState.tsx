import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { TEXTS } from '@parlance/shared';
import type { ReactNode } from 'react';
import { messageOf } from '../app/http';

// The states every server list shows the same way: a failed first load (the server's message and
// Retry), an empty answer (the caller's empty state), and the list itself in an outlined frame with
// a thin progress bar while it refetches (a page change, a filter). Loading is the list's own
// placeholder rows (ResponsiveTable `loading`), so the layout does not jump.

interface ListQuery<T> {
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: ListQuery<T>;
  /** whether an answer is an empty list */
  isEmpty: (data: T) => boolean;
  /** shown for an empty answer (ui/EmptyState) */
  empty: ReactNode;
  /** the list, with the data once it came (undefined while the first load runs) */
  children: (data: T | undefined) => ReactNode;
  /** the frame's padding on small screens, where the list turns into cards */
  framePadding?: object;
}

export function QueryState<T>({ query, isEmpty, empty, children, framePadding }: QueryStateProps<T>) {
  if (query.error && query.data === undefined) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            {TEXTS.retry}
          </Button>
        }
      >
        {messageOf(query.error)}
      </Alert>
    );
  }
  if (query.data !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative', ...framePadding }}>
      {query.isFetching && (
        <LinearProgress aria-label="Loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
      )}
      {children(query.data)}
    </Paper>
  );
}
