import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { CONVERT_TEXTS, type ConvertRow } from '@parlance/shared';
import { useState } from 'react';
import { messageOf } from '../../../app/http';
import { Field } from '../../../ui/Field';
import { toast } from '../../../ui/toast';
import { usePayout } from '../convert-api';
import { formatUsdAmount } from '../../../ui/money';
import { useSingleFlight } from '../../../ui/use-single-flight';

/** The payout confirmation: the amount of the pending selection, and the word "payout" typed. */
export function PayoutDialog({
  open,
  rows,
  onClose,
  onDone,
}: {
  open: boolean;
  rows: ConvertRow[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [typed, setTyped] = useState('');
  const payout = usePayout();
  const once = useSingleFlight();
  const pending = rows.filter((r) => r.status === 'pending');
  const cents = pending.reduce((s, r) => s + Math.round(Number(r.convert_amount) * 100), 0);
  const amount = formatUsdAmount((cents / 100).toFixed(2));
  const confirmed = typed.trim().toLowerCase() === CONVERT_TEXTS.confirmWord;

  function close() {
    setTyped('');
    payout.reset();
    onClose();
  }

  function pay() {
    // one request per press, however fast the clicks (the second would find nothing pending)
    once(async () => {
      const result = await payout.mutateAsync(pending.map((r) => r.action_id));
      toast(
        `Sent ${result.updated.length} payout${result.updated.length === 1 ? '' : 's'} of ${formatUsdAmount(result.amount)} to the provider.`,
        { variant: 'success' },
      );
      setTyped('');
      onDone();
    });
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby="payout-title" fullWidth maxWidth="xs">
      <DialogTitle id="payout-title">Pay out</DialogTitle>
      <DialogContent>
        {pending.length === 0 ? (
          <Alert severity="info">{CONVERT_TEXTS.nothingPending}</Alert>
        ) : (
          <>
            <DialogContentText sx={{ mb: 2 }}>{CONVERT_TEXTS.payModal(amount)}</DialogContentText>
            {pending.length < rows.length && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {rows.length - pending.length} of the selected requests are not pending and are left as they are.
              </Alert>
            )}
            <Field
              autoFocus
              fullWidth
              size="small"
              label={`Type ${CONVERT_TEXTS.confirmWord} to confirm`}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
            />
          </>
        )}
        {payout.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {messageOf(payout.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          onClick={pay}
          disabled={!confirmed || pending.length === 0}
          loading={payout.isPending}
        >
          Pay {pending.length > 0 ? amount : ''}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
