import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ExchangeRate, LIMITS, parseRate, RATE_SOURCE_LABELS, RATE_TEXTS, STAFF_TEXTS } from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { usePermission } from '../../../app/current-user';
import { Field } from '../../../ui/Field';
import { formatDate, formatDateTime } from '../../../ui/format';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { SelectField } from '../../../ui/SelectField';
import { toast } from '../../../ui/toast';
import { AdminPageLayout } from '../components/AdminPageLayout';
import { useExchangeRates, useSetExchangeRate } from '../rates-api';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function sourceOf(r: ExchangeRate): string {
  return r.source === 'finance' && r.setBy
    ? `${RATE_SOURCE_LABELS.finance} (${r.setBy.name})`
    : RATE_SOURCE_LABELS[r.source];
}

/**
 * /admin/exchange-rates: the rate each currency is shown at (units per 1 USD), its day and where it
 * came from; finance and admins set one (credits.write), everyone else in the back office reads.
 */
export default function RatesPage() {
  const rates = useExchangeRates();
  const canWrite = usePermission('credits.write');
  const current = rates.data?.current ?? [];
  const settable = current.filter((r) => r.code !== 'USD');

  return (
    <AdminPageLayout>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        Prices and balances are kept in credits (1 credit = 0.01 USD). Customers see them in their own currency at these
        rates: the European Central Bank's daily reference rates when the server can reach them, otherwise the rates set
        here. A statement line uses the rate of its own day.
      </Typography>
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {STAFF_TEXTS.readOnly}
        </Alert>
      )}
      {rates.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {rates.error.message}
        </Alert>
      )}
      {canWrite && settable.length > 0 && <SetRateForm currencies={settable} />}

      <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
        Rates in use
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden', p: { xs: 1, md: 0 }, mb: 3 }}>
        <ResponsiveTable
          rows={current}
          columns={COLUMNS}
          rowKey={(r) => r.code}
          label="Exchange rates in use"
          loading={!rates.data}
          placeholderRows={7}
          cardsBelow="md"
          rowProps={(r) => ({ 'data-testid': `rate-${r.code}` })}
        />
      </Paper>

      <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
        Recently recorded
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden', p: { xs: 1, md: 0 } }}>
        <ResponsiveTable
          rows={rates.data?.history ?? []}
          columns={HISTORY_COLUMNS}
          rowKey={(r) => `${r.code}-${r.recordedAt}-${r.source}-${r.rateText}`}
          label="Exchange rates recently recorded"
          loading={!rates.data}
          placeholderRows={3}
          cardsBelow="md"
        />
      </Paper>
    </AdminPageLayout>
  );
}

function SetRateForm({ currencies }: { currencies: ExchangeRate[] }) {
  const set = useSetExchangeRate();
  const [currency, setCurrency] = useState(currencies[0]?.code ?? '');
  const [rate, setRate] = useState('');
  const [date, setDate] = useState(() => isoDay(new Date()));
  const [rateError, setRateError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseRate(rate);
    if ('error' in parsed) {
      setRateError(parsed.error);
      return;
    }
    setRateError(null);
    set.mutate(
      { currency, rate: rate.trim(), date },
      {
        onSuccess: (saved) => {
          toast(`${RATE_TEXTS.saved}: 1 USD = ${saved.rateText} ${saved.code}`, {
            variant: 'success',
            autoHideDuration: LIMITS.adminToastMs,
          });
          setRate('');
        },
      },
    );
  };

  return (
    <Paper component="form" variant="outlined" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
        Set a rate
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: '200px 220px 200px auto' },
          alignItems: 'start',
        }}
      >
        <SelectField
          label="Currency"
          size="small"
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          disabled={set.isPending}
        >
          {currencies.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} ({c.symbol})
            </option>
          ))}
        </SelectField>
        <Field
          label={`1 USD = ... ${currency}`}
          size="small"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          error={rateError !== null}
          helperText={rateError ?? 'Units of the currency one US dollar buys, such as 0.92'}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'rate-input' } }}
          disabled={set.isPending}
        />
        <Field
          type="date"
          label="From the day"
          size="small"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: isoDay(new Date()) } }}
          disabled={set.isPending}
        />
        <Button type="submit" variant="contained" disabled={set.isPending} sx={{ height: 40 }}>
          Save rate
        </Button>
      </Box>
      {set.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {set.error.message}
        </Alert>
      )}
    </Paper>
  );
}

const COLUMNS: ListColumn<ExchangeRate>[] = [
  {
    key: 'currency',
    header: 'Currency',
    card: 'title',
    cell: (r) => (
      <>
        <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
          {r.code} {r.symbol}
        </Typography>{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          {r.name}
        </Typography>
      </>
    ),
  },
  {
    key: 'rate',
    header: 'Per 1 USD',
    align: 'right',
    sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    cell: (r) => r.rateText,
  },
  { key: 'date', header: 'Rate of', sx: { whiteSpace: 'nowrap' }, cell: (r) => formatDate(r.date) },
  { key: 'source', header: 'Source', cell: sourceOf },
];

const HISTORY_COLUMNS: ListColumn<ExchangeRate>[] = [
  ...COLUMNS,
  { key: 'recorded', header: 'Recorded', sx: { whiteSpace: 'nowrap' }, cell: (r) => formatDateTime(r.recordedAt) },
];
