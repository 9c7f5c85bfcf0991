import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Field } from '../../../ui/Field';
import { useQuery } from '@tanstack/react-query';
import { PROJECT_LIMITS, PROJECT_TEXTS } from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../ui/toast';
import { myTeamQuery, type Paging, useAddToMyTeam, useRemoveFromMyTeam } from '../api';
import { countryName, formatDate } from '../../../ui/format';
import { ListMessage } from './ProjectTable';
import { ListPagination } from './ListPagination';

// A customer's preferred translators (GET/POST/DELETE /api/2/account/my-team): added by translator
// id (the server's contract), removed from the row.

const HEADERS = ['Translator', 'ID', 'Country', 'Level', 'Added', ''];
const NO_TRANSLATORS = 'No translators in your team yet. Add one by their translator ID.';

export function CustomerMyTeam() {
  const [paging, setPaging] = useState<Paging>({ page: 1, perPage: PROJECT_LIMITS.rowsPerPageOptions[0] });
  const team = useQuery(myTeamQuery(paging));
  const remove = useRemoveFromMyTeam();
  const rows = team.data?.data;

  return (
    <>
      <AddTranslatorForm />
      <Paper component="section" aria-label="My Team translators" variant="outlined" sx={{ overflow: 'hidden' }}>
        {/* it scrolls sideways on a phone: a keyboard must be able to reach and scroll it */}
        <TableContainer tabIndex={0} role="region" aria-label="My Team translators, scrollable">
          <Table size="small" aria-label="My Team translators">
            <TableHead>
              <TableRow>
                {HEADERS.map((h) => (
                  <TableCell key={h || 'actions'} sx={{ fontWeight: 600, bgcolor: 'grey.50', whiteSpace: 'nowrap' }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {team.isPending &&
                [0, 1].map((n) => (
                  <TableRow key={n}>
                    <TableCell colSpan={HEADERS.length}>
                      <Skeleton variant="text" height={28} />
                    </TableCell>
                  </TableRow>
                ))}
              {rows?.map((t) => (
                <TableRow key={t.id} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{t.name}</TableCell>
                  <TableCell>{t.id}</TableCell>
                  <TableCell>{countryName(t.country)}</TableCell>
                  <TableCell>{t.level}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(t.addedAt)}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      color="error"
                      disabled={remove.isPending}
                      aria-label={`Remove ${t.name} from My Team`}
                      onClick={() =>
                        remove.mutate(t.id, {
                          onSuccess: () => toast(`${t.name} was removed from your team.`, { variant: 'success' }),
                          onError: (e) => toast(e.message, { variant: 'error' }),
                        })
                      }
                    >
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {team.isError && !rows && <ListMessage text={PROJECT_TEXTS.listFailed} />}
        {rows && rows.length === 0 && <ListMessage text={NO_TRANSLATORS} />}
        {rows && team.data && team.data.totalCount > 0 && (
          <ListPagination totalCount={team.data.totalCount} paging={paging} onPaging={setPaging} />
        )}
      </Paper>
    </>
  );
}

function AddTranslatorForm() {
  const [value, setValue] = useState('');
  const add = useAddToMyTeam();
  const id = Number(value.trim());
  const valid = Number.isInteger(id) && id > 0;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return;
    add.mutate(id, {
      onSuccess: () => {
        setValue('');
        toast('The translator was added to your team.', { variant: 'success' });
      },
    });
  }

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 2 }}
    >
      <Field
        label="Translator ID"
        size="small"
        value={value}
        onChange={(e) => {
          setValue(e.target.value.replace(/\D/g, ''));
          add.reset();
        }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={add.isError}
        helperText={add.isError ? add.error.message : 'The ID on the translator’s profile or project page.'}
        sx={{ width: { xs: '100%', sm: 280 } }}
      />
      <Button type="submit" variant="contained" disabled={!valid || add.isPending} sx={{ mt: '2px' }}>
        Add
      </Button>
    </Box>
  );
}
