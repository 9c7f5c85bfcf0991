import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { ORDER_TEXTS, STORAGE_KEYS } from '@parlance/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { writeStored } from '../../../shell/storage';
import { AppLink } from '../../../ui/AppLink';
import { formatCredits, formatUsd } from '../../../ui/money';
import { StatusPage } from '../../../ui/StatusPage';
import { usePayment } from '../api';
import { cartKeys } from '../../cart/keys';

// /payment/thankyou/?payment=<key>: where the processor sends the customer back after a payment.

const credits = formatCredits;

function BackActions() {
  return (
    <>
      <Button variant="contained" component={AppLink} href="/shopping-cart">
        Back to the cart
      </Button>
      <Button variant="outlined" component={AppLink} href="/payment/quote/?amount=10000">
        Buy more credits
      </Button>
    </>
  );
}

export default function ThankYouPage() {
  const [params] = useSearchParams();
  const key = params.get('payment') ?? '';
  const payment = usePayment(key);
  const client = useQueryClient();
  const settled = payment.data?.status === 'approved' || payment.data?.status === 'received';

  useEffect(() => {
    if (!settled) return;
    writeStored(STORAGE_KEYS.paymentSuccess, '1');
    // the balance changed: the cart's totals and shortfall are stale
    void client.invalidateQueries({ queryKey: cartKeys.all });
  }, [settled, client]);

  if (!key) {
    return (
      <StatusPage title="No payment to show" actions={<BackActions />}>
        This page shows a payment after you pay. Open it from the link you were sent back with.
      </StatusPage>
    );
  }
  if (payment.isPending) {
    return (
      <StatusPage title="Checking your payment">
        <CircularProgress aria-label="Loading the payment" />
      </StatusPage>
    );
  }
  if (payment.isError) {
    // the link of another account's payment (spec 1 section 8): the server says so in its own words
    const mismatch = payment.error.message === ORDER_TEXTS.paymentAccountMismatch;
    return (
      <StatusPage title={mismatch ? 'Wrong account' : 'This payment cannot be shown'} actions={<BackActions />}>
        <Alert severity="error" sx={{ textAlign: 'left' }}>
          {payment.error.message}
        </Alert>
      </StatusPage>
    );
  }
  const p = payment.data;
  if (settled) {
    return (
      <StatusPage title="Thank you for your payment" actions={<BackActions />}>
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <span data-testid="credits-added">{credits(p.amountCredits)} have been added to your balance.</span>
          {p.cardLast4 && (
            <span>
              Paid {formatUsd(p.totalCredits)} with {p.cardBrand ?? 'card'} ending in {p.cardLast4}.
            </span>
          )}
        </Stack>
      </StatusPage>
    );
  }
  if (p.status === 'pending' || p.status === 'requires_action') {
    return (
      <StatusPage title="Your payment is pending" actions={<BackActions />}>
        {p.method === 'wire'
          ? `We add ${credits(p.amountCredits)} as soon as your transfer with reference ${p.reference ?? ''} is received.`
          : `We add ${credits(p.amountCredits)} as soon as the payment is confirmed.`}
        {p.method !== 'wire' && p.failureReason && (
          // the processor reported a failed attempt; its page lets the holder try another card
          <Alert severity="warning" sx={{ mt: 2, textAlign: 'left' }}>
            {`The last attempt did not go through: ${p.failureReason}`}
          </Alert>
        )}
      </StatusPage>
    );
  }
  return (
    <StatusPage
      title={p.status === 'declined' ? 'Your card was declined.' : 'The payment was cancelled.'}
      actions={
        <Button variant="contained" component={AppLink} href={`/payment/quote/?amount=${p.amountCredits}`}>
          Try again
        </Button>
      }
    >
      {p.failureReason ?? 'No credits were added.'}
    </StatusPage>
  );
}
