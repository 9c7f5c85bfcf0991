import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_TEXTS, chatCan } from '@parlance/shared';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useConfig, useCurrentUser } from '../../../app/current-user';
import { readStored, writeStored } from '../../../shell/storage';
import { toast } from '../../../ui/toast';
import { CHAT_API, chatCall, type Message, useChats } from '../api';
import { ChatList } from '../components/ChatList';
import { ChatView } from '../components/ChatView';
import type { ChatRole } from '../format';
import { ChatLive } from '../live';

const NotFoundPage = lazy(() => import('../../../shell/NotFoundPage'));
// react-joyride loads only for a first visit
const OnboardingTour = lazy(() => import('../components/OnboardingTour'));
// the group creation (checkboxes, chips) loads when it is first opened
const CreateGroup = lazy(() => import('../components/CreateGroup').then((m) => ({ default: m.CreateGroup })));

/** The first-visit tour is remembered per user in this browser. */
export const tourFlagKey = (userId: number) => `parlance.chat.onboarding.${userId}`;

/** /blend-talk/chat/ and /blend-talk/chat/{id}: the team chat of the signed-in user. */
export default function ChatPage() {
  const user = useCurrentUser().data;
  const params = useParams();
  const { data: config } = useConfig();
  if (!user) return null;
  const role: ChatRole = user.isAdmin
    ? 'admin'
    : user.type === 'translator'
      ? 'translator'
      : user.type === 'admin'
        ? 'admin'
        : 'customer';
  if (!chatCan(role, 'openChatPage', { featureOn: config?.isShowBlendTalkFeature !== false })) return <NotFoundPage />;
  return <ChatScreen viewer={role} me={user.id} base="/blend-talk/chat" selected={chatIdOf(params['*'])} tour />;
}

/** the chat id at the end of the page's path ('12', '12/'), or null */
export function chatIdOf(rest: string | undefined): number | null {
  const id = Number(rest?.replace(/\/$/, ''));
  return Number.isInteger(id) && id > 0 ? id : null;
}

interface ScreenProps {
  viewer: ChatRole;
  me: number;
  /** the path of the page without the chat id */
  base: string;
  /** the chat id of the address */
  selected: number | null;
  /** an admin acting for this customer */
  customer?: number;
  /** show the onboarding tour on the user's first visit (customers and translators) */
  tour?: boolean;
}

export function ChatScreen({ viewer: role, me, base, selected, customer, tour = false }: ScreenProps) {
  const client = useQueryClient();
  const routerNavigate = useNavigate();
  const location = useLocation();
  // the admin's full-screen dialog lives on the navigation state: keep it while moving between chats
  const navigate = (to: string) => routerNavigate(to, { state: location.state });
  const navState = useRef(location.state);
  navState.current = location.state;
  const [search, setSearch] = useSearchParams();
  const compact = useMediaQuery((t: Theme) => t.breakpoints.down('md'));
  const chats = useChats(customer);
  const [creating, setCreating] = useState(false);
  const [touring, setTouring] = useState(() => tour && role !== 'admin' && readStored(tourFlagKey(me)) === null);
  const jumpTo = Number(search.get('message')) || null;
  const jumpPage = Number(search.get('page')) || null;

  useEffect(() => {
    const live = new ChatLive(client, (message) => toast(message, { variant: 'error' }));
    void live.start();
    return () => live.stop();
  }, [client]);

  // the jump query is cleared about 2 s after the jump
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!jumpTo) return;
    clearTimer.current = setTimeout(() => setSearch({}, { replace: true, state: navState.current }), 2000);
    return () => {
      if (clearTimer.current) clearTimeout(clearTimer.current);
    };
  }, [jumpTo, setSearch]);

  const open = (chatId: number) => {
    setCreating(false);
    navigate(`${base}/${chatId}`);
  };
  const openMessage = async (chatId: number, messageId: number) => {
    try {
      const m = await chatCall<Message & { pageNumber: number }>(client, `${CHAT_API}/messages/${messageId}`);
      setCreating(false);
      navigate(`${base}/${chatId}?message=${messageId}&page=${m.pageNumber}`);
    } catch {
      toast(CHAT_TEXTS.generic, { variant: 'error' });
    }
  };

  const chat = chats.data?.find((c) => c.chatId === selected) ?? null;
  const showList = !compact || (!selected && !creating);
  const showBody = !compact || !!selected || creating;
  return (
    <Box
      sx={{
        display: 'flex',
        height: { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' },
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        position: 'relative',
      }}
    >
      {showList && (
        <Box
          component="nav"
          aria-label="Chats"
          sx={{ width: compact ? '100%' : 340, borderRight: compact ? 0 : 1, borderColor: 'divider', minHeight: 0 }}
        >
          {chats.isError ? (
            <Box sx={{ p: 2 }}>
              <Typography sx={{ color: 'error.main', mb: 1 }}>{CHAT_TEXTS.generic}</Typography>
              <Button onClick={() => void chats.refetch()}>{CHAT_TEXTS.tryAgain}</Button>
            </Box>
          ) : (
            <ChatList
              viewer={role}
              chats={chats.data ?? []}
              loading={chats.isPending}
              selected={selected}
              customer={customer}
              onSelect={open}
              onOpenMessage={(c, m) => void openMessage(c, m)}
              onCreate={() => {
                setCreating(true);
                navigate(`${base}/`);
              }}
            />
          )}
        </Box>
      )}
      {showBody && (
        <Box
          component="main"
          data-tour="chat-body"
          sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column', position: 'relative' }}
        >
          {creating ? (
            <Suspense fallback={null}>
              <CreateGroup customer={customer} onCreated={open} onCancel={() => setCreating(false)} />
            </Suspense>
          ) : chat ? (
            <ChatView
              key={chat.chatId}
              chat={chat}
              viewer={role}
              me={me}
              compact={compact}
              jumpTo={jumpTo}
              jumpPage={jumpPage}
              onBack={() => navigate(`${base}/`)}
              onOpenMessage={(messageId) => void openMessage(chat.chatId, messageId)}
            />
          ) : selected && chats.isSuccess ? (
            <EmptyState text="This chat is not available." />
          ) : (
            <EmptyState
              text={
                role === 'customer' && chats.isSuccess && chats.data.length === 0
                  ? 'Add translators to My Team to start chatting.'
                  : 'Select a chat to start messaging'
              }
              onCreate={chatCan(role, 'createGroup') ? () => setCreating(true) : undefined}
            />
          )}
        </Box>
      )}
      {touring && role !== 'admin' && chats.isSuccess && (
        <Suspense fallback={null}>
          <OnboardingTour
            viewer={role}
            onDone={() => {
              writeStored(tourFlagKey(me), 'done');
              setTouring(false);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}

function EmptyState({ text, onCreate }: { text: string; onCreate?: () => void }) {
  return (
    <Box sx={{ m: 'auto', textAlign: 'center', p: 3 }}>
      <Typography sx={{ color: 'text.secondary' }}>{text}</Typography>
      {onCreate && (
        <>
          <Typography sx={{ color: 'text.secondary', my: 1 }}>or</Typography>
          <Button variant="contained" onClick={onCreate}>
            Create new chat
          </Button>
        </>
      )}
    </Box>
  );
}
