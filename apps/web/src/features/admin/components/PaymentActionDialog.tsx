import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { formatCredits } from '../../../ui/money';
import type { AdminPayment, PaymentAction } from '../api';

interface PaymentActionDialogProps {
  payment: AdminPayment | null;
  action: PaymentAction;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

function describe(payment: AdminPayment): string {
  const what = payment.method === 'wire' ? `the wire transfer ${payment.reference ?? ''}`.trim() : 'the card payment';
  return `${what} of ${payment.user.name} (${payment.user.email})`;
}

/** Asks before an admin marks a wire transfer received or cancels an open payment: both are final. */
export function PaymentActionDialog({ payment, action, busy, error, onConfirm, onClose }: PaymentActionDialogProps) {
  const titleId = useId();
  const receiving = action === 'received';
  return (
    <Dialog open={payment !== null} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs">
      {payment && (
        <>
          <DialogTitle id={titleId}>{receiving ? 'Mark this transfer received?' : 'Cancel this payment?'}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {receiving
                ? `The money of ${describe(payment)} has arrived: ${formatCredits(payment.amountCredits)} go to the customer's balance and an invoice is issued.`
                : `${describe(payment).replace(/^t/, 'T')} will be cancelled. No credits are added.`}
            </DialogContentText>
            <DialogContentText sx={{ mt: 1.5 }}>This cannot be undone.</DialogContentText>
            {error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={busy}>
              Keep it
            </Button>
            <Button variant="contained" color={receiving ? 'primary' : 'error'} onClick={onConfirm} loading={busy}>
              {receiving ? 'Mark received' : 'Cancel payment'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
