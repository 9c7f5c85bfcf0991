import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import {
  MODERATION_LIMITS,
  MODERATION_REASON_LABELS,
  MODERATION_STATUSES,
  type ModerationItem,
  type ModerationReason,
  type ModerationStatus,
} from '@parlance/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { messageOf } from '../../../app/http';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { AdminPageLayout } from '../components/AdminPageLayout';
import { EmptyState } from '../../../ui/EmptyState';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { type ModerationFilters, useDecide, useModeration, useModerations } from '../moderation-api';
import { TablePager } from '../../../ui/TablePager';

/** The table's columns; below 600 px each row is a card (title, status at the top right, then fields). */
function moderationColumns(open: (id: number) => void): ListColumn<ModerationItem>[] {
  return [
    { key: 'date', header: 'Date', cell: (m) => when(m.createdAt), sx: { whiteSpace: 'nowrap' } },
    {
      key: 'title',
      header: 'Title',
      card: 'title',
      cell: (m) => (
        <Link
          component="button"
          type="button"
          onClick={() => open(m.id)}
          sx={{ textAlign: 'left', fontWeight: 'inherit' }}
        >
          {m.title}
        </Link>
      ),
    },
    { key: 'language', header: 'Language', cell: (m) => m.language },
    {
      key: 'author',
      header: 'Author',
      cell: (m) => (
        <>
          {m.author.name}
          <Typography variant="caption" color="text.secondary" component="div">
            {m.author.externalId}
          </Typography>
        </>
      ),
    },
    {
      key: 'reasons',
      header: 'Reasons',
      cell: (m) => m.reasons.map((r) => MODERATION_REASON_LABELS[r.type]).join(', '),
    },
    { key: 'status', header: 'Status', card: 'end', cell: (m) => <StatusChip status={m.status} /> },
  ];
}

const STATUS_LABELS: Record<ModerationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};
const STATUS_COLORS = { pending: 'warning', approved: 'success', declined: 'error' } as const;

/** A local calendar date (YYYY-MM-DD) some days before today. */
function daysAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function StatusChip({ status }: { status: ModerationStatus }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLORS[status]} label={STATUS_LABELS[status]} />;
}

function reasonText(r: ModerationReason): string {
  return `${MODERATION_REASON_LABELS[r.type]}: ${r.match}${r.language ? ` (${r.language})` : ''}`;
}

/** /admin/moderation: held messages, newest first, paged on the server; a row opens the message and the decision. */
export default function ModerationPage() {
  const [status, setStatus] = useState<'' | ModerationStatus>('');
  const [from, setFrom] = useState(() => daysAgo(MODERATION_LIMITS.defaultRangeDays));
  const [to, setTo] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(MODERATION_LIMITS.tableDefaultPageSize);
  const [openId, setOpenId] = useState<number | null>(null);
  const debouncedQ = useDebouncedValue(q, 300);
  const filters: ModerationFilters = { status, from, to, q: debouncedQ, page, perPage };
  const list = useModerations(filters);
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <AdminPageLayout>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        Messages held because they contain a banned word or contact details. Approve to deliver a message; decline to
        keep it hidden (the author is told).
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => resetPage(setStatus)(e.target.value as '' | ModerationStatus)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 160 }}
        >
          <option value="">All statuses</option>
          {MODERATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <Field
          type="date"
          label="From"
          value={from}
          onChange={(e) => resetPage(setFrom)(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Field
          type="date"
          label="To"
          value={to}
          onChange={(e) => resetPage(setTo)(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Field
          type="search"
          label="Search"
          placeholder="Title, language, status or author id"
          value={q}
          onChange={(e) => resetPage(setQ)(e.target.value)}
          sx={{ flex: 1, minWidth: 200 }}
        />
      </Stack>
      {list.error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => list.refetch()}>
              Retry
            </Button>
          }
        >
          {messageOf(list.error)}
        </Alert>
      )}
      {list.isPending ? (
        <Skeleton variant="rounded" height={320} />
      ) : list.data && list.data.total === 0 ? (
        <EmptyState title="No messages on moderation" hint="Nothing matches these filters. Try a wider date range." />
      ) : list.data ? (
        <Paper variant="outlined">
          <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, p: { xs: 1, sm: 0 } }}>
            <ResponsiveTable
              label="Messages on moderation"
              rows={list.data.rows}
              rowKey={(m) => m.id}
              columns={moderationColumns(setOpenId)}
            />
          </Box>
          <TablePager
            component="div"
            count={list.data.total}
            page={Math.max(0, list.data.page - 1)}
            onPageChange={(_, p) => setPage(p + 1)}
            rowsPerPage={perPage}
            rowsPerPageOptions={[...MODERATION_LIMITS.tablePageSizes]}
            onRowsPerPageChange={(e) => resetPage(setPerPage)(Number(e.target.value))}
          />
        </Paper>
      ) : null}
      <ModerationDialog id={openId} onClose={() => setOpenId(null)} />
    </AdminPageLayout>
  );
}

function ModerationDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const item = useModeration(id);
  const decide = useDecide();
  const m: ModerationItem | undefined = item.data;
  const close = () => {
    decide.reset();
    onClose();
  };
  return (
    <Dialog open={id !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="moderation-dialog-title">
      <DialogTitle id="moderation-dialog-title">Message on moderation</DialogTitle>
      <DialogContent dividers>
        {item.error ? (
          <Alert severity="error">{messageOf(item.error)}</Alert>
        ) : !m ? (
          <Skeleton variant="rounded" height={200} />
        ) : (
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <StatusChip status={m.status} />
              <Typography variant="body2" color="text.secondary">
                {[m.title, m.language, when(m.createdAt)].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            <Typography variant="body2">
              By {m.author.name} ({m.author.externalId}, {m.author.email})
            </Typography>
            <Paper
              variant="outlined"
              sx={{ p: 2, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            >
              {m.message}
            </Paper>
            <Box>
              <Typography variant="subtitle2" component="h2">
                Reasons
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {m.reasons.map((r) => (
                  <li key={`${r.type}-${r.match}`}>
                    <Typography variant="body2">{reasonText(r)}</Typography>
                  </li>
                ))}
              </Box>
            </Box>
            <Link component={RouterLink} to={m.link}>
              {m.source === 'blendTalk' ? 'Open the message in the chat' : 'Open the message in the project'}
            </Link>
            <Box>
              <Typography variant="subtitle2" component="h2">
                History
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {m.history.map((h) => (
                  <li key={`${h.status}-${h.createdAt}`}>
                    <Typography variant="body2">
                      {STATUS_LABELS[h.status]} · {when(h.createdAt)}
                      {h.actor ? ` · ${h.actor.name}` : ''}
                    </Typography>
                  </li>
                ))}
              </Box>
            </Box>
            {decide.error && <Alert severity="error">{messageOf(decide.error)}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {m && (
          <>
            <Button
              color="error"
              variant="outlined"
              // a decision is final (the server answers 409 to a second one): both wait for a held message
              disabled={decide.isPending || decided(m.status)}
              onClick={() => decide.mutate({ id: m.id, status: 'declined' })}
            >
              Decline
            </Button>
            <Button
              color="success"
              variant="contained"
              disabled={decide.isPending || decided(m.status)}
              onClick={() => decide.mutate({ id: m.id, status: 'approved' })}
            >
              Approve
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Approved and declined are final: the moderation table refuses any later decision. */
function decided(status: string): boolean {
  return status === 'approved' || status === 'declined';
}
