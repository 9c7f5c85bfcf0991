import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import {
  type Message,
  MESSAGE_LIMITS,
  MESSAGE_STATUS_FILTERS,
  MESSAGE_TEXTS,
  MESSAGE_TYPE_LABELS,
  MESSAGE_TYPES,
  type MessageStatusFilter,
  type MessageType,
  TEXTS,
} from '@parlance/shared';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../../ui/AppLink';
import { PageContainer } from '../../../ui/PageContainer';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { toast } from '../../../ui/toast';
import { type MessagesView, useMailboxCatchUp, useMarkRead, useMessages } from '../api';
import { TablePager } from '../../../ui/TablePager';

const STATUS_LABELS: Record<MessageStatusFilter, string> = { all: 'All', unread: 'Unread', read: 'Read' };
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The filters and page live in the address, so a reload or a shared link shows the same box. */
function readView(params: URLSearchParams): MessagesView {
  const status = params.get('status') as MessageStatusFilter | null;
  const type = params.get('type') as MessageType | null;
  const limit = Number(params.get('limit'));
  const page = Number(params.get('page'));
  return {
    status: status && MESSAGE_STATUS_FILTERS.includes(status) ? status : 'all',
    type: type && MESSAGE_TYPES.includes(type) ? type : 'all',
    limit: (MESSAGE_LIMITS.pageSizeOptions as readonly number[]).includes(limit)
      ? limit
      : MESSAGE_LIMITS.defaultPageSize,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function writeView(view: MessagesView): URLSearchParams {
  const out = new URLSearchParams();
  if (view.status !== 'all') out.set('status', view.status);
  if (view.type !== 'all') out.set('type', view.type);
  if (view.limit !== MESSAGE_LIMITS.defaultPageSize) out.set('limit', String(view.limit));
  if (view.page > 1) out.set('page', String(view.page));
  return out;
}

/** /mbox: the user's messages, filtered by status and type, paged on the server, marked read in bulk. */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params), [params]);
  const messages = useMessages(view);
  useMailboxCatchUp();
  const markRead = useMarkRead();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [openId, setOpenId] = useState<number | null>(null);

  const go = (next: Partial<MessagesView>) => {
    setSelected(new Set());
    setParams(writeView({ ...view, page: 1, ...next }));
  };
  const rows = messages.data?.data ?? null;
  const filtered = view.status !== 'all' || view.type !== 'all';

  const markSelected = () => {
    if (selected.size === 0) {
      toast(MESSAGE_TEXTS.selectAtLeastOne, { variant: 'warning' });
      return;
    }
    markRead.mutate([...selected], {
      onSuccess: () => {
        setSelected(new Set());
        toast(MESSAGE_TEXTS.markedRead, { variant: 'success' });
      },
      onError: (err) => toast(err.message, { variant: 'error' }),
    });
  };

  const open = (m: Message) => {
    setOpenId(openId === m.id ? null : m.id);
    if (!m.read) markRead.mutate([m.id]);
  };

  const unread = messages.data?.unread;
  return (
    <PageContainer
      title="Messages"
      subtitle={unread === undefined ? ' ' : unread === 0 ? 'All caught up' : `${unread} unread`}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <SelectField
          size="small"
          label="Status"
          value={view.status}
          onChange={(e) => go({ status: e.target.value as MessageStatusFilter })}
          sx={{ minWidth: 140 }}
        >
          {MESSAGE_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          size="small"
          label="Type"
          value={view.type}
          onChange={(e) => go({ type: e.target.value as MessageType | 'all' })}
          sx={{ minWidth: 200 }}
        >
          <option value="all">All types</option>
          {MESSAGE_TYPES.map((t) => (
            <option key={t} value={t}>
              {MESSAGE_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="contained"
          startIcon={<MarkEmailReadOutlined />}
          onClick={markSelected}
          disabled={markRead.isPending}
        >
          Mark as read{selected.size > 0 ? ` (${selected.size})` : ''}
        </Button>
      </Box>

      {messages.error && !messages.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => messages.refetch()}>
              {TEXTS.retry}
            </Button>
          }
        >
          {messages.error.message}
        </Alert>
      ) : rows && rows.length === 0 && view.page === 1 ? (
        <Paper
          variant="outlined"
          sx={{ py: 6, px: 3, textAlign: 'center', color: 'text.secondary', borderStyle: 'dashed' }}
        >
          <InboxOutlined sx={{ fontSize: 40, color: 'action.active' }} />
          <Typography component="p" sx={{ color: 'text.primary', fontWeight: 600, mt: 1 }}>
            {filtered ? MESSAGE_TEXTS.emptyFiltered : MESSAGE_TEXTS.empty}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {filtered
              ? 'Try another status or type.'
              : 'Updates about your projects, discussions and payouts will appear here.'}
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative' }}>
          {messages.isFetching && (
            <LinearProgress aria-label="Loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
          )}
          <MessageTable rows={rows} selected={selected} onSelect={setSelected} openId={openId} onOpen={open} />
          <TablePager
            component="div"
            count={messages.data?.totalCount ?? 0}
            page={view.page - 1}
            onPageChange={(_, next) => {
              setSelected(new Set());
              setParams(writeView({ ...view, page: next + 1 }));
            }}
            rowsPerPage={view.limit}
            rowsPerPageOptions={[...MESSAGE_LIMITS.pageSizeOptions]}
            onRowsPerPageChange={(e) => go({ limit: Number(e.target.value) })}
          />
        </Paper>
      )}
    </PageContainer>
  );
}

function MessageTable({
  rows,
  selected,
  onSelect,
  openId,
  onOpen,
}: {
  rows: Message[] | null;
  selected: Set<number>;
  onSelect: (next: Set<number>) => void;
  openId: number | null;
  onOpen: (m: Message) => void;
}) {
  const all = rows !== null && rows.length > 0 && rows.every((m) => selected.has(m.id));
  const some = rows?.some((m) => selected.has(m.id)) ?? false;
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const columns: ListColumn<Message>[] = [
    {
      key: 'select',
      header: '',
      card: 'start',
      sx: { width: 48, verticalAlign: 'top', pt: 1, px: 0.5 },
      headSx: { display: 'none' },
      cell: (m) => (
        <Checkbox
          checked={selected.has(m.id)}
          onChange={() => toggle(m.id)}
          slotProps={{ input: { 'aria-label': `Select "${m.subject}"` } }}
        />
      ),
    },
    {
      key: 'message',
      header: 'Message',
      card: 'title',
      sx: { py: 1.25 },
      cell: (m) => <MessageCell message={m} open={openId === m.id} onOpen={onOpen} />,
    },
    {
      key: 'type',
      header: 'Type',
      headSx: { width: 160 },
      sx: { verticalAlign: 'top', pt: 1.5 },
      cell: (m) => <Chip size="small" label={m.typeLabel} variant="outlined" />,
    },
    {
      key: 'date',
      header: 'Date',
      headSx: { width: 200 },
      sx: { color: 'text.secondary', whiteSpace: 'nowrap', verticalAlign: 'top', pt: 1.5 },
      cell: (m) => dateTime.format(new Date(m.createdAt)),
    },
  ];
  return (
    <ResponsiveTable
      rows={rows ?? []}
      columns={columns}
      rowKey={(m) => m.id}
      label="Messages"
      loading={rows === null}
      placeholderRows={5}
      tableSx={{ tableLayout: 'fixed' }}
      rowProps={(m) => ({ selected: selected.has(m.id), 'data-testid': 'message-row' })}
      selectAll={
        <Checkbox
          checked={all}
          indeterminate={some && !all}
          disabled={!rows || rows.length === 0}
          onChange={() => onSelect(all ? new Set() : new Set(rows?.map((m) => m.id)))}
          slotProps={{ input: { 'aria-label': 'Select all messages on this page' } }}
        />
      }
    />
  );
}

/** The subject and text of a message, a button that opens it (the whole text and its link). */
function MessageCell({ message: m, open, onOpen }: { message: Message; open: boolean; onOpen: (m: Message) => void }) {
  return (
    <>
      <Box
        component="button"
        type="button"
        onClick={() => onOpen(m)}
        aria-expanded={open}
        sx={{
          all: 'unset',
          cursor: 'pointer',
          display: 'block',
          width: '100%',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', borderRadius: 0.5 },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {!m.read && (
            <Box
              component="span"
              aria-label="Unread"
              role="img"
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flex: 'none' }}
            />
          )}
          <Typography variant="body2" noWrap={!open} sx={{ fontWeight: m.read ? 400 : 700, minWidth: 0 }}>
            {m.subject}
          </Typography>
        </Box>
        <Typography
          variant="body2"
          color="text.secondary"
          noWrap={!open}
          sx={{ whiteSpace: open ? 'pre-wrap' : undefined, fontWeight: 400 }}
        >
          {m.body}
        </Typography>
      </Box>
      {open && m.link && (
        <Button component={AppLink} href={m.link} size="small" sx={{ mt: 0.5, ml: -1 }}>
          {m.link.startsWith('/project/') ? 'Open the project' : 'Open'}
        </Button>
      )}
    </>
  );
}
