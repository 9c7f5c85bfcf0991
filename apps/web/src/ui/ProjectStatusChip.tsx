import Chip from '@mui/material/Chip';
import {
  DISPLAY_STATUS_COLORS,
  DISPLAY_STATUS_LABELS,
  displayStatusOf,
  type ProjectKind,
  type ProjectStatus,
} from '@parlance/shared';

/**
 * A project status as both sides read it: its label on its colour (shared constants, spec 1 §3).
 * With the project's kind, a review job a reviewer is working on shows as Underway.
 */
export function ProjectStatusChip({
  status,
  kind = 'classic',
  dense = false,
}: {
  status: ProjectStatus;
  kind?: ProjectKind;
  dense?: boolean;
}) {
  const shown = displayStatusOf({ status, kind });
  return (
    <Chip
      size="small"
      label={DISPLAY_STATUS_LABELS[shown]}
      data-status={shown}
      sx={{
        bgcolor: DISPLAY_STATUS_COLORS[shown],
        color: '#fff',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        ...(dense && { height: 22, fontSize: 12, '& .MuiChip-label': { px: 1 } }),
      }}
    />
  );
}
