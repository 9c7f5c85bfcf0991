import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import {
  PAYOUT_AMOUNT_LABELS,
  PAYOUT_METHOD_LABELS,
  PAYOUT_TEXTS,
  type Payout,
  type PayoutMethod,
  payoutAmountProblem,
  payoutFee,
  TEXTS,
} from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { PageContainer } from '../../../ui/PageContainer';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { PAYOUTS_PER_PAGE, selfBillingUrl, useCancelPayout, usePayouts, useRequestPayout } from '../api';
import { PayoutMethodsSection } from '../PayoutMethodsSection';
import { PayoutStatusChip } from '../../../ui/PayoutStatusChip';
import { formatUsd } from '../../../ui/money';
import { TablePager } from '../../../ui/TablePager';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 150 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
    </Paper>
  );
}

/** /balance: the translator's available credits, a payout request by a method on file, and the requests. */
export default function BalancePage() {
  const [page, setPage] = useState(1);
  const payouts = usePayouts(page);
  const ask = useRequestPayout();
  const cancel = useCancelPayout();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PayoutMethod | ''>('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<string | null>(null);
  const data = payouts.data;
  // payouts go only to methods that are active (a Payoneer account waits for approval) and that are
  // connected to a provider on this server (what is not connected is not offered)
  const unconnected = new Set((data?.rails ?? []).filter((r) => r.rail === 'not_connected').map((r) => r.method));
  const methods = (data?.methods ?? []).filter((m) => m.status === 'active' && !unconnected.has(m.method));
  const chosen = method || methods[0]?.method || '';
  const typed = amount.trim();
  const credits = /^\d+(\.\d{1,2})?$/.test(typed) ? Math.round(Number(typed) * 100) : Number.NaN;
  // the server's rule, checked as the amount is typed; nothing to say about an empty field
  const problem = typed === '' || !chosen || !data ? null : payoutAmountProblem(credits, chosen, data.available);
  const valid = typed !== '' && problem === null;
  const fee = chosen && valid ? payoutFee(chosen, credits) : 0;
  const payoutColumns: ListColumn<Payout>[] = [
    {
      key: 'requested',
      header: 'Requested',
      sx: { whiteSpace: 'nowrap' },
      cell: (p) => dateFormat.format(new Date(p.createdAt)),
    },
    {
      key: 'amount',
      header: PAYOUT_AMOUNT_LABELS.gross,
      card: 'title',
      align: 'right',
      cell: (p) => formatUsd(p.amount),
    },
    { key: 'fee', header: PAYOUT_AMOUNT_LABELS.fee, align: 'right', cell: (p) => formatUsd(p.fee) },
    {
      key: 'net',
      header: PAYOUT_AMOUNT_LABELS.net,
      align: 'right',
      sx: { fontWeight: 600 },
      cell: (p) => formatUsd(p.amount - p.fee),
    },
    { key: 'method', header: 'Method', cell: (p) => PAYOUT_METHOD_LABELS[p.method] },
    {
      key: 'target',
      header: 'Target date',
      sx: { whiteSpace: 'nowrap' },
      cell: (p) => dateFormat.format(new Date(`${p.targetDate}T12:00:00Z`)),
    },
    {
      key: 'status',
      header: 'Status',
      card: 'end',
      cell: (p) => <PayoutStatusChip status={p.status} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      label: '',
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      cell: (p) => (
        <>
          {p.status === 'pending' && (
            <Button size="small" disabled={cancel.isPending} onClick={() => cancel.mutate(p.id)}>
              Cancel
            </Button>
          )}
          {p.status === 'paid' && (
            <Button size="small" href={selfBillingUrl(p.id)} target="_blank" rel="noopener">
              Invoice
            </Button>
          )}
        </>
      ),
    },
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen || !valid) return;
    setDone(null);
    ask.mutate(
      { amount: credits, method: chosen, key },
      {
        onSuccess: (p) => {
          setDone(
            `Payout of ${formatUsd(p.amount)} requested; target date ${dateFormat.format(new Date(p.targetDate))}.`,
          );
          setAmount('');
          setKey(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <PageContainer title="My Balance" subtitle="Your available credits and your payouts.">
      {payouts.error && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => payouts.refetch()}>
              {TEXTS.retry}
            </Button>
          }
        >
          {payouts.error.message}
        </Alert>
      ) : !data ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <Stack spacing={3}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Figure label="Available" value={formatUsd(data.available)} />
            <Figure label="Payout pending" value={formatUsd(data.pending)} />
          </Stack>

          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="request-payout">
            <Typography id="request-payout" variant="h6" component="h2" sx={{ mb: 1 }}>
              Request a payout
            </Typography>
            {methods.length === 0 ? (
              <Alert severity="info">{PAYOUT_TEXTS.unknownMethod}</Alert>
            ) : (
              <Box component="form" onSubmit={submit} noValidate>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
                  <Field
                    label="Amount (USD)"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                    inputMode="decimal"
                    size="small"
                    error={problem !== null}
                    helperText={
                      problem ?? `Minimum ${formatUsd(data.minimum)} · available ${formatUsd(data.available)}`
                    }
                  />
                  <SelectField
                    label="Method"
                    value={chosen}
                    onChange={(e) => setMethod(e.target.value as PayoutMethod)}
                    size="small"
                    sx={{ minWidth: 220 }}
                  >
                    {methods.map((m) => (
                      <option key={m.method} value={m.method}>
                        {PAYOUT_METHOD_LABELS[m.method]} · {m.account}
                      </option>
                    ))}
                  </SelectField>
                  <Button type="submit" variant="contained" disabled={ask.isPending || !valid}>
                    Request payout
                  </Button>
                </Stack>
                {valid && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="payout-preview">
                    {PAYOUT_AMOUNT_LABELS.gross} {formatUsd(credits)} − {PAYOUT_AMOUNT_LABELS.fee.toLowerCase()}{' '}
                    {formatUsd(fee)} = you receive {formatUsd(credits - fee)} (net)
                  </Typography>
                )}
                {ask.error && (
                  <Alert severity="error" sx={{ mt: 1 }}>
                    {ask.error.message}
                  </Alert>
                )}
                {done && (
                  <Alert severity="success" sx={{ mt: 1 }}>
                    {done}
                  </Alert>
                )}
              </Box>
            )}
          </Paper>

          <PayoutMethodsSection methods={data.methods} rails={data.rails} />

          {cancel.error && <Alert severity="error">{cancel.error.message}</Alert>}
          {data.totalCount === 0 ? (
            <Paper
              variant="outlined"
              sx={{ py: 6, px: 3, textAlign: 'center', color: 'text.secondary', borderStyle: 'dashed' }}
            >
              <AccountBalanceWalletOutlined sx={{ fontSize: 40, color: 'action.active' }} />
              <Typography component="p" sx={{ color: 'text.primary', fontWeight: 600, mt: 1 }}>
                No payouts yet
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                Your payout requests appear here with their fee and target date.
              </Typography>
            </Paper>
          ) : (
            <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative', p: { xs: 1, sm: 0 } }}>
              {payouts.isFetching && (
                <LinearProgress
                  aria-label="Loading"
                  sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
                />
              )}
              <ResponsiveTable
                rows={data.data}
                columns={payoutColumns}
                rowKey={(p) => p.id}
                label="Payouts"
                rowProps={() => ({ 'data-testid': 'payout-row' })}
              />
              <TablePager
                component="div"
                count={data.totalCount}
                page={page - 1}
                onPageChange={(_, p) => setPage(p + 1)}
                rowsPerPage={PAYOUTS_PER_PAGE}
                rowsPerPageOptions={[PAYOUTS_PER_PAGE]}
              />
            </Paper>
          )}
        </Stack>
      )}
    </PageContainer>
  );
}
