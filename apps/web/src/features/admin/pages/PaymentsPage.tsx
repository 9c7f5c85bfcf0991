import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import { LIMITS, PAYMENT_STATUSES, type PaymentStatus } from '@parlance/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { formatCredits } from '../../../ui/money';
import { toast } from '../../../ui/toast';
import {
  ADMIN_PAGE_SIZE,
  type AdminPayment,
  actOnPayment,
  type PaymentAction,
  type PaymentsFilter,
  usePayments,
} from '../api';
import { usePermission } from '../../../app/current-user';
import { AdminPageLayout } from '../components/AdminPageLayout';
import { EmptyState } from '../../../ui/EmptyState';
import { PAYMENT_STATUS_LABELS, PaymentStatusChip } from '../components/PaymentStatusChip';
import { formatDateTime } from '../../../ui/format';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { QueryState } from '../../../ui/QueryState';
import { adminKeys } from '../keys';
import { formatUsd } from '../../../ui/money';
import { TablePager } from '../../../ui/TablePager';

// The confirmation (and MUI's dialog with it) loads when first asked for, not with the page.
const PaymentActionDialog = lazy(() =>
  import('../components/PaymentActionDialog').then((m) => ({ default: m.PaymentActionDialog })),
);

// /admin/payments: every payment, with the wire transfers still waiting for their money shown first
// (the default filter). An admin marks a transfer received when it shows on the bank statement, or
// cancels a payment that will never come.

const METHOD_LABELS: Record<AdminPayment['method'], string> = {
  card: 'Card',
  saved_card: 'Saved card',
  wire: 'Wire transfer',
};

/** The screen opens on the work to do: wire transfers waiting for their money. */
export const WAITING_WIRES: PaymentsFilter = { status: 'pending', method: 'wire' };

/** Shows "All statuses" / "All methods" (the empty value) instead of an empty box. */
const ALL_VISIBLE = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

function isOpen(p: AdminPayment): boolean {
  return p.status === 'pending' || p.status === 'requires_action';
}

