import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import { Field } from '../../../ui/Field';
import { LazyTooltip as Tooltip } from '../../../ui/LazyTooltip';
import Typography from '@mui/material/Typography';
import AttachIcon from '@mui/icons-material/AttachFile';
import DownIcon from '@mui/icons-material/ArrowDownward';
import BackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import RemoveIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import EmojiIcon from '@mui/icons-material/InsertEmoticonOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import MoreIcon from '@mui/icons-material/MoreVert';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import PinIcon from '@mui/icons-material/PushPin';
import ReplyIcon from '@mui/icons-material/Reply';
import SearchIcon from '@mui/icons-material/Search';
import SendIcon from '@mui/icons-material/Send';
import { KEEP_CLEAR_ATTRIBUTE } from '../../../shell/admin-tools/size';
import { useQueryClient } from '@tanstack/react-query';
import {
  CHAT_LIMITS,
  CHAT_TEXTS,
  chatCan,
  chatTitleError,
  firstUnreadId,
  groupByDay,
  isDoubleTap,
  REACTION_TYPES,
  type ReactionType,
  unreadChipLabel,
} from '@parlance/shared';
import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { usePermission } from '../../../app/current-user';
import { OnDemand } from '../../../ui/OnDemand';
import { formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toast';
import {
  CHAT_API,
  type Chat,
  chatCall,
  downloadFile,
  formatSize,
  type Message,
  refreshChat,
  uploadFile,
  useHistory,
  usePinned,
} from '../api';
import { type ChatRole, chatTitleFor, timeOfDay } from '../format';
import { ChatAvatar } from './ChatAvatar';
import type { MenuAction } from './ActionMenu';

// menus, the emoji popover (and emoji-mart after it) and the side panel load when first opened
const loadOnDemand = () => import('./on-demand');
const ActionMenu = lazy(() => loadOnDemand().then((m) => ({ default: m.ActionMenu })));
const EmojiPopover = lazy(() => loadOnDemand().then((m) => ({ default: m.EmojiPopover })));
const SidePanel = lazy(() => loadOnDemand().then((m) => ({ default: m.SidePanel })));
const RemoveChatDialog = lazy(() => loadOnDemand().then((m) => ({ default: m.RemoveChatDialog })));
/** the panel's code starts loading when the pointer or focus reaches one of its buttons */
const prefetchPanel = () => void loadOnDemand();

const REACTION_EMOJI: Record<ReactionType, string> = { like: '👍', heart: '❤️', checked: '✅', ok: '👌' };

interface Props {
  chat: Chat;
  viewer: ChatRole;
  me: number;
  compact: boolean;
  jumpTo: number | null;
  jumpPage: number | null;
  onBack: () => void;
  /** jump to a message of this chat (at its page: ?message=&page=) */
  onOpenMessage: (messageId: number) => void;
}

export function ChatView({ chat, viewer: role, me, compact, jumpTo, jumpPage, onBack, onOpenMessage }: Props) {
  const client = useQueryClient();
  const history = useHistory(chat.chatId);
  const pinned = usePinned(chat.chatId);
  const [panel, setPanel] = useState<'search' | 'files' | 'members' | null>(null);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // scrolled more than 100 px up from the bottom: new messages stay unread and the chip offers a jump
  const [away, setAway] = useState(false);
  const messages = useMemo(() => {
    const pages = history.data?.pages ?? [];
    return [...pages].reverse().flatMap((p) => p.data);
  }, [history.data]);
  const days = groupByDay(messages, new Date());
  const failed = history.isError;
  const canRename = chatCan(role, 'renameChat', { chatType: chat.type }) && !failed;
  // a customer's chat with nobody else in it (spec 3 section 5: the composer is disabled, with a hint)
  const noMembers = role === 'customer' && chat.membersCount <= 1;

  // mark read when opened, and whenever something new arrives while the reader is at the bottom
  const newest = messages[messages.length - 1]?.id;
  const unread = chat.notifications.messages;
  const pendingNotes = unread + chat.notifications.reactions;
  const seenFor = useRef<number | null>(null);
  const markSeen = useCallback(() => {
    void chatCall(client, `${CHAT_API}/chats/${chat.chatId}/seen`, { method: 'PATCH' })
      .then(() => refreshChat(client))
      .catch(() => undefined);
  }, [client, chat.chatId]);
  useEffect(() => {
    if (newest === undefined || away) return;
    if (seenFor.current === newest && pendingNotes === 0) return;
    seenFor.current = newest;
    markSeen();
  }, [newest, away, pendingNotes, markSeen]);
  const firstUnread = firstUnreadId(messages, me, unread);
  const jumpToUnread = () => {
    const target = firstUnread === null ? null : document.getElementById(`message-${firstUnread}`);
    if (target) target.scrollIntoView({ block: 'start' });
    else if (scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
    seenFor.current = newest ?? null;
    markSeen();
  };

  // stay at the bottom unless the reader scrolled up more than 100 px
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current && newest !== undefined && jumpTo === null) el.scrollTop = el.scrollHeight;
  }, [newest, jumpTo]);

  // a jump loads older pages until the message's page is there
  const loadedPages = history.data?.pages.length ?? 0;
  useEffect(() => {
    if (jumpPage === null || history.isFetchingNextPage || !history.hasNextPage) return;
    if (loadedPages > 0 && loadedPages < jumpPage) void history.fetchNextPage();
  }, [jumpPage, loadedPages, history]);

  useEffect(() => {
    if (jumpTo === null) return;
    // re-run when another page arrives: the message may be on it
    const timer = setTimeout(
      () => {
        document.getElementById(`message-${jumpTo}`)?.scrollIntoView({ block: 'center' });
      },
      100 + loadedPages * 0,
    );
    return () => clearTimeout(timer);
  }, [jumpTo, loadedPages]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 100;
    setAway(!atBottom.current);
    if (el.scrollTop < 300 && history.hasNextPage && !history.isFetchingNextPage) {
      const before = el.scrollHeight;
      void history.fetchNextPage().then(() => {
        requestAnimationFrame(() => {
          if (scroller.current) scroller.current.scrollTop += scroller.current.scrollHeight - before;
        });
      });
    }
  };

  const act = async (path: string, method: 'POST' | 'PATCH' | 'DELETE', json?: unknown): Promise<boolean> => {
    try {
      await chatCall(client, `${CHAT_API}${path}`, { method, body: json ? { json } : undefined });
      refreshChat(client, chat.chatId);
      return true;
    } catch (e) {
      toast((e as Error).message || CHAT_TEXTS.generic, { variant: 'error' });
      return false;
    }
  };
  const removeChat = async () => {
    if (await act(`/chats/${chat.chatId}`, 'DELETE')) {
      setConfirmRemove(false);
      toast(CHAT_TEXTS.chatRemovedToast, { variant: 'success' });
    }
  };
  const restoreChat = async () => {
    if (await act(`/chats/${chat.chatId}/restore`, 'PATCH'))
      toast(CHAT_TEXTS.chatRestoredToast, { variant: 'success' });
  };

  const pinnedList = pinned.data ?? [];
  const title = chatTitleFor(chat, role);
  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            px: 1,
            py: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {compact && (
            <IconButton aria-label="Back" onClick={onBack}>
              <BackIcon />
            </IconButton>
          )}
          <ChatAvatar chatId={chat.chatId} size={32} />
          {renaming ? (
            <RenameField
              initial={chat.title}
              onCancel={() => setRenaming(false)}
              onSave={async (t) => {
                await act(`/chats/${chat.chatId}`, 'PATCH', { title: t });
                setRenaming(false);
              }}
            />
          ) : (
            <Typography
              component="h2"
              variant="subtitle1"
              noWrap
              sx={{ fontWeight: 700, flex: 1, pl: compact ? 0 : 1 }}
            >
              {chat.deletedAt && (
                <LockIcon
                  fontSize="small"
                  titleAccess="Removed chat"
                  sx={{ verticalAlign: 'middle', mr: 0.5, color: 'text.secondary' }}
                />
              )}
              {title}
              {canRename && !chat.deletedAt && (
                <IconButton size="small" aria-label="Rename chat" onClick={() => setRenaming(true)}>
                  <EditIcon fontSize="small" />
                </IconButton>
              )}
            </Typography>
          )}
          <Tooltip title="Search in chat">
            <IconButton
              aria-label="Search in chat"
              onPointerEnter={prefetchPanel}
              onFocus={prefetchPanel}
              onClick={() => setPanel(panel === 'search' ? null : 'search')}
            >
              <SearchIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Files">
            <IconButton
              aria-label="Files"
              onPointerEnter={prefetchPanel}
              onFocus={prefetchPanel}
              onClick={() => setPanel(panel === 'files' ? null : 'files')}
              data-tour="files"
            >
              <FolderIcon />
            </IconButton>
          </Tooltip>
          {chat.actions.remove && (
            <Tooltip title={CHAT_TEXTS.removeChat}>
              <IconButton
                aria-label={CHAT_TEXTS.removeChat}
                onPointerEnter={prefetchPanel}
                onFocus={prefetchPanel}
                onClick={() => setConfirmRemove(true)}
              >
                <RemoveIcon />
              </IconButton>
            </Tooltip>
          )}
          {chatCan(role, 'seeMembersTab') && (
            <Tooltip title="Members">
              <IconButton
                aria-label="Members"
                onPointerEnter={prefetchPanel}
                onFocus={prefetchPanel}
                onClick={() => setPanel(panel === 'members' ? null : 'members')}
              >
                <PeopleIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
        {pinnedList.length > 0 && (
          <PinnedBar
            messages={pinnedList}
            viewer={role}
            onUnpin={(id) => void act(`/messages/${id}`, 'PATCH', { isPinned: false })}
          />
        )}
        {failed && <Alert severity="error">{CHAT_TEXTS.generic}</Alert>}
        <Box sx={{ flex: 1, minHeight: 0, position: 'relative', display: 'flex', flexDirection: 'column' }}>
          <Box
            ref={scroller}
            onScroll={onScroll}
            sx={{ flex: 1, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 1, minHeight: 0 }}
            aria-label="Messages"
            role="log"
          >
            {history.isFetchingNextPage && (
              <Typography sx={{ textAlign: 'center', fontSize: 12 }}>Loading older messages…</Typography>
            )}
            {history.hasNextPage && !history.isFetchingNextPage && (
              <Box sx={{ textAlign: 'center' }}>
                <Button size="small" onClick={() => void history.fetchNextPage()}>
                  Load older messages
                </Button>
              </Box>
            )}
            {history.isPending && <Typography sx={{ color: 'text.secondary', p: 2 }}>Loading messages…</Typography>}
            {noMembers && (
              <Alert severity="info" sx={{ my: 1 }}>
                Nobody else is in this chat yet. Add members to start messaging.
              </Alert>
            )}
            {!history.isPending && messages.length === 0 && (
              <Typography sx={{ color: 'text.secondary', p: 2, textAlign: 'center' }}>
                No messages yet. Say hello!
              </Typography>
            )}
            {days.map((day) => (
              <Box key={day.key}>
                <Divider sx={{ my: 1.5 }}>
                  <Chip size="small" label={day.label} />
                </Divider>
                {day.items.map((m) => (
                  <MessageItem
                    key={m.id}
                    message={m}
                    me={me}
                    viewer={role}
                    highlighted={m.id === jumpTo}
                    onReply={() => setReplyTo(m)}
                    onOpenMessage={onOpenMessage}
                    onAct={act}
                  />
                ))}
              </Box>
            ))}
          </Box>
          {away && unread > 0 && (
            <Chip
              color="primary"
              icon={<DownIcon />}
              label={unreadChipLabel(unread)}
              onClick={jumpToUnread}
              sx={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)', boxShadow: 3 }}
            />
          )}
        </Box>
        {chat.deletedAt ? (
          <RemovedNotice
            deletedAt={chat.deletedAt}
            canRestore={chat.actions.restore}
            onRestore={() => void restoreChat()}
          />
        ) : (
          <Composer
            chat={chat}
            disabled={noMembers || failed || history.isPending}
            replyTo={replyTo}
            onClearReply={() => setReplyTo(null)}
            onSent={() => {
              atBottom.current = true;
              setReplyTo(null);
            }}
            compact={compact}
          />
        )}
      </Box>
      <OnDemand when={confirmRemove}>
        <RemoveChatDialog
          open={confirmRemove}
          title={title}
          onClose={() => setConfirmRemove(false)}
          onConfirm={removeChat}
        />
      </OnDemand>
      {panel && (
        <Suspense fallback={null}>
          <SidePanel
            chat={chat}
            viewer={role}
            me={me}
            panel={panel}
            onClose={() => setPanel(null)}
            compact={compact}
            onOpenMessage={onOpenMessage}
          />
        </Suspense>
      )}
    </Box>
  );
}

