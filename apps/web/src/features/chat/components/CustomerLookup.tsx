import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CHAT_API, chatCall } from '../api';
import { adminChatPath } from '../format';
import { chatKeys } from '../api';

interface CustomerHit {
  id: number;
  externalId: string;
  name: string;
}

/** At most this many ids per look-up (the call's own limit is 100). */
const MAX_IDS = 20;

/** The ids typed in the box: separated by commas, spaces or new lines; duplicates dropped. */
export function externalIdsOf(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((s) => s !== ''))].slice(0, MAX_IDS);
}

/**
 * /admin/blend-talk: an admin looks customers up by external id (GET /chat/api/admin/users?externalId[]=)
 * and opens one customer's chats as a full-screen dialog.
 */
export function CustomerLookup() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [ids, setIds] = useState<string[]>([]);
  const found = useQuery({
    queryKey: chatKeys.adminUsers(ids),
    enabled: ids.length > 0,
    queryFn: () =>
      chatCall<{ data: CustomerHit[] }>(
        client,
        `${CHAT_API}/admin/users?${ids.map((id) => `externalId[]=${encodeURIComponent(id)}`).join('&')}`,
      ).then((b) => b.data),
  });
  // a customer's chats open in a full-screen dialog: its code loads while the customers are listed
  const listed = (found.data?.length ?? 0) > 0;
  useEffect(() => {
    if (listed) void import('./on-demand');
  }, [listed]);
  const open = (c: CustomerHit) => navigate(`${adminChatPath(c.id)}/`, { state: { username: c.name, id: c.id } });

  return (
    <Box sx={{ width: '100%', maxWidth: 760, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 24, md: 30 }, mb: 1 }}>
        Team chat of a customer
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Look customers up by their external id to read their chats and create team groups on their behalf.
      </Typography>
      <Box
        component="form"
        role="search"
        aria-label="Customer look-up"
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        onSubmit={(e) => {
          e.preventDefault();
          setIds(externalIdsOf(text));
        }}
      >
        <Field
          label="External ids"
          size="small"
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          helperText="One or more ids, separated by commas or spaces"
        />
        <Button
          type="submit"
          variant="contained"
          disabled={externalIdsOf(text).length === 0}
          sx={{ mt: 0.25, flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          Look up
        </Button>
      </Box>
      <Box sx={{ mt: 3 }} aria-live="polite">
        {ids.length === 0 ? null : found.isPending ? (
          <Typography sx={{ color: 'text.secondary' }}>Looking up…</Typography>
        ) : found.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void found.refetch()}>
                Try again
              </Button>
            }
          >
            {found.error.message || 'The look-up failed.'}
          </Alert>
        ) : found.data.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No customer has the id {ids.join(', ')}.</Typography>
        ) : (
          <List aria-label="Customers found" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}>
            {found.data.map((c, i) => (
              <ListItem
                key={c.id}
                divider={i < found.data.length - 1}
                secondaryAction={
                  <Button
                    variant="outlined"
                    size="small"
                    onClick={() => open(c)}
                    aria-label={`Open chats of ${c.name}`}
                  >
                    Open chats
                  </Button>
                }
              >
                <ListItemText primary={c.name} secondary={`External id ${c.externalId}`} sx={{ pr: 14 }} />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}
