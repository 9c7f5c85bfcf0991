import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { STAFF_TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { ADMIN_PAGE_SIZE, type OutboxMessage, useOutbox } from '../api';
import { AdminPageLayout } from '../components/AdminPageLayout';
import { EmptyState } from '../../../ui/EmptyState';
import { OutboxStatusChip } from '../components/OutboxStatusChip';
import { formatDateTime } from '../../../ui/format';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { QueryState } from '../../../ui/QueryState';
import { TablePager } from '../../../ui/TablePager';
import { OnDemand } from '../../../ui/OnDemand';

// The message dialog (Modal and DOMPurify, about 18 kB gzipped) loads when a message is first opened.
const OutboxMessageDialog = lazy(() =>
  import('../components/OutboxMessageDialog').then((m) => ({ default: m.OutboxMessageDialog })),
);

/** one line cut with an ellipsis in the table; the whole text, wrapped, on a card (below md) */
const WRAP_ON_CARDS = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: { xs: 'normal', md: 'nowrap' },
  overflowWrap: 'anywhere',
} as const;

/**
 * /admin/outbox: every mail the app wrote, newest first; how the demo reads its mails. Only for
 * outbox.read (the route table); links and codes that sign someone in come masked, and it says so.
 */
export default function OutboxPage() {
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const outbox = useOutbox(page);

  return (
    <AdminPageLayout>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Every e-mail the app sends is kept here, newest first. Open one to read it and follow its links.
      </Typography>
      <QueryState
        query={outbox}
        isEmpty={(d) => d.totalCount === 0}
        framePadding={{ p: { xs: 1, md: 0 } }}
        empty={
          <EmptyState
            icon={<MarkEmailReadOutlined sx={{ fontSize: 40, color: 'action.active' }} />}
            title="The outbox is empty"
            hint="Mails such as password-reset links appear here as soon as they are sent."
          />
        }
      >
        {(data) => (
          <>
            {data?.data.some((m) => m.secretsHidden) && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {STAFF_TEXTS.outboxSecretsHidden}
              </Alert>
            )}
            <OutboxTable messages={data?.data ?? null} onOpen={setOpen} />
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
      <OnDemand when={open !== null}>
        <OutboxMessageDialog message={open} onClose={() => setOpen(null)} />
      </OnDemand>
    </AdminPageLayout>
  );
}

function OutboxTable({ messages, onOpen }: { messages: OutboxMessage[] | null; onOpen: (m: OutboxMessage) => void }) {
  const columns: ListColumn<OutboxMessage>[] = [
    {
      key: 'date',
      header: 'Date',
      headSx: { width: 190 },
      sx: { color: 'text.secondary', whiteSpace: 'nowrap' },
      cell: (m) => formatDateTime(m.createdAt),
    },
    {
      key: 'to',
      header: 'To',
      headSx: { width: '28%' },
      cell: (m) => (
        <Typography variant="body2" title={m.to} sx={WRAP_ON_CARDS}>
          {m.to}
        </Typography>
      ),
    },
    {
      key: 'subject',
      header: 'Subject',
      card: 'title',
      cell: (m) => <SubjectLink message={m} onOpen={onOpen} />,
    },
    {
      key: 'status',
      header: 'Status',
      card: 'end',
      headSx: { width: 110 },
      cell: (m) => <OutboxStatusChip status={m.status} />,
    },
  ];
  return (
    <ResponsiveTable
      rows={messages ?? []}
      columns={columns}
      rowKey={(m) => m.id}
      label="Outbox"
      loading={messages === null}
      placeholderRows={5}
      cardsBelow="md"
      tableSx={{ tableLayout: 'fixed' }}
      onRowClick={onOpen}
    />
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
          ...WRAP_ON_CARDS,
        }}
      >
        {message.subject || '(no subject)'}
      </Link>
    </Box>
  );
}
