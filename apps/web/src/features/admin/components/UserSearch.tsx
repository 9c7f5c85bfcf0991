import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { type AdminUserPreview, LIMITS, TEXTS } from '@parlance/shared';
import { Suspense, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { useUserSearch } from '../api';
import { useActAs } from '../use-act-as';
import { usePermission } from '../../../app/current-user';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { EmptyState } from '../../../ui/EmptyState';
import { OnDemand } from '../../../ui/OnDemand';

// DOMPurify comes with the message it cleans: its chunk starts loading with the first search, so it
// is there when the answer is (the answer comes 500 ms after the last keystroke at the earliest)
const loadSanitizedMessage = () => import('./SanitizedMessage');
const SanitizedMessage = lazy(() => loadSanitizedMessage().then((m) => ({ default: m.SanitizedMessage })));
// the details dialog loads when first opened
const UserDetailsDialog = lazy(() => import('./UserDetailsDialog').then((m) => ({ default: m.UserDetailsDialog })));

/** Column headers stay for screen readers when the compact layout hides them. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

/** The spec's empty state of the admin search (spec 1 section 8). */
const NO_MATCHES = 'No matches found';

/** The /admin user search: by id or e-mail, debounced 500 ms (spec 1 section 5). */
export function UserSearch() {
  const [input, setInput] = useState('');
  const term = input.trim();
  const debounced = useDebouncedValue(term, LIMITS.adminSearchDebounceMs);
  const search = useUserSearch(debounced);
  const actAs = useActAs();
  // acting as a user needs users.act: without it the rows offer only the details
  const canActAs = usePermission('users.act');
  const [details, setDetails] = useState<AdminUserPreview | null>(null);
  const waiting = term !== '' && (term !== debounced || search.isFetching);

  return (
    <Stack spacing={2.5}>
      <Box component="form" role="search" onSubmit={(e) => e.preventDefault()} sx={{ maxWidth: 560 }}>
        <Field
          label="ID or E-mail"
          name="userID"
          type="search"
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            void loadSanitizedMessage();
          }}
          autoFocus
          fullWidth
          autoComplete="off"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment: waiting ? (
                <InputAdornment position="end">
                  <CircularProgress size={18} aria-label="Searching" />
                </InputAdornment>
              ) : undefined,
            },
          }}
          helperText="A user ID, an e-mail, or part of a name or e-mail"
        />
      </Box>

      {actAs.error && (
        <Alert severity="error" onClose={() => actAs.reset()}>
          {actAs.error.message}
        </Alert>
      )}

      <SearchResults
        term={term}
        waiting={waiting}
        search={search}
        actingAs={actAs.isPending ? (actAs.variables ?? null) : null}
        onActAs={canActAs ? (user) => actAs.mutate(String(user.ID)) : undefined}
        onDetails={setDetails}
      />

      <OnDemand when={details !== null}>
        <UserDetailsDialog
          uid={details ? String(details.ID) : null}
          title={details ? `${details.UserName} #${details.ID}` : undefined}
          onClose={() => setDetails(null)}
        />
      </OnDemand>
    </Stack>
  );
}

interface ResultsProps {
  term: string;
  waiting: boolean;
  search: ReturnType<typeof useUserSearch>;
  /** the id whose act-as is in flight */
  actingAs: string | null;
  /** absent: the viewer may not act as users */
  onActAs?: (user: AdminUserPreview) => void;
  onDetails: (user: AdminUserPreview) => void;
}

function SearchResults({ term, waiting, search, actingAs, onActAs, onDetails }: ResultsProps) {
  if (term === '') {
    return (
      <EmptyState
        icon={<PersonSearchOutlined sx={{ fontSize: 40, color: 'action.active' }} />}
        title="Find a user"
        hint="Type a user ID or e-mail to see matching accounts."
      />
    );
  }
  if (search.error && !search.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => search.refetch()}>
            {TEXTS.retry}
          </Button>
        }
      >
        {search.error.message}
      </Alert>
    );
  }
  if (!search.data) return <ResultsSkeleton />;
  // the server answers "no such user" as an error; that is the empty state, not a failure
  const noMatch = search.data.error === TEXTS.userNotFound || search.data.users?.length === 0;
  if (noMatch) {
    return (
      <Box sx={{ opacity: waiting ? 0.6 : 1 }}>
        <EmptyState title={NO_MATCHES} hint={search.data.error ?? 'Check the ID or e-mail and try again.'} />
      </Box>
    );
  }
  if (search.data.error !== undefined) {
    return (
      // the skeleton stands in only if DOMPurify's chunk is not there yet (it loads with the first keystroke)
      <Suspense fallback={<ResultsSkeleton />}>
        <Alert severity="warning" sx={{ opacity: waiting ? 0.6 : 1 }}>
          <SanitizedMessage html={search.data.error} />
        </Alert>
      </Suspense>
    );
  }
  return (
    <UsersTable
      users={search.data.users}
      waiting={waiting}
      actingAs={actingAs}
      onActAs={onActAs}
      onDetails={onDetails}
    />
  );
}

function ResultsSkeleton() {
  return (
    <Paper variant="outlined" role="status" aria-busy="true" aria-label="Searching">
      <LinearProgress aria-label="Loading" />
      <Box sx={{ p: 3, color: 'text.secondary' }}>
        <Typography variant="body2">Searching…</Typography>
      </Box>
    </Paper>
  );
}

interface TableProps {
  users: AdminUserPreview[];
  waiting: boolean;
  actingAs: string | null;
  /** absent: the viewer may not act as users */
  onActAs?: (user: AdminUserPreview) => void;
  onDetails: (user: AdminUserPreview) => void;
}

function UsersTable({ users, waiting, actingAs, onActAs, onDetails }: TableProps) {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const actions = (user: AdminUserPreview) => (
    <Stack direction="row" spacing={1} sx={{ justifyContent: compact ? 'flex-start' : 'flex-end' }}>
      {onActAs && (
        <Button
          size="small"
          variant="contained"
          onClick={() => onActAs(user)}
          disabled={actingAs !== null}
          aria-label={`Act as ${user.UserName}`}
          sx={{ minWidth: 72 }}
        >
          {actingAs === String(user.ID) ? (
            <CircularProgress size={16} color="inherit" aria-label="Starting" />
          ) : (
            'Act as'
          )}
        </Button>
      )}
      <Button
        size="small"
        variant="outlined"
        onClick={() => onDetails(user)}
        aria-label={`Details of ${user.UserName}`}
      >
        Details
      </Button>
    </Stack>
  );
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative' }}>
      {waiting && <LinearProgress aria-label="Loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      <Box sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {users.length === 1 ? '1 user found' : `${users.length} users found`}
        </Typography>
      </Box>
      <Table size="small" aria-label="Users">
        <TableHead sx={compact ? visuallyHidden : undefined}>
          <TableRow>
            {compact ? (
              <TableCell>User</TableCell>
            ) : (
              <>
                <TableCell sx={{ width: 72 }}>ID</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell align="right">Actions</TableCell>
              </>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) =>
            compact ? (
              <TableRow key={user.ID}>
                <TableCell sx={{ py: 1.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {user.UserName}{' '}
                    <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                      #{user.ID}
                    </Box>
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                    {user.eMail}
                  </Typography>
                  {actions(user)}
                </TableCell>
              </TableRow>
            ) : (
              <TableRow key={user.ID} hover>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>{user.ID}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{user.UserName}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.eMail}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {actions(user)}
                </TableCell>
              </TableRow>
            ),
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
