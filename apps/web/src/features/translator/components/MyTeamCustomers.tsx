import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
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
import { LIMITS, PROJECT_TEXTS } from '@parlance/shared';
import { useEffect, useState } from 'react';
import { myTeamCustomersQuery, type Paging } from '../api';
import { countryName, formatDate } from '../../../ui/format';
import { ListMessage } from './ProjectTable';
import { ListPagination } from './ListPagination';

// The translator's My Team customers (GET /api/2/translator/my-team-customers/{id}): searchable by
// name, company or e-mail, paged on the server, 10 rows per page by default (spec 1 §9).

const SEARCH_DEBOUNCE_MS = 400;
const HEADERS = ['Customer', 'Company', 'Country', 'Projects', 'Last project'];

export function MyTeamCustomers({ translatorId }: { translatorId: number }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [paging, setPaging] = useState<Paging>({ page: 1, perPage: LIMITS.myTeamRowsPerPage });
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text.trim());
      setPaging((p) => ({ ...p, page: 1 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const list = useQuery(myTeamCustomersQuery(translatorId, query, paging));
  const rows = list.data?.data;
  const empty = query ? PROJECT_TEXTS.nothingFound : PROJECT_TEXTS.noMyTeamCustomers;

  return (
    <>
      <Field
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Name, company or e-mail"
        label="Search customers"
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Paper component="section" aria-label="My Team customers" variant="outlined" sx={{ overflow: 'hidden' }}>
        {/* it scrolls sideways on a phone: a keyboard must be able to reach and scroll it */}
        <TableContainer tabIndex={0} role="region" aria-label="My Team customers, scrollable">
          <Table size="small" aria-label="My Team customers" aria-busy={list.isFetching || undefined}>
            <TableHead>
              <TableRow>
                {HEADERS.map((h) => (
                  <TableCell
                    key={h}
                    align={h === 'Projects' ? 'right' : 'left'}
                    sx={{ fontWeight: 600, bgcolor: 'grey.50', whiteSpace: 'nowrap' }}
                  >
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending &&
                [0, 1, 2].map((n) => (
                  <TableRow key={n}>
                    <TableCell colSpan={HEADERS.length}>
                      <Skeleton variant="text" height={28} />
                    </TableCell>
                  </TableRow>
                ))}
              {rows?.map((c) => (
                <TableRow key={c.id} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{c.name}</TableCell>
                  <TableCell>{c.company || '—'}</TableCell>
                  <TableCell>{countryName(c.country)}</TableCell>
                  <TableCell align="right">{c.projectsCount.toLocaleString('en-US')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.lastProjectAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {list.isError && !rows && <ListMessage text={PROJECT_TEXTS.listFailed} />}
        {rows && rows.length === 0 && <ListMessage text={empty} />}
        {rows && list.data && list.data.totalCount > 0 && (
          <ListPagination totalCount={list.data.totalCount} paging={paging} onPaging={setPaging} />
        )}
      </Paper>
    </>
  );
}
