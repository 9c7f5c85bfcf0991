import Chip from '@mui/material/Chip';
import { PROJECT_STATUS_COLORS, PROJECT_STATUS_LABELS, type ProjectStatus } from '@parlance/shared';

/** A project status as both sides read it: its label on its colour (shared constants, spec 1 §3). */
export function ProjectStatusChip({ status, dense = false }: { status: ProjectStatus; dense?: boolean }) {
  const color = PROJECT_STATUS_COLORS[status];
  return (
    <Chip
      size="small"
      label={PROJECT_STATUS_LABELS[status]}
      data-status={status}
      sx={{
        bgcolor: color,
        color: '#fff',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        ...(dense && { height: 22, fontSize: 12, '& .MuiChip-label': { px: 1 } }),
      }}
    />
  );
}
