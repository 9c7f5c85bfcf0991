import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import { Field } from '../../../ui/Field';
import { LazyTooltip as Tooltip } from '../../../ui/LazyTooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FavoriteIcon from '@mui/icons-material/Favorite';
import HelpIcon from '@mui/icons-material/HelpOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import MoreIcon from '@mui/icons-material/MoreVert';
import PinIcon from '@mui/icons-material/PushPinOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_LIMITS, CHAT_TEXTS, chatCan, groupChats } from '@parlance/shared';
import { useRef, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { OnDemand } from '../../../ui/OnDemand';
import { CHAT_API, type Attachment, type Chat, chatCall, type FoundMessage, refreshChat } from '../api';
import { type ChatRole, chatTitleFor, relativeTime } from '../format';
import { ChatAvatar } from './ChatAvatar';
import { chatKeys } from '../api';
import { Snippet } from './Snippet';
import { useDebouncedValue } from '../../../ui/use-debounced-value';

// the add-chat and pin menus load when first opened (ActionMenu)
const ActionMenu = lazy(() => import('./on-demand').then((m) => ({ default: m.ActionMenu })));

interface Props {
  viewer: ChatRole;
  chats: Chat[];
  /** the list has not arrived yet: rows of its size stand in, not "No chats yet" */
  loading?: boolean;
  selected: number | null;
  customer?: number;
  onSelect: (chatId: number) => void;
  onOpenMessage: (chatId: number, messageId: number) => void;
  onCreate: () => void;
}

/** The left panel: title, add-chat, global search and the grouped list. */
export function ChatList({
  viewer: role,
  chats,
  loading = false,
  selected,
  customer,
  onSelect,
  onOpenMessage,
  onCreate,
}: Props) {
  const [addAnchor, setAddAnchor] = useState<HTMLElement | null>(null);
  const [phrase, setPhrase] = useState('');
  const debounced = useDebouncedValue(phrase.trim(), CHAT_LIMITS.globalSearchDebounceMs);
  const groups = groupChats(chats, role);
  const sections: [string, Chat[]][] =
    role === 'translator'
      ? [
          ['Pinned', groups.pinned],
          ['My teams', groups.recent],
        ]
      : [
          ['My teams', groups.custom],
          ['Pinned', groups.pinned],
          ['Recent', groups.recent],
        ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 2, pb: 1, gap: 0.5 }}>
        <Typography component="h1" variant="h6" sx={{ fontWeight: 700, flex: 1 }}>
          Team Chat
          <Tooltip title="Talk to your translators and the Parlance team. Pin chats to keep them on top.">
            <HelpIcon fontSize="small" sx={{ ml: 0.5, verticalAlign: 'middle', color: 'text.secondary' }} />
          </Tooltip>
        </Typography>
        {chatCan(role, 'createGroup') && (
          <>
            <IconButton aria-label="Add chat" onClick={(e) => setAddAnchor(e.currentTarget)} data-tour="add-chat">
              <AddIcon />
            </IconButton>
            <OnDemand when={!!addAnchor}>
              <ActionMenu
                anchorEl={addAnchor}
                onClose={() => setAddAnchor(null)}
                actions={[
                  {
                    label: 'Team group',
                    onClick: () => {
                      setAddAnchor(null);
                      onCreate();
                    },
                  },
                ]}
              />
            </OnDemand>
          </>
        )}
      </Box>
      <Box sx={{ px: 2, pb: 1 }} data-tour="global-search">
        <Field
          size="small"
          fullWidth
          placeholder="Search files, chats and messages"
          value={phrase}
          onChange={(e) => setPhrase(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search all chats' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        {debounced ? (
          <GlobalResults
            phrase={debounced}
            customer={customer}
            viewer={role}
            onSelect={(id) => {
              setPhrase('');
              onSelect(id);
            }}
            onOpenMessage={(chatId, messageId) => {
              setPhrase('');
              onOpenMessage(chatId, messageId);
            }}
          />
        ) : loading ? (
          <Box role="status" aria-busy="true" aria-label="Loading chats" sx={{ pt: 4 }}>
            {[0, 1, 2].map((n) => (
              <Box key={n} sx={{ display: 'flex', gap: 1, px: 2, py: 1 }}>
                <Skeleton variant="circular" width={36} height={36} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton variant="text" width="60%" />
                  <Skeleton variant="text" width="90%" />
                </Box>
              </Box>
            ))}
          </Box>
        ) : chats.length === 0 ? (
          <Typography sx={{ p: 2, color: 'text.secondary' }}>
            {role === 'customer' ? 'No chats yet. Add translators to My Team or create a team group.' : 'No chats yet.'}
          </Typography>
        ) : (
          sections
            .filter(([, list]) => list.length > 0)
            .map(([label, list]) => (
              <List key={label} dense subheader={<ListSubheader sx={{ lineHeight: '32px' }}>{label}</ListSubheader>}>
                {list.map((c) => (
                  <ChatRow key={c.chatId} chat={c} viewer={role} selected={c.chatId === selected} onSelect={onSelect} />
                ))}
              </List>
            ))
        )}
      </Box>
    </Box>
  );
}

