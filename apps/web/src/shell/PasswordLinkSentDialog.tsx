import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { LIMITS } from '@parlance/shared';

export function PasswordLinkSentDialog({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="password-link-sent-title"
      slotProps={{ paper: { sx: { maxWidth: LIMITS.dialogMaxWidth, width: '100%' } } }}
    >
      <DialogTitle id="password-link-sent-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <MarkEmailReadIcon color="primary" aria-hidden />
        Check your inbox
      </DialogTitle>
      <DialogContent>
        <Typography>{message}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Open the link in the message to choose your password.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
