import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** null: a message with one button (confirmLabel), nothing to keep or undo */
  keepLabel?: string | null;
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a move that cannot be taken back (cancel, approve, hold ...). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId();
  const { open, title, children, confirmLabel, keepLabel = 'Keep it', danger, busy, onConfirm, onClose } = props;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {keepLabel !== null && (
          <Button onClick={onClose} disabled={busy}>
            {keepLabel}
          </Button>
        )}
        <Button variant="contained" color={danger ? 'error' : 'primary'} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
