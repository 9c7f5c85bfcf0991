import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PAYEE_STATUS_LABELS,
  PAYOUT_METHOD_LABELS,
  type PayeeStatus,
  type PayoutMethodOnFile,
  type PayoutRailsOverview,
} from '@parlance/shared';
import { Suspense } from 'react';
import { lazy } from '../../ui/lazy';
import { messageOf } from '../../app/http';
import { toast } from '../../ui/toast';
import { PayoutRailsNote } from '../../ui/PayoutRailsNote';
import { useRemovePayoutMethod } from './api';

// /balance, "Payout methods": the accounts a translator is paid to. PayPal and bank wire work at
// once; a Payoneer account waits for approval by the finance team.

// The form is a chunk of its own (with react-hook-form): /balance's first load has no room for it.
const AddPayoutMethodForm = lazy(() =>
  import('./AddPayoutMethodForm').then((m) => ({ default: m.AddPayoutMethodForm })),
);

const STATUS_COLORS: Record<PayeeStatus, 'success' | 'warning' | 'error'> = {
  active: 'success',
  pending: 'warning',
  declined: 'error',
};

export function PayoutMethodsSection({
  methods,
  rails,
}: {
  methods: PayoutMethodOnFile[];
  rails: PayoutRailsOverview;
}) {
  const remove = useRemovePayoutMethod();

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="payout-methods">
      <Typography id="payout-methods" variant="h6" component="h2" sx={{ mb: 1 }}>
        Payout methods
      </Typography>
      <PayoutRailsNote rails={rails} title="How each method is paid" />
      {methods.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Add the account you want to be paid to. PayPal and bank wire can be used at once; a Payoneer account is
          checked by our finance team first.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Your payout methods" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          {methods.map((m) => (
            <Stack
              component="li"
              key={m.method}
              direction="row"
              sx={{
                alignItems: 'center',
                gap: 1.5,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                flexWrap: 'wrap',
              }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {PAYOUT_METHOD_LABELS[m.method]}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap title={m.account}>
                  {m.account}
                </Typography>
              </Box>
              <Chip size="small" color={STATUS_COLORS[m.status]} label={PAYEE_STATUS_LABELS[m.status]} />
              <Button
                size="small"
                color="error"
                onClick={() =>
                  remove.mutate(m.method, {
                    onSuccess: () => toast(`${PAYOUT_METHOD_LABELS[m.method]} removed.`, { variant: 'success' }),
                    onError: (err) => toast(messageOf(err), { variant: 'error' }),
                  })
                }
                disabled={remove.isPending}
                aria-label={`Remove ${PAYOUT_METHOD_LABELS[m.method]}`}
              >
                Remove
              </Button>
            </Stack>
          ))}
        </Box>
      )}
      {/* the form's height while it loads, so the section does not move when it arrives */}
      <Suspense fallback={<Box sx={{ minHeight: 64 }} />}>
        <AddPayoutMethodForm methods={methods} />
      </Suspense>
      {methods.some((m) => m.status === 'declined') && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Your Payoneer account was declined. Add another method, or contact support.
        </Alert>
      )}
    </Paper>
  );
}
