import Add from '@mui/icons-material/Add';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { CREDIT_ACTION_LIMITS, type CreditAction, STAFF_TEXTS } from '@parlance/shared';
import { Fragment, Suspense, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { useParams, useSearchParams } from 'react-router';
import {
  useBackoffice,
  useCreditList,
  useParkedCredits,
  useSaveInvoice,
  useStopCreditAction,
  useUserDescription,
} from '../backoffice-api';
import { AccountManagerPanel } from '../components/AccountManagerPanel';
import { TwoStepResetPanel } from '../components/TwoStepResetPanel';
import { AdminPageLayout } from '../components/AdminPageLayout';
import { EmptyState } from '../../../ui/EmptyState';
import { formatDateTime } from '../../../ui/format';
import { formatValue, humanizeKey } from '../format';

// The credit action form (and MUI's dialog with it) loads when first opened, not with the page.
const CreditActionDialog = lazy(() =>
  import('../components/CreditActionDialog').then((m) => ({ default: m.CreditActionDialog })),
);
import { TablePager } from '../../../ui/TablePager';

const credits = new Intl.NumberFormat('en-US');

/** /admin/{id}: a user's back-office page, with the tabs GET /api/2/admin/backoffice allows. */
export default function BackofficeUserPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const backoffice = useBackoffice();
  const user = useUserDescription(id);
  const tabs = backoffice.data?.tabs ?? [];
  const tab = search.get('tab') ?? 'credits';

  return (
    <AdminPageLayout>
      {user.error ? (
        <Alert severity="error">{user.error.message}</Alert>
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'baseline' } }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
              {user.data ? user.data.UserName : <Skeleton width={200} />}
            </Typography>
            {user.data && (
              <Typography color="text.secondary">
                #{user.data.ID} · {user.data.eMail} · {user.data.type}
              </Typography>
            )}
          </Stack>
          {user.data?.type === 'customer' && <AccountManagerPanel uid={String(user.data.ID)} />}
          {user.data && user.data.type !== 'admin' && (
            <TwoStepResetPanel uid={user.data.ID} enabled={user.data.twoFactorEnabled} />
          )}
          <Tabs
            value={tabs.some((t) => t.id === tab) ? tab : false}
            onChange={(_, v) => setSearch({ tab: v }, { replace: true })}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="User back office"
            sx={{ mb: 2, '& .MuiTab-root': { textTransform: 'none' } }}
          >
            {tabs.map((t) => (
              <Tab key={t.id} value={t.id} label={t.label} />
            ))}
          </Tabs>
          {tab === 'credits' && (
            <CreditActionsTab uid={id} readOnly={tabs.find((t) => t.id === 'credits')?.readOnly ?? true} />
          )}
          {tab === 'parked' && <ParkedTab uid={id} isTranslator={user.data?.type === 'translator'} />}
          {tab === 'details' && user.data && <DetailsTab data={user.data as unknown as Record<string, unknown>} />}
          {tab === 'audit' && (
            <Typography color="text.secondary">
              Every staff change to this user is in the audit log (Admin → Audit log).
            </Typography>
          )}
        </>
      )}
    </AdminPageLayout>
  );
}

