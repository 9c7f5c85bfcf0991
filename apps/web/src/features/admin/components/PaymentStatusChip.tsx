import Chip from '@mui/material/Chip';
import type { PaymentStatus } from '@parlance/shared';

type Look = { label: string; color: 'default' | 'success' | 'error' | 'warning' | 'info' };

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  requires_action: 'Needs confirmation',
  approved: 'Approved',
  received: 'Received',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

const COLORS: Record<PaymentStatus, Look['color']> = {
  pending: 'warning',
  requires_action: 'info',
  approved: 'success',
  received: 'success',
  declined: 'error',
  cancelled: 'default',
};

/** A payment's status as a small coloured label; open payments are outlined. */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const open = status === 'pending' || status === 'requires_action';
  return (
    <Chip
      size="small"
      label={PAYMENT_STATUS_LABELS[status] ?? status}
      color={COLORS[status] ?? 'default'}
      variant={open ? 'outlined' : 'filled'}
    />
  );
}