/** In the composer's place while the chat is removed: it is read-only; an admin may restore it. */
function RemovedNotice({
  deletedAt,
  canRestore,
  onRestore,
}: {
  deletedAt: string;
  canRestore: boolean;
  onRestore: () => void;
}) {
  // the button sits under the text, on the left: the admin's floating tools take the bottom right
  return (
    <Alert severity="info" icon={<LockIcon />} role="status" data-testid="chat-removed-notice" sx={{ m: 1 }}>
      {CHAT_TEXTS.chatRemoved} Removed {formatDateTime(deletedAt)}.
      {canRestore && (
        <Box sx={{ mt: 1 }}>
          <Button color="inherit" size="small" variant="outlined" onClick={onRestore}>
            {CHAT_TEXTS.restoreChat}
          </Button>
        </Box>
      )}
    </Alert>
  );
}

function RenameField({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (t: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const error = chatTitleError(value);
  const tooLong = value.trim().length > CHAT_LIMITS.titleMax;
  return (
    <Box
      component="form"
      sx={{ display: 'flex', gap: 1, flex: 1, alignItems: 'center' }}
      onSubmit={(e) => {
        e.preventDefault();
        if (error) {
          toast(error, { variant: 'error' });
          return;
        }
        void onSave(value.trim());
      }}
    >
      <Field
        size="small"
        autoFocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={tooLong}
        helperText={tooLong ? CHAT_TEXTS.titleTooLong : undefined}
        slotProps={{ htmlInput: { 'aria-label': 'Chat title' } }}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" size="small" disabled={tooLong}>
        Save
      </Button>
      <IconButton aria-label="Cancel rename" onClick={onCancel}>
        <CloseIcon />
      </IconButton>
    </Box>
  );
}

function PinnedBar({
  messages,
  viewer: role,
  onUnpin,
}: {
  messages: Message[];
  viewer: ChatRole;
  onUnpin: (id: number) => void;
}) {
  const [index, setIndex] = useState(0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = messages[index % messages.length];
  if (!current) return null;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 0.5, bgcolor: 'action.hover' }}
      aria-label="Pinned messages"
    >
      <PinIcon fontSize="small" color="primary" />
      <Box
        sx={{ flex: 1, minWidth: 0, cursor: 'pointer' }}
        onClick={() => {
          document.getElementById(`message-${current.id}`)?.scrollIntoView({ block: 'center' });
          setIndex((i) => i + 1);
        }}
      >
        <Typography sx={{ fontSize: 12, color: 'primary.main' }}>
          Pinned message {messages.length > 1 ? `${(index % messages.length) + 1} of ${messages.length}` : ''}
        </Typography>
        <Typography noWrap sx={{ fontSize: 13 }}>
          {current.text || current.attachments[0]?.originalName}
        </Typography>
      </Box>
      {chatCan(role, 'unpinFromPinnedBar') && (
        <>
          <IconButton size="small" onClick={(e) => setAnchor(e.currentTarget)} aria-label="Pinned message menu">
            <MoreIcon fontSize="small" />
          </IconButton>
          <OnDemand when={!!anchor}>
            <ActionMenu
              anchorEl={anchor}
              onClose={() => setAnchor(null)}
              actions={[
                {
                  label: 'Unpin',
                  onClick: () => {
                    setAnchor(null);
                    onUnpin(current.id);
                  },
                },
              ]}
            />
          </OnDemand>
        </>
      )}
    </Box>
  );
}

