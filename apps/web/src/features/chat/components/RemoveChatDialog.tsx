import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { CHAT_TEXTS } from '@parlance/shared';
import { useId, useState } from 'react';

// The confirmation before a chat is removed (on-demand.ts): removing takes the composer away from
// every member, and only an administrator can give it back.

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}

export default function RemoveChatDialog({ open, title, onClose, onConfirm }: Props) {
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{CHAT_TEXTS.removeChatConfirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          “{title}”: {CHAT_TEXTS.removeChatConfirm}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
            }
          }}
        >
          {CHAT_TEXTS.removeChat}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
