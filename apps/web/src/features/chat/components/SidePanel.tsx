import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import { UserLine } from './UserLine';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_TEXTS, chatCan } from '@parlance/shared';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import {
  CHAT_API,
  type Chat,
  type ChatUser,
  chatCall,
  chatKeys,
  downloadFile,
  formatSize,
  refreshChat,
  useContacts,
  useFiles,
  useMembers,
} from '../api';
import type { ChatRole } from '../format';
import { InChatSearch } from './InChatSearch';
import { usePermission } from '../../../app/current-user';

interface Props {
  chat: Chat;
  viewer: ChatRole;
  me: number;
  panel: 'search' | 'files' | 'members';
  compact: boolean;
  /** opens a message at its history page (ChatPage's jump) */
  onOpenMessage: (messageId: number) => void;
  onClose: () => void;
}

/** The right-hand panel: in-chat search, files or members, with Hide. */
export function SidePanel({ chat, viewer: role, me, panel, compact, onClose, onOpenMessage }: Props) {
  return (
    <Box
      component="aside"
      aria-label={panel === 'search' ? 'Search in chat' : panel === 'files' ? 'Files' : 'Members'}
      sx={{
        width: compact ? '100%' : 300,
        position: compact ? 'absolute' : 'static',
        inset: compact ? 0 : undefined,
        zIndex: 2,
        bgcolor: 'background.paper',
        borderLeft: 1,
        borderColor: 'divider',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography component="h3" sx={{ fontWeight: 700, flex: 1 }}>
          {panel === 'search' ? 'Search' : panel === 'files' ? 'Files' : `Members (${chat.membersCount})`}
        </Typography>
        <Button size="small" onClick={onClose}>
          Hide
        </Button>
      </Box>
      <Box sx={{ p: 2, overflowY: 'auto', flex: 1, minHeight: 0 }}>
        {panel === 'search' && (
          <InChatSearch
            chatId={chat.chatId}
            onOpen={(messageId) => {
              // the page's jump: the message's history page is asked, then loaded up to it
              onOpenMessage(messageId);
              if (compact) onClose();
            }}
          />
        )}
        {panel === 'files' && <Files chat={chat} viewer={role} me={me} />}
        {panel === 'members' && <Members chat={chat} me={me} />}
      </Box>
    </Box>
  );
}

function Files({ chat, viewer: role, me }: { chat: Chat; viewer: ChatRole; me: number }) {
  const client = useQueryClient();
  const files = useFiles(chat.chatId, true);
  // staff delete others' attachments with the moderation permission only; their own, as anyone
  const canModerate = usePermission('moderation.write');
  const [confirm, setConfirm] = useState<{ id: number; messageId: number; name: string } | null>(null);
  if (files.isPending) return <Typography>Loading…</Typography>;
  if (!files.data?.length) return <Typography sx={{ color: 'text.secondary' }}>No files in this chat yet.</Typography>;
  return (
    <>
      {files.data.map((f) => (
        <Box key={f.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography noWrap sx={{ fontSize: 14 }}>
              {f.originalName}
            </Typography>
            <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>{formatSize(f.size)}</Typography>
          </Box>
          <IconButton aria-label={`Download ${f.originalName}`} onClick={() => void downloadFile(client, f)}>
            <DownloadIcon fontSize="small" />
          </IconButton>
          {chatCan(role, 'deleteAnyAttachment', { ownAttachment: f.uploaderId === me }) &&
            (f.uploaderId === me || canModerate) && (
              <IconButton
                aria-label={`Delete ${f.originalName}`}
                onClick={() => setConfirm({ id: f.id, messageId: f.messageId, name: f.originalName })}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
        </Box>
      ))}
      <Dialog open={!!confirm} onClose={() => setConfirm(null)}>
        <DialogTitle>Remove attachment?</DialogTitle>
        <DialogContent>“{confirm?.name}” will be removed for everyone in this chat.</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>Cancel</Button>
          <Button
            color="error"
            onClick={async () => {
              if (!confirm) return;
              try {
                await chatCall(client, `${CHAT_API}/messages/${confirm.messageId}/attachments/${confirm.id}`, {
                  method: 'DELETE',
                });
                void client.invalidateQueries({ queryKey: chatKeys.files(chat.chatId) });
                refreshChat(client, chat.chatId);
              } catch (e) {
                toast((e as Error).message || CHAT_TEXTS.generic, { variant: 'error' });
              }
              setConfirm(null);
            }}
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Members({ chat, me }: { chat: Chat; me: number }) {
  const client = useQueryClient();
  const members = useMembers(chat.chatId, true);
  const contacts = useContacts();
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<ChatUser | null>(null);
  const ids = new Set((members.data ?? []).map((m) => m.user.id));
  const candidates = (contacts.data ?? []).filter((c) => !ids.has(c.id));
  const refresh = () => {
    void client.invalidateQueries({ queryKey: chatKeys.members(chat.chatId) });
    refreshChat(client, chat.chatId);
  };
  return (
    <>
      {chat.type === 'custom' && !chat.deletedAt && (
        <Box sx={{ mb: 1 }}>
          {adding ? (
            <SelectField
              size="small"
              fullWidth
              label="Add member"
              value=""
              onChange={async (e) => {
                try {
                  await chatCall(client, `${CHAT_API}/chat-members`, {
                    method: 'POST',
                    body: { json: { chat: { id: chat.chatId }, user: { id: Number(e.target.value) } } },
                  });
                  refresh();
                } catch (err) {
                  toast((err as Error).message, { variant: 'error' });
                }
                setAdding(false);
              }}
            >
              {candidates.length === 0 && (
                <option value="" disabled>
                  Everyone is here already
                </option>
              )}
              {candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.type})
                </option>
              ))}
            </SelectField>
          ) : (
            <Button size="small" onClick={() => setAdding(true)}>
              Add member
            </Button>
          )}
        </Box>
      )}
      {(members.data ?? []).map(({ user }) => {
        // spec 3 section 5: a translator who is not you, or anyone who is not a customer
        const removable = chat.type === 'custom' && user.id !== me && user.type !== 'Customer';
        return (
          <Box key={user.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography noWrap sx={{ fontSize: 14 }}>
                {user.name}
              </Typography>
              <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
                <UserLine user={user} />
              </Typography>
            </Box>
            {removable && (
              <IconButton aria-label={`Remove ${user.name}`} onClick={() => setConfirm(user)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        );
      })}
      <Dialog open={!!confirm} onClose={() => setConfirm(null)}>
        <DialogTitle>Remove member?</DialogTitle>
        <DialogContent>{confirm?.name} will no longer see this chat.</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>Cancel</Button>
          <Button
            color="error"
            onClick={async () => {
              if (!confirm) return;
              try {
                await chatCall(client, `${CHAT_API}/chat-members/${chat.chatId}/${confirm.id}`, { method: 'DELETE' });
                refresh();
              } catch (e) {
                toast((e as Error).message, { variant: 'error' });
              }
              setConfirm(null);
            }}
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
