import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { ReactNode } from 'react';

// The full-screen dialog an admin reads a customer's chats in, opened from the customer look-up
// (on-demand.ts; Dialog brings Modal): the look-up starts loading it when it lists customers to open.

interface Props {
  username: string;
  onClose: () => void;
  children: ReactNode;
}

export default function AdminChatDialog({ username, onClose, children }: Props) {
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="admin-chat-title">
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, minHeight: 56 }}>
        <Typography id="admin-chat-title" component="h1" sx={{ flex: 1, fontWeight: 700 }} noWrap>
          Chats of {username}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {children}
    </Dialog>
  );
}
