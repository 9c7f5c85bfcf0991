import Box from '@mui/material/Box';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_LIMITS } from '@parlance/shared';
import { useState } from 'react';
import { CHAT_API, chatCall, type FoundMessage } from '../api';
import { timeOfDay } from '../format';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { chatKeys } from '../api';
import { Snippet } from './Snippet';

/** In-chat search (debounced 400 ms), shown in the side panel. */
export function InChatSearch({ chatId, onOpen }: { chatId: number; onOpen: (messageId: number) => void }) {
  const client = useQueryClient();
  const [phrase, setPhrase] = useState('');
  const debounced = useDebouncedValue(phrase.trim(), CHAT_LIMITS.inChatSearchDebounceMs);
  const { data, isFetching } = useQuery({
    queryKey: chatKeys.inChatSearch(chatId, debounced),
    enabled: debounced !== '',
    queryFn: () =>
      chatCall<{ messages: FoundMessage[] }>(
        client,
        `${CHAT_API}/chat/${chatId}/search/${encodeURIComponent(debounced)}`,
      ),
  });
  return (
    <Box>
      <Field
        size="small"
        fullWidth
        autoFocus
        placeholder="Search in this chat"
        value={phrase}
        onChange={(e) => setPhrase(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': 'Search in this chat' } }}
      />
      {isFetching && <Typography sx={{ fontSize: 12, mt: 1 }}>Searching…</Typography>}
      {debounced && data && data.messages.length === 0 && (
        <Typography sx={{ fontSize: 13, mt: 1 }}>Nothing found</Typography>
      )}
      {data?.messages.map((m) => (
        <Box
          key={m.id}
          sx={{ py: 1, borderBottom: 1, borderColor: 'divider', cursor: 'pointer' }}
          onClick={() => onOpen(m.id)}
        >
          <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
            {m.author?.name} · {timeOfDay(m.createdAt)}
          </Typography>
          <Typography sx={{ fontSize: 13 }}>
            <Snippet snippet={m.snippet} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
