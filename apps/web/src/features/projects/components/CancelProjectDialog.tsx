import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { PROJECT_TEXTS, type ProjectDetail } from '@parlance/shared';
import { useId, useState } from 'react';
import { formatCredits } from '../../../ui/money';
import { toast } from '../../../ui/toast';
import { useSingleFlight } from '../../../ui/use-single-flight';
import { messageOf, projectCalls, useProjectMove, useRefundOptions } from '../api';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

interface CancelProjectDialogProps {
  project: ProjectDetail;
  open: boolean;
  onClose: () => void;
}

/**
 * Cancels a project nobody has started. When a card paid for it, the customer chooses where the
 * refund goes: back to that card, or as credits (the server says which card, if any).
 */
export function CancelProjectDialog({ project, open, onClose }: CancelProjectDialogProps) {
  const isCustomer = project.viewerRole === 'customer';
  const options = useRefundOptions(project.id, open && isCustomer);
  const card = options.data?.card ?? null;
  const [choice, setChoice] = useState<'card' | 'credits'>('credits');
  const labelId = useId();
  const once = useSingleFlight();
  const cancel = useProjectMove((refundTo: 'card' | 'credits') => projectCalls.cancel(project.id, refundTo));

  function confirm() {
    const refundTo = card ? choice : 'credits';
    once(async () => {
      try {
        await cancel.mutateAsync(refundTo);
        toast(refundTo === 'card' ? PROJECT_TEXTS.cancelledToCard : PROJECT_TEXTS.cancelled, { variant: 'success' });
      } catch (err) {
        toast(messageOf(err), { variant: 'error' });
      }
      onClose();
    });
  }

  const amount = options.data ? formatCredits(options.data.amountCredits) : 'its price (plus any VAT paid)';
  return (
    <ConfirmDialog
      open={open}
      title="Cancel this project?"
      confirmLabel="Cancel project"
      danger
      busy={cancel.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {isCustomer && options.isPending ? (
        <CircularProgress size={24} aria-label="Loading the refund options" />
      ) : card ? (
        <>
          <p id={labelId} style={{ marginTop: 0 }}>
            Nobody has started it yet. Where should the refund of {amount} go?
          </p>
          <FormControl>
            <RadioGroup
              aria-labelledby={labelId}
              value={choice}
              onChange={(e) => setChoice(e.target.value as 'card' | 'credits')}
            >
              <FormControlLabel value="card" control={<Radio />} label={`Refund to ${card.label}`} />
              <FormControlLabel value="credits" control={<Radio />} label="Refund as credits" />
            </RadioGroup>
          </FormControl>
        </>
      ) : (
        <>
          Nobody has started it yet: it is cancelled and the refund of {amount} goes to
          {isCustomer ? ' your' : ' the customer’s'} balance.
        </>
      )}
    </ConfirmDialog>
  );
}
