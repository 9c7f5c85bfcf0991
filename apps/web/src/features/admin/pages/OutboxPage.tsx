import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { ADMIN_PAGE_SIZE, type OutboxMessage, useOutbox } from '../api';
import { AdminPageLayout } from '../components/AdminPageLayout';
import { EmptyState } from '../components/EmptyState';
import { OutboxMessageDialog } from '../components/OutboxMessageDialog';
import { OutboxStatusChip } from '../components/OutboxStatusChip';
import { formatDateTime } from '../../../ui/format';

/** /admin/outbox: every mail the app wrote, newest first; how the demo reads its mails. */
export default function OutboxPage() {
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const outbox = useOutbox(page);

  return (
    <AdminPageLayout>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Every e-mail the app sends is kept here, newest first. Open one to read it and follow its links.
      </Typography>
      {outbox.error && !outbox.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => outbox.refetch()}>
              {TEXTS.retry}
            </Button>
          }
        >
          {outbox.error.message}
        </Alert>
      ) : outbox.data && outbox.data.totalCount === 0 ? (
        <EmptyState
          icon={<MarkEmailReadOutlined sx={{ fontSize: 40, color: 'action.active' }} />}
          title="The outbox is empty"
          hint="Mails such as password-reset links appear here as soon as they are sent."
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative' }}>
          {outbox.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
          <OutboxTable messages={outbox.data?.data ?? null} onOpen={setOpen} />
          <TablePagination
            component="div"
            count={outbox.data?.totalCount ?? 0}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={ADMIN_PAGE_SIZE}
            rowsPerPageOptions={[ADMIN_PAGE_SIZE]}
          />
        </Paper>
      )}
      <OutboxMessageDialog message={open} onClose={() => setOpen(null)} />
    </AdminPageLayout>
  );
}

function OutboxTable({ messages, onOpen }: { messages: OutboxMessage[] | null; onOpen: (m: OutboxMessage) => void }) {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const columns = compact ? 2 : 4;
  return (
    <Table size="small" aria-label="Outbox" sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          {compact ? (
            <>
              <TableCell>Message</TableCell>
              <TableCell sx={{ width: 96 }}>Status</TableCell>
            </>
          ) : (
            <>
              <TableCell sx={{ width: 190 }}>Date</TableCell>
              <TableCell sx={{ width: '28%' }}>To</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell sx={{ width: 110 }}>Status</TableCell>
            </>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {messages === null
          ? [0, 1, 2, 3, 4].map((i) => (
              <TableRow key={i}>
                <TableCell colSpan={columns}>
                  <Skeleton height={24} />
                </TableCell>
              </TableRow>
            ))
          : messages.map((m) => (
              <TableRow key={m.id} hover onClick={() => onOpen(m)} sx={{ cursor: 'pointer' }}>
                {compact ? (
                  <TableCell>
                    <SubjectLink message={m} onOpen={onOpen} />
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {m.to}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatDateTime(m.createdAt)}
                    </Typography>
                  </TableCell>
                ) : (
                  <>
                    <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                      {formatDateTime(m.createdAt)}
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2" noWrap title={m.to}>
                        {m.to}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <SubjectLink message={m} onOpen={onOpen} />
                    </TableCell>
                  </>
                )}
                <TableCell>
                  <OutboxStatusChip status={m.status} />
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}

/** The row's keyboard-reachable control; a click anywhere on the row does the same. */
function SubjectLink({ message, onOpen }: { message: OutboxMessage; onOpen: (m: OutboxMessage) => void }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Link
        component="button"
        type="button"
        variant="body2"
        underline="hover"
        onClick={(e) => {
          e.stopPropagation();
          onOpen(message);
        }}
        sx={{
          fontWeight: 600,
          textAlign: 'left',
          display: 'block',
          maxWidth: '100%',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {message.subject || '(no subject)'}
      </Link>
    </Box>
  );
}
