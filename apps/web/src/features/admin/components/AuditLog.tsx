import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ADMIN_PAGE_SIZE, type AuditEntry, useAudit } from '../api';
import { formatValue, humanizeKey } from '../format';
import { formatDateTime } from '../../../ui/format';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { EmptyState } from '../../../ui/EmptyState';
import { QueryState } from '../../../ui/QueryState';
import { TablePager } from '../../../ui/TablePager';

/** GET /api/2/admin/audit: who did what, newest first, one server page at a time. */
export function AuditLog() {
  const [page, setPage] = useState(0);
  const audit = useAudit(page);

  return (
    <QueryState
      query={audit}
      isEmpty={(d) => d.totalCount === 0}
      framePadding={{ p: { xs: 1, md: 0 } }}
      empty={<EmptyState title="No audit entries yet" hint="Admin actions such as acting as a user show up here." />}
    >
      {(data) => (
        <>
          <ResponsiveTable
            rows={data?.data ?? []}
            columns={COLUMNS}
            rowKey={(entry) => entry.id}
            label="Audit log"
            loading={!data}
            placeholderRows={5}
            minWidth={720}
            cardsBelow="md"
          />
          <TablePager
            component="div"
            count={data?.totalCount ?? 0}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={ADMIN_PAGE_SIZE}
            rowsPerPageOptions={[ADMIN_PAGE_SIZE]}
          />
        </>
      )}
    </QueryState>
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
