import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LIMITS, type PriceQuoteResults } from '@parlance/shared';
import { Controller } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { fieldErrorsOf, useCreditsQuote } from '../api';
import { DigitsField } from '../../../ui/DigitsField';
import { useZodForm } from '../../../ui/zod-form';
import { QuoteSummary } from './QuoteSummary';

// The quote for buying credits: the amount in credits, VAT by the billing country, and the way on to
// the payment page (/payment/quote/?amount=n).

const loadSchema = () => import('../form-schemas').then((m) => m.creditsQuoteSchema);

export function CreditsQuoteForm() {
  const quote = useCreditsQuote();
  const { control, handleSubmit, setError, formState } = useZodForm(loadSchema, {
    defaultValues: { recharge_amount: String(LIMITS.defaultCreditPurchaseAmount) },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      await quote.mutateAsync(values);
    } catch (error) {
      const message = fieldErrorsOf(error).recharge_amount;
      if (message) setError('recharge_amount', { type: 'server', message });
    }
  });
  const failure = quote.error && !fieldErrorsOf(quote.error).recharge_amount ? quote.error.message : null;

  return (
    <Stack sx={{ gap: 3 }}>
      <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2.5 }} aria-label="Quote for buying credits">
        <Controller
          control={control}
          name="recharge_amount"
          render={({ field }) => (
            <DigitsField
              ref={field.ref}
              name={field.name}
              label="Credits to buy"
              unit="credits"
              required
              value={String(field.value ?? '')}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={!!errors.recharge_amount}
              helperText={errors.recharge_amount?.message ?? '1 credit = 0.01 USD'}
              sx={{ maxWidth: 360 }}
            />
          )}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <div>
          <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
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
