import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { countryName, formatDate } from '../../../ui/format';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { toast } from '../../../ui/toast';
import { messageOf, type PreferredTranslator, preferredQuery, useRemovePreferred } from '../api';
import { TablePager } from '../../../ui/TablePager';
import { PreferredTranslatorPicker } from './PreferredTranslatorPicker';

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
      <PreferredTranslatorPicker />
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
