import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { isDigitsOnly, type PriceQuoteResults } from '@parlance/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCredits, formatMoney, formatUsd } from '../../../ui/money';
import { PageContainer } from '../../../ui/PageContainer';
import { useCardCheckout, useCreditsQuote, useWireTransfer, type WireTransfer } from '../api';

// /payment/quote/?amount=10000: buy credits by card (the processor's hosted checkout) or by wire.

const ERRORS: Record<string, string> = {
  declined: 'Your card was declined.',
  cancelled: 'The payment was cancelled.',
};

const credits = formatCredits;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

export default function PaymentQuotePage() {
  const [params, setParams] = useSearchParams();
  const initial = params.get('amount') ?? '';
  const [amount, setAmount] = useState(isDigitsOnly(initial) ? initial.replace(/^0+(?=\d)/, '') : '');
  const debounced = useDebounced(amount, 400);
  const quote = useCreditsQuote(debounced);
  const card = useCardCheckout();
  const wire = useWireTransfer();
  const error = ERRORS[params.get('error') ?? ''];
  const empty = amount === '' || Number(amount) === 0;
  const ready = quote.data?.pqid && debounced === amount && !quote.isFetching;

  function changeAmount(next: string) {
    if (next !== '' && !isDigitsOnly(next)) return;
    setAmount(next);
    card.reset();
    wire.reset();
    // the error belongs to the attempt before; the URL keeps the amount for a reload
    setParams(next ? { amount: next } : {}, { replace: true });
  }

  // a new attempt: the message of the one before (declined, cancelled) no longer applies
  function startAttempt(run: (pqid: string) => void) {
    if (!quote.data?.pqid) return;
    if (error) setParams({ amount }, { replace: true });
    run(quote.data.pqid);
  }

  return (
    <PageContainer title="Buy credits" subtitle="1 credit = $0.01. Credits pay for any order in your cart." narrow>
      {error && (
        <Alert severity="error" sx={{ mb: 3 }} role="alert">
          {error}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Field
          label="Credits to buy"
          value={amount}
          onChange={(e) => changeAmount(e.target.value)}
          error={empty || quote.isError}
          helperText={empty ? 'Please enter a number greater than 0' : quote.isError ? quote.error.message : ' '}
          fullWidth
          slotProps={{
            htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
            input: { endAdornment: <InputAdornment position="end">credits</InputAdornment> },
          }}
        />
        <QuoteTotals quote={empty ? null : (quote.data ?? null)} loading={!empty && !quote.isError && !ready} />
        {wire.data ? (
          <WireDetails wire={wire.data} />
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
            <Button
              variant="contained"
              size="large"
              disabled={!ready || card.isPending || card.isSuccess}
              onClick={() => startAttempt(card.mutate)}
              startIcon={card.isPending || card.isSuccess ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              Pay by card
            </Button>
            <Button
              variant="outlined"
              size="large"
              disabled={!ready || wire.isPending}
              onClick={() => startAttempt(wire.mutate)}
            >
              Wire transfer
            </Button>
          </Stack>
        )}
        {(card.isError || wire.isError) && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {(card.error ?? wire.error)?.message}
          </Alert>
        )}
      </Paper>
    </PageContainer>
  );
}

function QuoteTotals({ quote, loading }: { quote: PriceQuoteResults | null; loading: boolean }) {
  const rows: [string, (q: PriceQuoteResults) => number][] = [
    ['Credits', (q) => q.price_quote.SUMMARY_COST.customer],
    [`VAT`, (q) => q.price_quote.SUMMARY_TOTAL_VAT.customer],
    ['Total', (q) => q.price_quote.SUMMARY_TOTAL.customer],
  ];
  return (
    <Box component="dl" sx={{ m: 0, mt: 2 }} aria-busy={loading}>
      {rows.map(([label, get]) => (
        <Box
          key={label}
          sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5, fontWeight: label === 'Total' ? 700 : 400 }}
        >
          <Box component="dt">{label}</Box>
          <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
            {loading || !quote ? (
              <Skeleton width={120} />
            ) : (
              <>
                {formatMoney(get(quote), quote.currency)}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {credits(get(quote))}
                </Typography>
              </>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function WireDetails({ wire }: { wire: WireTransfer }) {
  const b = wire.bankDetails;
  const rows: [string, string][] = [
    ['Bank', b.bankName],
    ['Account holder', b.accountHolder],
    ['IBAN', b.iban],
    ['BIC', b.bic],
    ['Bank address', b.bankAddress],
    ['Reference', wire.reference],
    ['Amount', formatUsd(wire.payment.totalCredits)],
  ];
  return (
    <Box sx={{ mt: 3 }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        Transfer the amount with the reference below. Your credits are added when the transfer is received.
      </Alert>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1 }}
      >
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {k}
            </Box>
            <Box
              component="dd"
              sx={{ m: 0, fontWeight: 600, fontFamily: k === 'IBAN' || k === 'Reference' ? 'monospace' : undefined }}
            >
              {v}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
