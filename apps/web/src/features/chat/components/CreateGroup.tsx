import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { UserLine } from './UserLine';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_LIMITS, CHAT_TEXTS, chatTitleError } from '@parlance/shared';
import { useRef, useState } from 'react';
import { toast } from '../../../ui/toast';
import { CHAT_API, type Chat, type ChatUser, chatCall, refreshChat, useContacts } from '../api';

interface Props {
  customer?: number;
  onCreated: (chatId: number) => void;
  onCancel: () => void;
}

/** New team group: select users, review, name the team, Create (spec 3 section 2). */
export function CreateGroup({ customer, onCreated, onCancel }: Props) {
  const client = useQueryClient();
  const contacts = useContacts(customer);
  const [step, setStep] = useState<'select' | 'review' | 'name'>('select');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ChatUser[]>([]);
  const [title, setTitle] = useState('');
  const [saving, setSaving] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const q = query.trim().toLowerCase();
  const filtered = (contacts.data ?? []).filter(
    (c) =>
      !q ||
      c.name.toLowerCase().includes(q) ||
      c.languagePairs.some(
        (p) => p.sourceLanguage.toLowerCase().includes(q) || p.targetLanguage.toLowerCase().includes(q),
      ),
  );
  const isSelected = (u: ChatUser) => selected.some((s) => s.id === u.id);
  const allSelected = filtered.length > 0 && filtered.every(isSelected);
  const toggle = (u: ChatUser) => setSelected((s) => (isSelected(u) ? s.filter((x) => x.id !== u.id) : [...s, u]));
  const tooLong = title.trim().length > CHAT_LIMITS.titleMax;

  const create = async () => {
    const error = chatTitleError(title);
    if (error) {
      toast(error, { variant: 'error' });
      titleRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      const chat = await chatCall<Chat>(client, `${CHAT_API}/chats`, {
        method: 'POST',
        body: {
          json: {
            title: title.trim(),
            members: selected.map((u) => ({ id: u.id })),
            ...(customer ? { customer: { id: customer } } : {}),
          },
        },
      });
      refreshChat(client);
      onCreated(chat.chatId);
    } catch (e) {
      toast((e as Error).message || CHAT_TEXTS.generic, { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640, mx: 'auto', width: '100%', overflowY: 'auto' }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        {step === 'select' ? 'Select users' : step === 'review' ? 'Review the group' : 'Name the team'}
      </Typography>
      {step === 'select' && (
        <>
          <Field
            size="small"
            fullWidth
            placeholder="Search by name or language"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            slotProps={{ htmlInput: { 'aria-label': 'Search contacts' } }}
          />
          {selected.length > 0 && (
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', my: 1 }}>
              {selected.map((u) => (
                <Chip key={u.id} label={u.name} onDelete={() => toggle(u)} size="small" />
              ))}
            </Box>
          )}
          <FormControlLabel
            control={
              <Checkbox
                checked={allSelected}
                onChange={() =>
                  setSelected((s) =>
                    allSelected
                      ? s.filter((x) => !filtered.some((f) => f.id === x.id))
                      : [...s, ...filtered.filter((f) => !isSelected(f))],
                  )
                }
              />
            }
            label="Select all"
          />
          {contacts.isError && <Typography sx={{ color: 'error.main' }}>{CHAT_TEXTS.generic}</Typography>}
          {contacts.data && filtered.length === 0 && (
            <Typography sx={{ color: 'text.secondary' }}>No contacts found.</Typography>
          )}
          <Box sx={{ maxHeight: 360, overflowY: 'auto' }}>
            {filtered.map((u) => (
              <FormControlLabel
                key={u.id}
                sx={{ display: 'flex', mx: 0 }}
                control={<Checkbox checked={isSelected(u)} onChange={() => toggle(u)} />}
                label={
                  <Box>
                    <Typography sx={{ fontSize: 14 }}>{u.name}</Typography>
                    <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
                      <UserLine user={u} />
                    </Typography>
                  </Box>
                }
              />
            ))}
          </Box>
        </>
      )}
      {step === 'review' && (
        <Box>
          {selected.map((u) => (
            <Typography key={u.id} sx={{ py: 0.5 }}>
              {u.name}{' '}
              <Typography component="span" sx={{ color: 'text.secondary', fontSize: 13 }}>
                ({u.type})
              </Typography>
            </Typography>
          ))}
        </Box>
      )}
      {step === 'name' && (
        <Field
          inputRef={titleRef}
          fullWidth
          autoFocus
          label="Team name"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={tooLong}
          helperText={tooLong ? CHAT_TEXTS.titleTooLong : `${title.trim().length}/${CHAT_LIMITS.titleMax}`}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void create();
          }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={() => (step === 'select' ? onCancel() : setStep(step === 'name' ? 'review' : 'select'))}>
          {step === 'select' ? 'Cancel' : 'Back'}
        </Button>
        {step !== 'name' ? (
          <Button
            variant="contained"
            disabled={selected.length === 0}
            onClick={() => setStep(step === 'select' ? 'review' : 'name')}
          >
            Next
          </Button>
        ) : (
          <Button variant="contained" disabled={tooLong || saving} onClick={() => void create()}>
            Create
          </Button>
        )}
      </Box>
    </Box>
  );
}
