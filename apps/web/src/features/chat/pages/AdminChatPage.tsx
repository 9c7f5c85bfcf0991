import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { lazy } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../../app/current-user';
import { ChatScreen } from './ChatPage';

const NotFoundPage = lazy(() => import('../../../shell/NotFoundPage'));

/**
 * /admin/blend-talk/user/{userId}/chat/[{id}]: an admin in a customer's chats. When navigation
 * carries the customer's name and id it opens as a full-screen dialog; closing returns to /admin/blend-talk.
 */
export default function AdminChatPage() {
  const user = useCurrentUser().data;
  const { userId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const customer = Number(userId);
  if (!user) return null;
  if (!user.isAdmin || !Number.isInteger(customer) || customer <= 0) return <NotFoundPage />;
  const state = location.state as { username?: string; id?: number } | null;
  const screen = (
    <ChatScreen viewer="admin" me={user.id} base={`/admin/blend-talk/user/${customer}/chat`} customer={customer} />
  );
  if (!state?.username || !state.id) return screen;
  return (
    <Dialog fullScreen open onClose={() => navigate('/admin/blend-talk')}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
        <Typography component="h1" sx={{ flex: 1, fontWeight: 700 }}>
          Chats of {state.username}
        </Typography>
        <IconButton aria-label="Close" onClick={() => navigate('/admin/blend-talk')}>
          <CloseIcon />
        </IconButton>
      </Box>
      {screen}
    </Dialog>
  );
}
