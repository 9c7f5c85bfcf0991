import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ProjectRow } from '@parlance/shared';
import { AppLink } from '../../../ui/AppLink';
import type { RowAction } from './row-action';

interface RowActionsMenuProps {
  row: ProjectRow;
  anchor: HTMLElement | null;
  onClose: () => void;
  onPick: (action: RowAction) => void;
  /** which of the moves this row offers */
  canRate: boolean;
  canDownload: boolean;
  canCancel: boolean;
}

/**
 * The menu of a row of My Projects. Loaded when a row's menu is first opened (CustomerProjectsTable
 * mounts it on demand): Menu, its Popover and Modal and MenuItem are 11 kB gzipped of the list's
 * first load otherwise.
 */
export function RowActionsMenu({ row, anchor, onClose, onPick, canRate, canDownload, canCancel }: RowActionsMenuProps) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem component={AppLink} href={`/project/${row.id}`}>
        Open
      </MenuItem>
      <MenuItem onClick={() => onPick('tags')}>Tags</MenuItem>
      {canRate && <MenuItem onClick={() => onPick('rate')}>Rate</MenuItem>}
      {canDownload && <MenuItem onClick={() => onPick('download')}>Download</MenuItem>}
      {canCancel && (
        <MenuItem onClick={() => onPick('cancel')} sx={{ color: 'error.main' }}>
          Cancel project
        </MenuItem>
      )}
    </Menu>
  );
}
