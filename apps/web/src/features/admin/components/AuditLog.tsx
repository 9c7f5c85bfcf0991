import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { ADMIN_PAGE_SIZE, type AuditEntry, useAudit } from '../api';
import { formatValue, humanizeKey } from '../format';
import { formatDateTime } from '../../../ui/format';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { EmptyState } from './EmptyState';

/** GET /api/2/admin/audit: who did what, newest first, one server page at a time. */
export function AuditLog() {
  const [page, setPage] = useState(0);
  const audit = useAudit(page);

  if (audit.error && !audit.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => audit.refetch()}>
            {TEXTS.retry}
          </Button>
        }
      >
        {audit.error.message}
      </Alert>
    );
  }
  if (audit.data && audit.data.totalCount === 0) {
    return <EmptyState title="No audit entries yet" hint="Admin actions such as acting as a user show up here." />;
  }
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative', p: { xs: 1, md: 0 } }}>
      {audit.isFetching && (
        <LinearProgress aria-label="Loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
      )}
      <ResponsiveTable
        rows={audit.data?.data ?? []}
        columns={COLUMNS}
        rowKey={(entry) => entry.id}
        label="Audit log"
        loading={!audit.data}
        placeholderRows={5}
        minWidth={720}
        cardsBelow="md"
      />
      <TablePagination
        component="div"
        count={audit.data?.totalCount ?? 0}
        page={page}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={ADMIN_PAGE_SIZE}
        rowsPerPageOptions={[ADMIN_PAGE_SIZE]}
      />
    </Paper>
  );
}

const actorOf = (entry: AuditEntry) =>
  entry.actorName ? `${entry.actorName} #${entry.actorId}` : entry.actorId ? `#${entry.actorId}` : '—';
const targetOf = (entry: AuditEntry) =>
  entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}`.trim() : (entry.targetId ?? '—');

const COLUMNS: ListColumn<AuditEntry>[] = [
  {
    key: 'date',
    header: 'Date',
    headSx: { width: 170 },
    sx: { whiteSpace: 'nowrap', color: 'text.secondary' },
    cell: (entry) => formatDateTime(entry.createdAt),
  },
  { key: 'actor', header: 'Actor', cell: actorOf },
  {
    key: 'action',
    header: 'Action',
    card: 'title',
    cell: (entry) => <Chip size="small" label={entry.action} variant="outlined" sx={{ fontFamily: 'monospace' }} />,
  },
  { key: 'target', header: 'Target', cell: targetOf },
  { key: 'details', header: 'Details', cell: (entry) => <AuditDetails details={entry.details} /> },
];

function AuditDetails({ details }: { details: AuditEntry['details'] }) {
  const entries = Object.entries(details ?? {});
  if (entries.length === 0) return null;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}>
      {entries.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {humanizeKey(key)}
          </Typography>
          <Typography component="dd" variant="caption" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {formatValue(value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
