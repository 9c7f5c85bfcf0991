import Chip from '@mui/material/Chip';
import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '@parlance/shared';

// A payout request's status, the same on the translator's /balance and the admin's /convert.
// MUI's warning and info chips miss the 4.5:1 contrast of white text: pending reads as primary.
const STATUS_COLORS: Record<PayoutStatus, 'default' | 'primary' | 'success' | 'error'> = {
  pending: 'primary',
  processing: 'primary',
  on_hold: 'default',
  paid: 'success',
  failed: 'error',
  cancelled: 'default',
  rejected: 'error',
};

export function PayoutStatusChip({ status }: { status: PayoutStatus }) {
  return <Chip size="small" color={STATUS_COLORS[status]} label={PAYOUT_STATUS_LABELS[status]} data-status={status} />;
}