export default function PaymentsPage() {
  const [filter, setFilter] = useState<PaymentsFilter>(WAITING_WIRES);
  const [page, setPage] = useState(0);
  const [pending, setPending] = useState<{ payment: AdminPayment; action: PaymentAction } | null>(null);
  const payments = usePayments(filter, page);
  const canWrite = usePermission('credits.write');
  const queryClient = useQueryClient();

  const act = useMutation({
    mutationFn: ({ payment, action }: { payment: AdminPayment; action: PaymentAction }) =>
      actOnPayment(payment.key, action),
    onSuccess: (done, { action }) => {
      toast(
        action === 'received'
          ? `Marked received: ${formatCredits(done.amountCredits)} added to ${done.user.name}'s balance.`
          : `Payment of ${done.user.name} cancelled.`,
        { variant: 'success', autoHideDuration: LIMITS.adminToastMs },
      );
      setPending(null);
    },
    onError: (err) => toast(err.message, { variant: 'error' }),
    // whatever happened (also a 409: someone else was faster), the list must show the truth
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.payments() }),
  });

  function changeFilter(next: Partial<PaymentsFilter>) {
    setFilter((f) => ({ ...f, ...next }));
    setPage(0);
  }

  function ask(payment: AdminPayment, action: PaymentAction) {
    act.reset();
    setPending({ payment, action });
  }

  const waitingView = filter.status === WAITING_WIRES.status && filter.method === WAITING_WIRES.method;

  return (
    <AdminPageLayout>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Card payments settle by themselves. A wire transfer waits here until you see the money on the bank statement and
        mark it received; only then does the customer get the credits.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2 }} aria-label="Filter payments">
        <SelectField
          size="small"
          label="Status"
          value={filter.status}
          onChange={(e) => changeFilter({ status: e.target.value as PaymentStatus | '' })}
          sx={{ minWidth: 200 }}
          slotProps={ALL_VISIBLE}
        >
          <option value="">All statuses</option>
          {PAYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAYMENT_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          size="small"
          label="Method"
          value={filter.method}
          onChange={(e) => changeFilter({ method: e.target.value as PaymentsFilter['method'] })}
          sx={{ minWidth: 200 }}
          slotProps={ALL_VISIBLE}
        >
          <option value="">All methods</option>
          {(Object.keys(METHOD_LABELS) as AdminPayment['method'][]).map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </SelectField>
        {!waitingView && (
          <Button onClick={() => changeFilter(WAITING_WIRES)} sx={{ alignSelf: { sm: 'center' } }}>
            Show waiting transfers
          </Button>
        )}
      </Stack>
      <QueryState
        query={payments}
        isEmpty={(d) => d.totalCount === 0}
        framePadding={{ p: { xs: 1, lg: 0 } }}
        empty={
          <EmptyState
            icon={<PaymentsOutlined sx={{ fontSize: 40, color: 'action.active' }} />}
            title={waitingView ? 'No wire transfers are waiting' : 'No payments match these filters'}
            hint={
              waitingView
                ? 'When a customer chooses a wire transfer, it shows here until you mark it received.'
                : 'Choose another status or method.'
            }
          />
        }
      >
        {(data) => (
          <>
            <PaymentsTable payments={data?.data ?? null} onAct={ask} canWrite={canWrite} />
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
      {pending && (
        <Suspense fallback={null}>
          <PaymentActionDialog
            payment={pending.payment}
            action={pending.action}
            busy={act.isPending}
            error={act.error?.message ?? null}
            onConfirm={() => act.mutate(pending)}
            onClose={() => setPending(null)}
          />
        </Suspense>
      )}
    </AdminPageLayout>
  );
}

function PaymentsTable({
  canWrite,
  payments,
  onAct,
}: {
  payments: AdminPayment[] | null;
  onAct: (p: AdminPayment, action: PaymentAction) => void;
  /** finance staff (credits.write); others read the list only */
  canWrite: boolean;
}) {
  const columns: ListColumn<AdminPayment>[] = [
    {
      key: 'date',
      header: 'Date',
      headSx: { width: 140 },
      sx: { color: 'text.secondary' },
      cell: (p) => formatDateTime(p.createdAt),
    },
    {
      key: 'customer',
      header: 'Customer',
      card: 'title',
      cell: (p) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={p.user.name}>
            {p.user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap title={p.user.email}>
            {p.user.email}
          </Typography>
        </>
      ),
    },
    {
      key: 'method',
      header: 'Method',
      headSx: { width: 160 },
      cell: (p) => (
        <>
          <Typography variant="body2">{METHOD_LABELS[p.method]}</Typography>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ fontFamily: 'monospace' }}>
            {p.method === 'wire' ? p.reference : p.cardLast4 ? `•••• ${p.cardLast4}` : ''}
          </Typography>
        </>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      headSx: { width: 120 },
      cell: (p) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {formatUsd(p.totalCredits)}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {formatCredits(p.amountCredits)}
            {p.vatCredits > 0 ? ` + VAT ${formatUsd(p.vatCredits)}` : ''}
          </Typography>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      card: 'end',
      headSx: { width: 130 },
      cell: (p) => <PaymentStatusChip status={p.status} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      label: '',
      align: 'right',
      headSx: { width: 220 },
      cell: (p) =>
        isOpen(p) && canWrite ? (
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {p.method === 'wire' && p.status === 'pending' && (
              <Button
                size="small"
                variant="contained"
                onClick={() => onAct(p, 'received')}
                sx={{ whiteSpace: 'nowrap' }}
              >
                Mark received
              </Button>
            )}
            <Button size="small" variant="outlined" color="error" onClick={() => onAct(p, 'cancel')}>
              Cancel
            </Button>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {p.invoiceId !== null ? `Invoice #${p.invoiceId}` : '—'}
          </Typography>
        ),
    },
  ];
  return (
    <ResponsiveTable
      rows={payments ?? []}
      columns={columns}
      rowKey={(p) => p.key}
      label="Payments"
      loading={payments === null}
      placeholderRows={5}
      cardsBelow="lg"
      tableSx={{ tableLayout: 'fixed' }}
      rowProps={(p) => ({ 'data-testid': `payment-${p.key}` })}
    />
  );
}
