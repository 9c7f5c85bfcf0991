import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type AuthorizeCheck, authorizeRequestSchema, OAUTH_SCOPE_WORDS } from '@parlance/shared';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../../../app/current-user';
import { messageOf } from '../../../app/http';
import { authorizeCheckQuery, useAuthorizeDecision } from '../api';

// /oauth/authorize: an application asks to act for the signed-in customer (authorization-code
// grant). The page names the application, its owner and what it may do; Allow or Deny sends the
// browser back to the application's registered redirect uri, and only there.

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 600, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

const hostOf = (uri: string) => {
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
};

function Ask({ ask, search }: { ask: Extract<AuthorizeCheck, { status: 'ask' }>; search: string }) {
  const user = useCurrentUser().data;
  const decide = useAuthorizeDecision();
  const send = async (decision: 'allow' | 'deny') => {
    const request = authorizeRequestSchema.parse(Object.fromEntries(new URLSearchParams(search)));
    const to = await decide.mutateAsync({ ...request, decision });
    window.location.assign(to);
  };
  return (
    <Frame title={`Allow ${ask.clientName} to use your Parlance account?`}>
      <Typography sx={{ mb: 2 }}>
        <strong>{ask.clientName}</strong> is an application by <strong>{ask.ownerName}</strong>
        {user ? (
          <>
            . It asks to act for you, <strong>{user.name}</strong>, and to:
          </>
        ) : (
          '. It asks to act for you and to:'
        )}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }} aria-label="What the application may do">
        {ask.scopes.map((scope) => (
          <Box component="li" key={scope} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.75 }}>
            <CheckCircleOutline color="success" fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
            <Typography>{OAUTH_SCOPE_WORDS[scope]}</Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        It cannot see or change your password, and it gets nothing else. You can take this access back at any time in
        your profile, under API Keys.
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        After you answer you go back to <strong>{hostOf(ask.redirectUri)}</strong>.
      </Typography>
      {decide.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(decide.error, 'Could not send your answer. Please try again.')}
        </Alert>
      )}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outlined" size="large" disabled={decide.isPending} onClick={() => void send('deny')}>
          Deny
        </Button>
        <Button variant="contained" size="large" disabled={decide.isPending} onClick={() => void send('allow')}>
          Allow
        </Button>
      </Stack>
    </Frame>
  );
}

export default function OauthAuthorizePage() {
  const { search } = useLocation();
  const check = useQuery(authorizeCheckQuery(search));
  if (check.isPending) {
    return (
      <Frame title="Checking the application…">
        <Skeleton variant="rounded" height={120} />
      </Frame>
    );
  }
  if (check.error) {
    return (
      <Frame title="This application cannot be authorized">
        <Alert severity="error">{messageOf(check.error)}</Alert>
      </Frame>
    );
  }
  const answer = check.data;
  if (answer.status === 'ask') return <Ask ask={answer} search={search} />;
  return (
    <Frame title="This application cannot be authorized">
      <Alert severity="error" sx={{ mb: answer.status === 'redirect' ? 2 : 0 }}>
        {answer.message}
      </Alert>
      {answer.status === 'redirect' && (
        <Button variant="outlined" href={answer.redirectTo}>
          Return to the application
        </Button>
      )}
    </Frame>
  );
}
