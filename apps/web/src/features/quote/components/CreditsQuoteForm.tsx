import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LIMITS, type PriceQuoteResults, QUOTE_TEXTS } from '@parlance/shared';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { fieldErrorsOf, useCreditsQuote } from '../api';
import { DigitsField } from '../../../ui/DigitsField';
import { QuoteSummary } from './QuoteSummary';

// The quote for buying credits: the amount in credits, VAT by the billing country, and the way on to
// the payment page (/payment/quote/?amount=n).

interface CreditsValues {
  recharge_amount: string;
}

export function CreditsQuoteForm() {
  const quote = useCreditsQuote();
  const { control, handleSubmit, setError, clearErrors, formState } = useForm<CreditsValues>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { recharge_amount: String(LIMITS.defaultCreditPurchaseAmount) },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await quote.mutateAsync(values);
    } catch (error) {
      const message = fieldErrorsOf(error).recharge_amount;
      if (message) setError('recharge_amount', { message });
    }
  });
  const failure = quote.error && !fieldErrorsOf(quote.error).recharge_amount ? quote.error.message : null;

  return (
    <Stack sx={{ gap: 3 }}>
      <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2.5 }} aria-label="Quote for buying credits">
        <Controller
          name="recharge_amount"
          control={control}
          rules={{ required: QUOTE_TEXTS.required, validate: (v) => Number(v) > 0 || QUOTE_TEXTS.positive }}
          render={({ field, fieldState }) => (
            <DigitsField
              ref={field.ref}
              name={field.name}
              label="Credits to buy"
              unit="credits"
              required
              value={field.value}
              onBlur={field.onBlur}
              onValueChange={(v) => {
                clearErrors('recharge_amount');
                field.onChange(v);
              }}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? '1 credit = 0.01 USD'}
              sx={{ maxWidth: 360 }}
            />
          )}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <div>
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
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
