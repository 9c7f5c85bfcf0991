import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { LIMITS } from '@parlance/shared';
import { Link } from 'react-router';
import { UserDetailsTable } from './UserDetailsTable';

interface Props {
  /** the user's id or e-mail; null when closed */
  uid: string | null;
  title?: string;
  onClose: () => void;
}

export function UserDetailsDialog({ uid, title, onClose }: Props) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={uid !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: LIMITS.dialogMaxWidth } } }}
      aria-labelledby="user-details-title"
    >
      <DialogTitle id="user-details-title">{title ?? `User ${uid ?? ''}`}</DialogTitle>
      <DialogContent dividers>{uid !== null && <UserDetailsTable uid={uid} />}</DialogContent>
      <DialogActions>
        {uid !== null && (
          <Button component={Link} to={`/admin/${encodeURIComponent(uid)}`} onClick={onClose}>
            Open back office
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