function MessageItem({
  message: m,
  me,
  viewer: role,
  highlighted,
  onReply,
  onOpenMessage,
  onAct,
}: {
  message: Message;
  me: number;
  viewer: ChatRole;
  highlighted: boolean;
  onReply: () => void;
  onOpenMessage: (messageId: number) => void;
  onAct: (path: string, method: 'POST' | 'PATCH' | 'DELETE', json?: unknown) => Promise<unknown>;
}) {
  const client = useQueryClient();
  // approving, declining, deleting and restoring others' messages is the moderators' permission
  const canModerate = usePermission('moderation.write') && chatCan(role, 'moderateMessage');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // a double tap on a touch screen opens the message's actions, as its small actions button does
  const lastTap = useRef(0);
  const actionsButton = useRef<HTMLButtonElement>(null);
  if (m.type === 'system') {
    const verb = m.action === 'add' ? 'added' : m.action === 'remove' ? 'removed' : 'pinned a message of';
    return (
      <Typography sx={{ textAlign: 'center', fontSize: 12, color: 'text.secondary', my: 0.5 }}>
        {m.author?.name} {verb} {m.user?.name} · {timeOfDay(m.createdAt)}
      </Typography>
    );
  }
  if (m.deletedAt) {
    // a system line with the time; admins restore from it (Undo)
    return (
      <Typography
        id={`message-${m.id}`}
        component="div"
        sx={{ textAlign: 'center', fontSize: 12, color: 'text.secondary', my: 0.5 }}
      >
        Message deleted · {timeOfDay(m.createdAt)}
        {canModerate && (
          <Button
            size="small"
            sx={{ ml: 1, minWidth: 0, py: 0, fontSize: 12 }}
            onClick={() => void onAct(`/messages/${m.id}/restore`, 'PATCH')}
            aria-label={`Undo deleting the message of ${m.author?.name ?? 'someone'}`}
          >
            Undo
          </Button>
        )}
      </Typography>
    );
  }
  const mine = m.author?.id === me;
  const approved = m.status === 'approved';
  const close = () => setAnchor(null);
  const copy = async () => {
    close();
    try {
      await navigator.clipboard.writeText(m.text);
      toast(CHAT_TEXTS.copied, { variant: 'success' });
    } catch {
      toast(CHAT_TEXTS.copyFailed, { variant: 'error' });
    }
  };
  const grouped = REACTION_TYPES.map((type) => ({ type, people: m.reactions.filter((r) => r.type === type) })).filter(
    (g) => g.people.length > 0,
  );
  /** the message's menu, in the order it shows them */
  const messageActions = (): MenuAction[] => {
    const actions: MenuAction[] = [];
    if (approved && !m.deletedAt)
      actions.push({
        label: 'Reply',
        onClick: () => {
          close();
          onReply();
        },
      });
    if (m.text) actions.push({ label: 'Copy text', onClick: () => void copy() });
    if (chatCan(role, 'pinMessage', { messageStatus: m.status }) && !m.deletedAt)
      actions.push({
        label: m.isPinned ? 'Unpin' : 'Pin',
        onClick: () => {
          close();
          void onAct(`/messages/${m.id}`, 'PATCH', { isPinned: !m.isPinned });
        },
      });
    if (canModerate && m.status === 'moderation')
      actions.push(
        {
          label: 'Approve',
          onClick: () => {
            close();
            void onAct(`/messages/${m.id}/moderation`, 'PATCH', { status: 'approved' });
          },
        },
        {
          label: 'Decline',
          onClick: () => {
            close();
            void onAct(`/messages/${m.id}/moderation`, 'PATCH', { status: 'declined' });
          },
        },
      );
    if (canModerate)
      actions.push({
        label: m.deletedAt ? 'Restore' : 'Delete',
        onClick: () => {
          close();
          if (m.deletedAt) void onAct(`/messages/${m.id}/restore`, 'PATCH');
          else
            void onAct(`/messages/${m.id}`, 'DELETE').then(() =>
              toast('Message deleted', {
                action: () => (
                  <Button color="inherit" size="small" onClick={() => void onAct(`/messages/${m.id}/restore`, 'PATCH')}>
                    Undo
                  </Button>
                ),
              }),
            );
        },
      });
    return actions;
  };
  return (
    <Box
      id={`message-${m.id}`}
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', my: 0.75 }}
      data-testid="chat-message"
      onTouchEnd={(e) => {
        if (isDoubleTap(lastTap.current, e.timeStamp)) {
          lastTap.current = 0;
          setAnchor(actionsButton.current);
        } else lastTap.current = e.timeStamp;
      }}
    >
      <Box
        sx={{
          maxWidth: { xs: '85%', sm: '70%' },
          bgcolor: mine ? 'action.selected' : 'grey.100',
          border: 1,
          borderColor: highlighted ? 'warning.main' : m.status === 'moderation' ? 'warning.light' : 'transparent',
          borderRadius: 2,
          px: 1.5,
          py: 1,
          opacity: m.deletedAt ? 0.6 : 1,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography sx={{ fontSize: 12, fontWeight: 700 }}>{m.author?.name ?? 'Someone'}</Typography>
          <Typography sx={{ fontSize: 11, color: 'text.secondary' }}>{timeOfDay(m.createdAt)}</Typography>
          {m.isPinned && <PinIcon sx={{ fontSize: 12 }} color="primary" aria-label="Pinned" />}
          <Box sx={{ flex: 1 }} />
          <IconButton
            ref={actionsButton}
            size="small"
            aria-label="Message actions"
            onClick={(e) => setAnchor(e.currentTarget)}
            sx={{ p: 0.25 }}
          >
            <ReplyIcon sx={{ fontSize: 16, transform: 'scaleX(-1)' }} />
          </IconButton>
        </Box>
        {m.replyTo && (
          // the quoted message: a click jumps to it, loading its page when it is older
          <Box
            component="button"
            type="button"
            onClick={() => m.replyTo && onOpenMessage(m.replyTo.id)}
            aria-label={`Go to the message of ${m.replyTo.author?.name ?? 'someone'} this replies to`}
            sx={{
              display: 'block',
              width: '100%',
              textAlign: 'left',
              font: 'inherit',
              bgcolor: 'transparent',
              border: 0,
              borderLeft: 3,
              borderColor: 'primary.main',
              pl: 1,
              py: 0,
              my: 0.5,
              color: 'text.secondary',
              cursor: 'pointer',
            }}
          >
            <Typography component="span" sx={{ display: 'block', fontSize: 12, fontWeight: 600 }}>
              {m.replyTo.author?.name}
            </Typography>
            <Typography component="span" noWrap sx={{ display: 'block', fontSize: 12 }}>
              {m.replyTo.deletedAt ? 'Message deleted' : m.replyTo.text}
            </Typography>
          </Box>
        )}
        {m.text && (
          <Typography sx={{ fontSize: 14, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.text}</Typography>
        )}
        {!m.text && m.attachments.length === 0 && !m.deletedAt && (
          <Typography sx={{ fontSize: 14, fontStyle: 'italic', color: 'text.secondary' }}>
            {CHAT_TEXTS.attachmentDeleted}
          </Typography>
        )}
        {m.attachments.map((a) => (
          <Button
            key={a.id}
            size="small"
            startIcon={<FileIcon />}
            onClick={() => void downloadFile(client, a).catch(() => toast(CHAT_TEXTS.generic, { variant: 'error' }))}
            sx={{ textTransform: 'none', display: 'flex', mt: 0.5 }}
          >
            {a.originalName} · {formatSize(a.size)}
          </Button>
        ))}
        {m.status === 'moderation' && (
          <Typography sx={{ fontSize: 12, color: 'warning.dark', mt: 0.5 }}>{CHAT_TEXTS.underModeration}</Typography>
        )}
        {m.status === 'declined' && (
          <Typography sx={{ fontSize: 12, color: 'error.main', mt: 0.5 }}>{CHAT_TEXTS.declined}</Typography>
        )}
        {m.deletedAt && <Typography sx={{ fontSize: 12, color: 'error.main' }}>Deleted</Typography>}
        {grouped.length > 0 && (
          <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
            {grouped.map((g) => (
              <Chip
                key={g.type}
                size="small"
                label={`${REACTION_EMOJI[g.type]} ${g.people.length}`}
                variant={g.people.some((p) => p.author.id === me) ? 'filled' : 'outlined'}
                onClick={() => void onAct(`/messages/${m.id}/reaction`, 'POST', { type: g.type })}
                aria-label={`${g.type} by ${g.people.map((p) => p.author.name).join(', ')}`}
              />
            ))}
          </Box>
        )}
      </Box>
      <OnDemand when={!!anchor}>
        <ActionMenu
          anchorEl={anchor}
          onClose={close}
          header={
            approved &&
            !m.deletedAt && (
              // a menu holds menu items and groups of them only: the reactions are a group of items
              <Box sx={{ display: 'flex', px: 1 }} role="group" aria-label="Reactions">
                {REACTION_TYPES.map((type) => (
                  <IconButton
                    key={type}
                    role="menuitem"
                    aria-label={`React ${type}`}
                    onClick={() => {
                      close();
                      void onAct(`/messages/${m.id}/reaction`, 'POST', { type });
                    }}
                  >
                    <span aria-hidden>{REACTION_EMOJI[type]}</span>
                  </IconButton>
                ))}
              </Box>
            )
          }
          actions={messageActions()}
        />
      </OnDemand>
    </Box>
  );
}

interface Pending {
  key: string;
  name: string;
  state: 'uploading' | 'done' | 'error';
  id?: number;
}

function Composer({
  chat,
  disabled,
  replyTo,
  onClearReply,
  onSent,
  compact,
}: {
  chat: Chat;
  disabled: boolean;
  replyTo: Message | null;
  onClearReply: () => void;
  onSent: () => void;
  compact: boolean;
}) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Pending[]>([]);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const [emojiAnchor, setEmojiAnchor] = useState<HTMLElement | null>(null);
  const uploading = files.some((f) => f.state === 'uploading');
  const ready = files.filter((f) => f.state === 'done');
  const canSend = !disabled && !sending && !uploading && (text.trim() !== '' || ready.length > 0);
  const countdown = countdownOf(text.length);

  const addFiles = (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      if (file.size > CHAT_LIMITS.attachmentMaxBytes) {
        toast(CHAT_TEXTS.fileTooLarge, { variant: 'error' });
        continue;
      }
      const key = `${file.name}-${Math.random()}`;
      setFiles((f) => [...f, { key, name: file.name, state: 'uploading' }]);
      uploadFile(client, file)
        .then((r) => setFiles((f) => f.map((p) => (p.key === key ? { ...p, state: 'done', id: r.id } : p))))
        .catch(() => setFiles((f) => f.map((p) => (p.key === key ? { ...p, state: 'error' } : p))));
    }
    if (input.current) input.current.value = '';
  };

  /** puts the picked emoji where the caret is (or at the end) and keeps typing there */
  const insertEmoji = (native: string) => {
    const el = textArea.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + native + text.slice(end));
    setEmojiAnchor(null);
    requestAnimationFrame(() => {
      if (!textArea.current) return;
      textArea.current.focus();
      textArea.current.setSelectionRange(start + native.length, start + native.length);
    });
  };

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    const clientId = crypto.randomUUID();
    const body = {
      text,
      chat: { id: chat.chatId },
      attachments: ready.map((f) => ({ id: f.id })),
      clientId,
      ...(replyTo ? { message: { id: replyTo.id } } : {}),
    };
    try {
      await chatCall(client, `${CHAT_API}/${replyTo ? 'reply-messages' : 'direct-messages'}`, {
        method: 'POST',
        body: { json: body },
      });
      setText('');
      setFiles([]);
      onSent();
      refreshChat(client, chat.chatId);
    } catch (e) {
      toast(ready.length || replyTo ? CHAT_TEXTS.attachmentFailed : (e as Error).message || CHAT_TEXTS.generic, {
        variant: 'error',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1 }} data-tour="composer" {...{ [KEEP_CLEAR_ATTRIBUTE]: '' }}>
      {replyTo && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            mb: 0.5,
            borderLeft: 3,
            borderColor: 'primary.main',
            pl: 1,
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontSize: 12, fontWeight: 600 }}>Reply to {replyTo.author?.name}</Typography>
            <Typography noWrap sx={{ fontSize: 12 }}>
              {replyTo.text}
            </Typography>
          </Box>
          <IconButton size="small" aria-label="Cancel reply" onClick={onClearReply}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      {files.length > 0 && (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mb: 0.5 }}>
          {files.map((f) => (
            <Chip
              key={f.key}
              size="small"
              color={f.state === 'error' ? 'error' : 'default'}
              label={`${f.name}${f.state === 'uploading' ? ' (uploading…)' : f.state === 'error' ? ' (failed)' : ''}`}
              onDelete={() => setFiles((list) => list.filter((p) => p.key !== f.key))}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          onChange={(e) => addFiles(e.target.files)}
          aria-label="Attach files"
          data-testid="chat-file-input"
        />
        <IconButton aria-label="Attach files" onClick={() => input.current?.click()} disabled={disabled}>
          <AttachIcon />
        </IconButton>
        <IconButton
          aria-label="Insert emoji"
          onClick={(e) => setEmojiAnchor(e.currentTarget)}
          disabled={disabled}
          aria-haspopup="dialog"
        >
          <EmojiIcon />
        </IconButton>
        <OnDemand when={!!emojiAnchor}>
          <EmojiPopover
            anchorEl={emojiAnchor}
            onClose={() => setEmojiAnchor(null)}
            onPick={insertEmoji}
            compact={compact}
          />
        </OnDemand>
        <Field
          inputRef={textArea}
          multiline
          fullWidth
          size="small"
          maxRows={compact ? CHAT_LIMITS.composerRowsMobile : CHAT_LIMITS.composerRowsDesktop}
          placeholder="Write a message"
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
          slotProps={{
            htmlInput: {
              'aria-label': 'Message',
              maxLength: CHAT_LIMITS.messageMax,
              'aria-describedby': countdown ? 'chat-composer-countdown' : undefined,
            },
          }}
        />
        <IconButton aria-label="Send" color="primary" disabled={!canSend} onClick={() => void send()}>
          <SendIcon />
        </IconButton>
      </Box>
      {/* polite: a screen reader reads the count when the typing pauses, not at every key */}
      <Typography
        id="chat-composer-countdown"
        role="status"
        variant="caption"
        sx={{ display: countdown ? 'block' : 'none', textAlign: 'right', pr: 6, color: countdown?.color }}
      >
        {countdown?.text}
      </Typography>
    </Box>
  );
}

/** What the composer says near the length limit: the characters left, or that the limit is reached. */
function countdownOf(length: number): { text: string; color: string } | null {
  if (length < CHAT_LIMITS.messageCountdownFrom) return null;
  const left = CHAT_LIMITS.messageMax - length;
  if (left <= 0) return { text: CHAT_TEXTS.messageTooLong, color: 'error.main' };
  return {
    text: `${left.toLocaleString('en-US')} character${left === 1 ? '' : 's'} left`,
    color: left <= 100 ? 'warning.dark' : 'text.secondary',
  };
}