function DetailsTab({ data }: { data: Record<string, unknown> }) {
  return (
    <Paper variant="outlined">
      <Table size="small" aria-label="User details">
        <TableBody>
          {Object.entries(data).map(([k, v]) => (
            <TableRow key={k}>
              <TableCell component="th" sx={{ width: '35%', fontWeight: 600 }}>
                {humanizeKey(k)}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{formatValue(v)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function ParkedTab({ uid, isTranslator }: { uid: string; isTranslator: boolean }) {
  const parked = useParkedCredits(uid, isTranslator);
  if (!isTranslator) return <Typography color="text.secondary">Only translators have parked credits.</Typography>;
  if (parked.error) return <Alert severity="error">{parked.error.message}</Alert>;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {[
        ['Parked credits (not yet released)', parked.data?.parkedCredits],
        ['Available credits', parked.data?.available],
      ].map(([label, value]) => (
        <Paper key={String(label)} variant="outlined" sx={{ p: 2, flex: 1 }}>
          <Typography color="text.secondary" variant="body2">
            {label}
          </Typography>
          <Typography variant="h5">
            {value === undefined ? <Skeleton width={80} /> : credits.format(Number(value))}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}

function CreditActionsTab({ uid, readOnly }: { uid: string; readOnly: boolean }) {
  const [page, setPage] = useState(0);
  const list = useCreditList(uid, page);
  const [dialog, setDialog] = useState<{ action: CreditAction | null } | null>(null);
  const [invoiceFor, setInvoiceFor] = useState<CreditAction | null>(null);
  const [saved, setSaved] = useState('');
  const stop = useStopCreditAction(uid);
  const canWrite = !readOnly && list.data?.canWrite !== false;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography>
          Balance: <strong>{list.data ? `${credits.format(list.data.balance)} credits` : '…'}</strong>
        </Typography>
        <Box sx={{ flex: 1 }} />
        {canWrite && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ action: null })}>
            New credit action
          </Button>
        )}
      </Stack>
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {STAFF_TEXTS.readOnly}
        </Alert>
      )}
      {saved && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSaved('')}>
          {saved}
        </Alert>
      )}
      {stop.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {stop.error.message}
        </Alert>
      )}
      {list.error && !list.data ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : list.data && list.data.totalCount === 0 ? (
        <EmptyState
          icon={<Add sx={{ fontSize: 40, color: 'action.active' }} />}
          title="No credit actions yet"
          hint="Credit actions staff take on this user's credits appear here."
        />
      ) : (
        <Paper variant="outlined" sx={{ position: 'relative', overflowX: 'auto' }}>
          {narrow && list.data && (
            <Stack
              divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}
              aria-label="Credit actions"
              role="list"
            >
              {list.data.results.map((a) => (
                <CreditCard
                  key={a.Id}
                  action={a}
                  canWrite={canWrite}
                  onEdit={() => setDialog({ action: a })}
                  onInvoice={() => setInvoiceFor(a)}
                  onStop={() => stop.mutate(a.Id, { onSuccess: () => setSaved('The recurring action is stopped') })}
                />
              ))}
            </Stack>
          )}
          {list.isFetching && (
            <LinearProgress aria-label="Loading" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
          )}
          <Table size="small" aria-label="Credit actions" sx={{ minWidth: 720, display: narrow ? 'none' : undefined }}>
            <TableHead>
              <TableRow>
                <TableCell />
                <TableCell>Id</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Operator</TableCell>
                <TableCell>Remarks</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data?.results ?? []).map((a) => (
                <CreditRow
                  key={a.Id}
                  action={a}
                  canWrite={canWrite}
                  onEdit={() => setDialog({ action: a })}
                  onInvoice={() => setInvoiceFor(a)}
                  onStop={() => stop.mutate(a.Id, { onSuccess: () => setSaved('The recurring action is stopped') })}
                />
              ))}
              {!list.data &&
                [0, 1, 2].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={9}>
                      <Skeleton />
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
            rowsPerPage={CREDIT_ACTION_LIMITS.pageSize}
            rowsPerPageOptions={[CREDIT_ACTION_LIMITS.pageSize]}
          />
        </Paper>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <CreditActionDialog
            uid={uid}
            action={dialog.action}
            onClose={(ok) => {
              setDialog(null);
              if (ok) setSaved('Credit action saved');
            }}
          />
        </Suspense>
      )}
      {invoiceFor && <InvoiceDialog uid={uid} action={invoiceFor} onClose={() => setInvoiceFor(null)} />}
    </Box>
  );
}

