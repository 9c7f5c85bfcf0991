import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { lazy } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../../app/current-user';
import { CustomerLookup } from '../components/CustomerLookup';
import { ADMIN_CHAT_HOME, adminChatPath } from '../format';
import { ChatScreen, chatIdOf } from './ChatPage';

const NotFoundPage = lazy(() => import('../../../shell/NotFoundPage'));

/**
 * /admin/blend-talk: an admin looks customers up by external id.
 * /admin/blend-talk/user/{userId}/chat/[{id}]: an admin in a customer's chats. When navigation carries
 * the customer's name and id it opens as a full-screen dialog; closing returns to /admin/blend-talk.
 */
export default function AdminChatPage() {
  const user = useCurrentUser().data;
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  if (!user) return null;
  if (!user.isAdmin) return <NotFoundPage />;
  const rest = (params['*'] ?? '').replace(/\/+$/, '');
  if (rest === '') return <CustomerLookup />;
  const match = /^user\/(\d+)\/chat(?:\/(\d+))?$/.exec(rest);
  const customer = Number(match?.[1]);
  if (!match || !Number.isInteger(customer) || customer <= 0 || customer > 2 ** 31 - 1) return <NotFoundPage />;
  const state = location.state as { username?: string; id?: number } | null;
  const screen = (
    <ChatScreen
      viewer="admin"
      me={user.id}
      base={adminChatPath(customer)}
      selected={chatIdOf(match[2])}
      customer={customer}
    />
  );
  if (!state?.username || state.id !== customer) return screen;
  const close = () => navigate(ADMIN_CHAT_HOME);
  return (
    <Dialog fullScreen open onClose={close} aria-labelledby="admin-chat-title">
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, minHeight: 56 }}>
        <Typography id="admin-chat-title" component="h1" sx={{ flex: 1, fontWeight: 700 }} noWrap>
          Chats of {state.username}
        </Typography>
        <IconButton aria-label="Close" onClick={close}>
          <CloseIcon />
        </IconButton>
      </Box>
      {screen}
    </Dialog>
  );
}
