import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { countryName, formatDate } from '../../../ui/format';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { toast } from '../../../ui/toast';
import { messageOf, type PreferredTranslator, preferredQuery, useRemovePreferred } from '../api';
import { TablePager } from '../../../ui/TablePager';

// A customer's preferred translators (spec 2 "preferred translators"; the same list as My Team):
// found by name or ID and added, listed page by page, removed. Their new projects are offered to
// them first, for a while, before everybody else.

const PER_PAGE = [10, 25, 50];

export function PreferredTranslatorsCard() {
  const [paging, setPaging] = useState({ page: 1, perPage: PER_PAGE[0] });
  const list = useQuery(preferredQuery(paging.page, paging.perPage));
  const remove = useRemovePreferred();
  const rows = list.data?.data;

  const columns: ListColumn<PreferredTranslator>[] = [
    { key: 'name', header: 'Translator', card: 'title', cell: (t) => t.name },
    { key: 'id', header: 'ID', cell: (t) => t.id },
    { key: 'country', header: 'Country', cell: (t) => countryName(t.country) },
    { key: 'added', header: 'Added', cell: (t) => formatDate(t.addedAt), sx: { whiteSpace: 'nowrap' } },
    {
      key: 'remove',
      header: '',
      align: 'right',
      card: 'end',
      cell: (t) => (
        <Button
          size="small"
          color="error"
          disabled={remove.isPending}
          aria-label={`Remove ${t.name} from your preferred translators`}
          onClick={() =>
            remove.mutate(t.id, {
              onSuccess: () => toast(`${t.name} is no longer a preferred translator.`, { variant: 'success' }),
              onError: (e) => toast(messageOf(e), { variant: 'error' }),
            })
          }
        >
          Remove
        </Button>
      ),
    },
  ];

  return (
    <Paper variant="outlined" component="section" aria-labelledby="preferred-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="preferred-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Preferred translators
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Your new projects are offered to them first, before everybody else.
      </Typography>
      <AddPreferred />
      {list.isError && !rows ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          Your preferred translators could not be loaded: {messageOf(list.error)}
        </Alert>
      ) : (
        <ResponsiveTable
          rows={rows ?? []}
          columns={columns}
          rowKey={(t) => t.id}
          label="Preferred translators"
          loading={list.isPending}
          placeholderRows={2}
        />
      )}
      {rows && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No preferred translators yet. Find one by name or translator ID.
        </Typography>
      )}
      {list.data && list.data.totalCount > PER_PAGE[0] && (
        <TablePager
          component="div"
          count={list.data.totalCount}
          page={paging.page - 1}
          rowsPerPage={paging.perPage}
          rowsPerPageOptions={PER_PAGE}
          onPageChange={(_, page) => setPaging({ ...paging, page: page + 1 })}
          onRowsPerPageChange={(e) => setPaging({ page: 1, perPage: Number(e.target.value) })}
          labelRowsPerPage="Rows:"
        />
      )}
    </Paper>
  );
}

const loadPicker = () => import('./PreferredTranslatorPicker').then((m) => m.PreferredTranslatorPicker);
type Picker = Awaited<ReturnType<typeof loadPicker>>;

/**
 * The search box: until its Autocomplete has loaded (on the first pointing at or focus), a field
 * drawn and labelled as the Autocomplete's, which keeps what is typed in it and hands it over, with
 * the list open if it was clicked (the Autocomplete opens its list on a click).
 */
function AddPreferred() {
  const [typed, setTyped] = useState('');
  const [wanted, setWanted] = useState(false);
  const [clicked, setClicked] = useState(false);
  const [Picker, setPicker] = useState<Picker | null>(null);
  const loaded = useRef(false);
  const load = () => {
    if (!Picker)
      loadPicker().then(
        (picker) => {
          loaded.current = true;
          setPicker(() => picker);
        },
        () => undefined, // tried again at the next pointing or focus
      );
  };
  if (Picker && wanted) return <Picker typed={typed} opened={clicked} />;
  return (
    <Field
      label="Add a translator"
      placeholder="Name or translator ID"
      size="small"
      fullWidth
      autoComplete="off"
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      onPointerEnter={load}
      onMouseDown={() => setClicked(true)}
      onFocus={() => {
        setWanted(true);
        load();
      }}
      onBlur={() => {
        // left before the Autocomplete came: it takes over at the next focus, not from elsewhere
        // (a blur at the hand-over itself, when this field goes, changes nothing)
        if (loaded.current) return;
        setWanted(false);
        setClicked(false);
      }}
      sx={{ maxWidth: 420, mb: 2 }}
      slotProps={{
        input: { endAdornment: <DropDownArrow />, sx: LOOK_ALIKE_INPUT },
        htmlInput: {
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': false,
          autoCapitalize: 'none',
          spellCheck: false,
        },
      }}
    />
  );
}

// the small outlined Autocomplete's paddings, with room for its list button on the right
const LOOK_ALIKE_INPUT = {
  position: 'relative',
  p: '6px 39px 6px 6px',
  '& .MuiOutlinedInput-input': { p: '2.5px 4px 2.5px 8px' },
} as const;

/** The Autocomplete's list button as it is drawn (a 28 px icon button with the drop-down arrow). */
function DropDownArrow() {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        position: 'absolute',
        right: 9,
        top: '50%',
        transform: 'translate(0, -50%)',
        display: 'inline-flex',
        p: '2px',
        mr: '-2px',
        color: 'action.active',
        pointerEvents: 'none',
      }}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" focusable="false" aria-hidden="true">
        <path d="M7 10l5 5 5-5z" />
      </svg>
    </Box>
  );
}
