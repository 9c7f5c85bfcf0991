import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LIMITS, type PriceQuoteResults, QUOTE_TEXTS } from '@parlance/shared';
import { Link as RouterLink } from 'react-router';
import { fieldErrorsOf, useCreditsQuote } from '../api';
import { DigitsField } from '../../../ui/DigitsField';
import { useQuoteForm } from '../use-quote-form';
import { QuoteSummary } from './QuoteSummary';

// The quote for buying credits: the amount in credits, VAT by the billing country, and the way on to
// the payment page (/payment/quote/?amount=n).

interface CreditsValues {
  recharge_amount: string;
}

export function CreditsQuoteForm() {
  const quote = useCreditsQuote();
  const { values, errors, submitting, setValue, setError, clearError, inputRef, handleSubmit } =
    useQuoteForm<CreditsValues>(
      { recharge_amount: String(LIMITS.defaultCreditPurchaseAmount) },
      { recharge_amount: (v) => (!v ? QUOTE_TEXTS.required : Number(v) > 0 ? null : QUOTE_TEXTS.positive) },
    );

  const submit = handleSubmit(async (values) => {
    try {
      await quote.mutateAsync(values);
    } catch (error) {
      const message = fieldErrorsOf(error).recharge_amount;
      if (message) setError('recharge_amount', message);
    }
  });
  const failure = quote.error && !fieldErrorsOf(quote.error).recharge_amount ? quote.error.message : null;

  return (
    <Stack sx={{ gap: 3 }}>
      <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2.5 }} aria-label="Quote for buying credits">
        <DigitsField
          ref={inputRef('recharge_amount')}
          name="recharge_amount"
          label="Credits to buy"
          unit="credits"
          required
          value={values.recharge_amount}
          onValueChange={(v) => {
            clearError('recharge_amount');
            setValue('recharge_amount', v);
          }}
          error={!!errors.recharge_amount}
          helperText={errors.recharge_amount ?? '1 credit = 0.01 USD'}
          sx={{ maxWidth: 360 }}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <div>
          <Button type="submit" variant="contained" size="large" loading={submitting}>
            Get a quote
          </Button>
        </div>
      </Stack>
      {quote.data && <CreditsResult quote={quote.data} />}
    </Stack>
  );
}

function CreditsResult({ quote }: { quote: PriceQuoteResults }) {
  const amount = quote.price_quote.SUMMARY_COST.customer;
  return (
    <QuoteSummary
      quote={quote}
      languages={undefined}
      actions={
        <Button component={RouterLink} to={`/payment/quote/?amount=${amount}`} variant="contained">
          Buy credits
        </Button>
      }
    />
  );
}
