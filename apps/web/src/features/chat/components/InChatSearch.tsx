import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ChatInChatSearch, CHAT_LIMITS, CHAT_TEXTS } from '@parlance/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../../ui/Field';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { CHAT_API, chatCall, chatKeys } from '../api';
import { timeOfDay } from '../format';
import { Snippet } from './Snippet';

type SearchNext = ChatInChatSearch['next'];

/** The query of a page: none for the first, the answer's `next` after it. */
function pageQuery(next: SearchNext): string {
  if (!next) return '';
  const query = new URLSearchParams({ skip: String(next.skip) });
  if (next.before !== null) query.set('before', String(next.before));
  return `?${query}`;
}

/** In-chat search (debounced 400 ms), shown in the side panel; a page at a time, best matches first. */
export function InChatSearch({ chatId, onOpen }: { chatId: number; onOpen: (messageId: number) => void }) {
  const client = useQueryClient();
  const [phrase, setPhrase] = useState('');
  const debounced = useDebouncedValue(phrase.trim(), CHAT_LIMITS.inChatSearchDebounceMs);
  const { data, isFetching, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery({
    queryKey: chatKeys.inChatSearch(chatId, debounced),
    enabled: debounced !== '',
    initialPageParam: null as SearchNext,
    getNextPageParam: (last: ChatInChatSearch) => last.next ?? undefined,
    queryFn: ({ pageParam }) =>
      chatCall<ChatInChatSearch>(
        client,
        `${CHAT_API}/chat/${chatId}/search/${encodeURIComponent(debounced)}${pageQuery(pageParam)}`,
      ),
  });
  const messages = data?.pages.flatMap((p) => p.messages) ?? [];
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
      {isFetching && !isFetchingNextPage && <Typography sx={{ fontSize: 12, mt: 1 }}>Searching…</Typography>}
      {debounced && data && messages.length === 0 && (
        <Typography sx={{ fontSize: 13, mt: 1 }}>Nothing found</Typography>
      )}
      {messages.map((m) => (
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
      {debounced && hasNextPage && (
        <Button size="small" sx={{ mt: 1 }} disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? 'Searching…' : CHAT_TEXTS.moreResults}
        </Button>
      )}
    </Box>
  );
}
