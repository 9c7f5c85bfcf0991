import Chip from '@mui/material/Chip';
import type { OutboxMessage } from '../api';

const LOOK: Record<OutboxMessage['status'], { label: string; color: 'default' | 'success' | 'error' }> = {
  stored: { label: 'Stored', color: 'default' },
  sent: { label: 'Sent', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

export function OutboxStatusChip({ status }: { status: OutboxMessage['status'] }) {
  const look = LOOK[status] ?? { label: status, color: 'default' };
  return (
    <Chip size="small" label={look.label} color={look.color} variant={status === 'stored' ? 'outlined' : 'filled'} />
  );
}
