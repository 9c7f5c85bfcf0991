import Chip from '@mui/material/Chip';
import { PROJECT_STATUS_COLORS, PROJECT_STATUS_LABELS, type ProjectStatus } from '@parlance/shared';

/** A project status with its label and colour from packages/shared (spec 1 §3). */
export function StatusChip({ status }: { status: ProjectStatus }) {
  const color = PROJECT_STATUS_COLORS[status];
  return (
    <Chip
      size="small"
      label={PROJECT_STATUS_LABELS[status]}
      variant="outlined"
      sx={{ color, borderColor: color, fontWeight: 600, bgcolor: `${color}10` }}
    />
  );
}
