import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { ADMIN_PAGE_SIZE, type AuditEntry, useAudit } from '../api';
import { formatValue, humanizeKey } from '../format';
import { formatDateTime } from '../../../ui/format';
import { EmptyState } from './EmptyState';

/** GET /api/2/admin/audit: who did what, newest first, one server page at a time. */
export function AuditLog() {
  const [page, setPage] = useState(0);
  const audit = useAudit(page);
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

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
    <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative' }}>
      {audit.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
      <TableContainer>
        <Table size="small" aria-label="Audit log" sx={{ minWidth: compact ? 0 : 720 }}>
          <TableHead>
            <TableRow>
              {compact ? (
                <TableCell>Entry</TableCell>
              ) : (
                <>
                  <TableCell sx={{ width: 170 }}>Date</TableCell>
                  <TableCell>Actor</TableCell>
                  <TableCell>Action</TableCell>
                  <TableCell>Target</TableCell>
                  <TableCell>Details</TableCell>
                </>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {audit.data
              ? audit.data.data.map((entry) => <AuditRow key={entry.id} entry={entry} compact={compact} />)
              : [0, 1, 2, 3, 4].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={compact ? 1 : 5}>
                      <Skeleton height={24} />
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
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

function AuditRow({ entry, compact }: { entry: AuditEntry; compact: boolean }) {
  const actor = entry.actorName ? `${entry.actorName} #${entry.actorId}` : entry.actorId ? `#${entry.actorId}` : '—';
  const target = entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}`.trim() : (entry.targetId ?? '—');
  const action = <Chip size="small" label={entry.action} variant="outlined" sx={{ fontFamily: 'monospace' }} />;
  const details = <AuditDetails details={entry.details} />;
  if (compact) {
    return (
      <TableRow>
        <TableCell sx={{ py: 1.5 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
            {action}
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(entry.createdAt)}
            </Typography>
          </Box>
          <Typography variant="body2">
            {actor}{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              → {target}
            </Box>
          </Typography>
          {details}
        </TableCell>
      </TableRow>
    );
  }
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatDateTime(entry.createdAt)}</TableCell>
      <TableCell>{actor}</TableCell>
      <TableCell>{action}</TableCell>
      <TableCell>{target}</TableCell>
      <TableCell>{details}</TableCell>
    </TableRow>
  );
}

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
