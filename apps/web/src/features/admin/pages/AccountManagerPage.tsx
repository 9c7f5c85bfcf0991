import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { HttpError } from '../../../app/http';
import { useManagerCustomers } from '../backoffice-api';
import { AdminPageLayout } from '../components/AdminPageLayout';
import { EmptyState } from '../../../ui/EmptyState';
import { formatDateTime } from '../../../ui/format';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { TablePager } from '../../../ui/TablePager';

/** /admin/account-managers/{id}: the customers a staff member looks after. */
export default function AccountManagerPage() {
  const { id = '' } = useParams();
  const [page, setPage] = useState(0);
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), 500);
  const list = useManagerCustomers(id, page, debounced);

  if (list.error && !list.data) {
    return (
      <AdminPageLayout>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {list.error instanceof HttpError && list.error.status === 404
            ? 'Not an account manager'
            : 'Could not load the customers'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {list.error.message}
        </Typography>
        {/^\d+$/.test(id) && (
          <Button component={RouterLink} to={`/admin/${id}`} variant="outlined">
            Open the user's details
          </Button>
        )}
      </AdminPageLayout>
    );
  }

  return (
    <AdminPageLayout>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {list.data ? `Customers of ${list.data.manager.name}` : <Skeleton width={260} />}
      </Typography>
      <Field
        size="small"
        label="Search by name or e-mail"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setPage(0);
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      {!list.data ? (
        <Paper variant="outlined" role="status" aria-busy="true" aria-label="Loading the customers" sx={{ p: 2 }}>
          <Skeleton height={28} />
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Paper>
      ) : list.data.totalCount === 0 ? (
        <EmptyState icon={null} title="No customers" hint="Customers this account manager looks after appear here." />
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Customers">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Company</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Joined</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data?.data ?? []).map((c) => (
                <TableRow key={c.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/admin/${c.id}`}>
                      {c.name}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{c.email}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{c.company || '—'}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {formatDateTime(c.createdAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePager
            component="div"
            count={list.data?.totalCount ?? 0}
            page={page}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={20}
            rowsPerPageOptions={[20]}
          />
        </Paper>
      )}
    </AdminPageLayout>
  );
}