function CreditRow({
  action: a,
  canWrite,
  onEdit,
  onInvoice,
  onStop,
}: {
  action: CreditAction;
  canWrite: boolean;
  onEdit: () => void;
  onInvoice: () => void;
  onStop: () => void;
}) {
  const [open, setOpen] = useState(false);
  const running = a.recurrence !== 'none' && !a.stoppedAt;
  return (
    <Fragment>
      <TableRow hover>
        <TableCell padding="checkbox">
          {a.childActions.length > 0 && (
            <IconButton
              size="small"
              aria-label={
                open ? `Hide child actions of ${a.Id}` : `Show ${a.childActions.length} child actions of ${a.Id}`
              }
              onClick={() => setOpen(!open)}
            >
              {open ? <ExpandLess /> : <ExpandMore />}
            </IconButton>
          )}
        </TableCell>
        <TableCell>{a.Id}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.createdAt)}</TableCell>
        <TableCell>
          {a.typeLabel}
          {a.recurrence !== 'none' && (
            <Chip
              size="small"
              sx={{ ml: 1 }}
              label={a.stoppedAt ? 'stopped' : a.recurrence}
              color={running ? 'primary' : 'default'}
            />
          )}
        </TableCell>
        <TableCell>{a.reason}</TableCell>
        <TableCell align="right" sx={{ color: a.amount < 0 ? 'error.main' : 'success.dark', fontWeight: 600 }}>
          {a.amount > 0 ? '+' : ''}
          {credits.format(a.amount)}
        </TableCell>
        <TableCell>{a.operatorName ?? '—'}</TableCell>
        <TableCell sx={{ maxWidth: 220, wordBreak: 'break-word' }}>
          {a.Remarks || '—'}
          {a.invoiceId && (
            <Typography variant="caption" component="div" color="text.secondary">
              Invoice {a.invoiceId}
            </Typography>
          )}
        </TableCell>
        <TableCell>
          <Stack sx={{ alignItems: 'flex-start' }}>
            {canWrite && a.editable && (
              <Button size="small" onClick={onEdit}>
                Edit
              </Button>
            )}
            {canWrite && a.canSaveInvoice && (
              <Button size="small" onClick={onInvoice}>
                Invoice
              </Button>
            )}
            {canWrite && running && (
              <Button size="small" color="warning" onClick={onStop}>
                Stop
              </Button>
            )}
          </Stack>
        </TableCell>
      </TableRow>
      {open &&
        a.childActions.map((c) => (
          <TableRow key={c.Id} sx={{ bgcolor: 'action.hover' }}>
            <TableCell />
            <TableCell>↳ {c.Id}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.createdAt)}</TableCell>
            <TableCell>{c.typeLabel}</TableCell>
            <TableCell>{c.reason}</TableCell>
            <TableCell align="right">
              {c.amount > 0 ? '+' : ''}
              {credits.format(c.amount)}
            </TableCell>
            <TableCell>{c.operatorName ?? '—'}</TableCell>
            <TableCell colSpan={2}>{c.Remarks || '—'}</TableCell>
          </TableRow>
        ))}
    </Fragment>
  );
}

/** One credit action as a card (narrow screens), with its child actions below it. */
function CreditCard({
  action: a,
  canWrite,
  onEdit,
  onInvoice,
  onStop,
}: {
  action: CreditAction;
  canWrite: boolean;
  onEdit: () => void;
  onInvoice: () => void;
  onStop: () => void;
}) {
  const running = a.recurrence !== 'none' && !a.stoppedAt;
  return (
    <Box role="listitem" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 600 }}>
          #{a.Id} {a.typeLabel}
        </Typography>
        <Typography sx={{ fontWeight: 700, color: a.amount < 0 ? 'error.main' : 'success.dark' }}>
          {a.amount > 0 ? '+' : ''}
          {credits.format(a.amount)}
        </Typography>
      </Stack>
      <Typography variant="body2">{a.reason}</Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(a.createdAt)} · {a.operatorName ?? '—'}
        {a.recurrence !== 'none' ? ` · ${a.stoppedAt ? 'stopped' : a.recurrence}` : ''}
      </Typography>
      {a.Remarks && <Typography variant="body2">{a.Remarks}</Typography>}
      {a.invoiceId && (
        <Typography variant="body2" color="text.secondary">
          Invoice {a.invoiceId}
        </Typography>
      )}
      {a.childActions.map((c) => (
        <Typography key={c.Id} variant="body2" color="text.secondary" sx={{ pl: 2 }}>
          ↳ #{c.Id} {c.reason} {c.amount > 0 ? '+' : ''}
          {credits.format(c.amount)} · {formatDateTime(c.createdAt)}
        </Typography>
      ))}
      {canWrite && (a.editable || a.canSaveInvoice || running) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          {a.editable && (
            <Button size="small" variant="outlined" onClick={onEdit}>
              Edit
            </Button>
          )}
          {a.canSaveInvoice && (
            <Button size="small" variant="outlined" onClick={onInvoice}>
              Invoice
            </Button>
          )}
          {running && (
            <Button size="small" variant="outlined" color="warning" onClick={onStop}>
              Stop
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}

function InvoiceDialog({ uid, action, onClose }: { uid: string; action: CreditAction; onClose: () => void }) {
  const [invoiceId, setInvoiceId] = useState(action.invoiceId ?? '');
  const save = useSaveInvoice(uid);
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ creditActionId: action.Id, invoiceId: invoiceId.trim() }, { onSuccess: onClose });
      }}
      sx={{ mt: 2 }}
    >
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography sx={{ mb: 1, fontWeight: 600 }}>Invoice for credit action #{action.Id}</Typography>
        {save.error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {save.error.message}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Field
            size="small"
            label="Invoice id"
            value={invoiceId}
            onChange={(e) => setInvoiceId(e.target.value)}
            required
          />
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save invoice
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </Stack>
      </Paper>
    </Box>
  );
}
