import { Suspense } from 'react';
import { lazy } from '../../../ui/lazy';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../../app/current-user';
import { hasPermission } from '../../../app/permissions';
import { CustomerLookup } from '../components/CustomerLookup';
import { ADMIN_CHAT_HOME, adminChatPath } from '../format';
import { ChatScreen, chatIdOf } from './ChatPage';

const NotFoundPage = lazy(() => import('../../../shell/NotFoundPage'));
// opened from the look-up, which starts loading it when it lists customers
const AdminChatDialog = lazy(() => import('../components/on-demand').then((m) => ({ default: m.AdminChatDialog })));

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
  if (!hasPermission(user, 'backoffice.read')) return <NotFoundPage />;
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
    <Suspense fallback={null}>
      <AdminChatDialog username={state.username} onClose={close}>
        {screen}
      </AdminChatDialog>
    </Suspense>
  );
}