function ChatRow({
  chat,
  viewer: role,
  selected,
  onSelect,
}: {
  chat: Chat;
  viewer: ChatRole;
  selected: boolean;
  onSelect: (id: number) => void;
}) {
  const client = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const touchStart = useRef<number | null>(null);
  const canPin = chatCan(role, 'pinChat', { chatType: chat.type });
  const togglePin = async () => {
    setAnchor(null);
    await chatCall(client, `${CHAT_API}/chats/${chat.chatId}`, {
      method: 'PATCH',
      body: { json: { isPinned: !chat.pinnedAt } },
    });
    refreshChat(client);
  };
  const last = chat.lastMessage;
  const preview = last
    ? `${last.author ? `${last.author.name}: ` : ''}${last.text || last.attachmentName || CHAT_TEXTS.attachmentDeleted}`
    : 'No messages yet';
  const title = chatTitleFor(chat, role);
  return (
    <ListItem
      disablePadding
      data-tour="chat-row"
      secondaryAction={
        canPin ? (
          <IconButton
            size="small"
            edge="end"
            aria-label={`Chat menu for ${title}`}
            data-tour="chat-menu"
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <MoreIcon fontSize="small" />
          </IconButton>
        ) : undefined
      }
    >
      <ListItemButton
        selected={selected}
        onClick={() => onSelect(chat.chatId)}
        onTouchStart={(e) => {
          touchStart.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchStart.current;
          const end = e.changedTouches[0]?.clientX;
          touchStart.current = null;
          if (canPin && start !== null && end !== undefined && start - end > CHAT_LIMITS.swipeThresholdPx)
            void togglePin();
        }}
        sx={{ alignItems: 'flex-start', gap: 1, pr: canPin ? 6 : 2 }}
        aria-label={`${title}${chat.notifications.messages ? `, ${chat.notifications.messages} unread` : ''}`}
      >
        <ChatAvatar chatId={chat.chatId} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {chat.deletedAt && <LockIcon fontSize="inherit" titleAccess="Removed chat" />}
            <Typography noWrap sx={{ fontWeight: chat.notifications.messages ? 700 : 500, flex: 1, fontSize: 14 }}>
              {title}
            </Typography>
            {chat.pinnedAt && <PinIcon fontSize="inherit" aria-label="Pinned" color="action" />}
            <Typography sx={{ fontSize: 12, color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {relativeTime(last?.createdAt ?? chat.createdAt)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Typography noWrap sx={{ fontSize: 13, color: 'text.secondary', flex: 1 }}>
              {preview}
            </Typography>
            {chat.notifications.reactions > 0 && (
              <FavoriteIcon sx={{ fontSize: 14 }} color="error" aria-label="New reactions" />
            )}
            {chat.notifications.messages > 0 && (
              <Badge badgeContent={chat.notifications.messages} color="primary" max={99} sx={{ mx: 1.5 }} />
            )}
          </Box>
        </Box>
      </ListItemButton>
      <OnDemand when={!!anchor}>
        <ActionMenu
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          actions={[{ label: chat.pinnedAt ? 'Unpin' : 'Pin', onClick: () => void togglePin() }]}
        />
      </OnDemand>
    </ListItem>
  );
}

function GlobalResults({
  phrase,
  customer,
  viewer: role,
  onSelect,
  onOpenMessage,
}: {
  phrase: string;
  customer?: number;
  viewer: ChatRole;
  onSelect: (id: number) => void;
  onOpenMessage: (chatId: number, messageId: number) => void;
}) {
  const client = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: chatKeys.search(phrase, customer),
    queryFn: () =>
      chatCall<{
        attachments: (Attachment & { chatId: number; messageId: number })[];
        chats: Chat[];
        messages: FoundMessage[];
      }>(client, `${CHAT_API}/search/${encodeURIComponent(phrase)}${customer ? `?customer=${customer}` : ''}`),
  });
  if (isPending) return <Typography sx={{ p: 2, color: 'text.secondary' }}>Searching…</Typography>;
  if (!data || (data.attachments.length === 0 && data.chats.length === 0 && data.messages.length === 0))
    return <Typography sx={{ p: 2, color: 'text.secondary' }}>Nothing found for “{phrase}”</Typography>;
  return (
    <Box aria-label="Search results">
      {data.attachments.length > 0 && (
        <List dense subheader={<ListSubheader>Files</ListSubheader>}>
          {data.attachments.map((a) => (
            <ListItem key={a.id} disablePadding>
              <ListItemButton onClick={() => onOpenMessage(a.chatId, a.messageId)}>
                <Typography noWrap sx={{ fontSize: 14 }}>
                  {a.originalName}
                </Typography>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {data.chats.length > 0 && (
        <List dense subheader={<ListSubheader>Chats</ListSubheader>}>
          {data.chats.map((c) => (
            <ListItem key={c.chatId} disablePadding>
              <ListItemButton onClick={() => onSelect(c.chatId)}>
                <Typography noWrap sx={{ fontSize: 14 }}>
                  {chatTitleFor(c, role)}
                </Typography>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {data.messages.length > 0 && (
        <List dense subheader={<ListSubheader>Messages</ListSubheader>}>
          {data.messages.map((m) => (
            <ListItem key={m.id} disablePadding>
              <ListItemButton onClick={() => onOpenMessage(m.chatId, m.id)} sx={{ display: 'block' }}>
                <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>{m.author?.name}</Typography>
                <Typography noWrap sx={{ fontSize: 14 }}>
                  <Snippet snippet={m.snippet} />
                </Typography>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
