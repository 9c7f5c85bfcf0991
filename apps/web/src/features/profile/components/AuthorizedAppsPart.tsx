import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type AuthorizedApp, OAUTH_SCOPE_WORDS, OAUTH_TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { messageOf } from '../../../app/http';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { authorizedAppsQuery, useRevokeAuthorizedApp } from '../../oauth/api';

// The applications the customer let act for them (OAuth consent), with what each may do; Revoke
// ends an application's tokens at once.

const when = (iso: string) => new Date(iso).toLocaleString();

function RevokeAppButton({ app }: { app: AuthorizedApp }) {
  const revoke = useRevokeAuthorizedApp();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await revoke.mutateAsync(app.id);
      setOpen(false);
      toast(OAUTH_TEXTS.revoked, { variant: 'success' });
    } catch (err) {
      toast(messageOf(err, 'Could not revoke the access.'), { variant: 'error' });
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        size="small"
        aria-label={`Revoke ${app.clientName}`}
        onClick={() => setOpen(true)}
      >
        Revoke
      </Button>
      <ConfirmDialog
        open={open}
        title={`Revoke ${app.clientName}?`}
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        The application can no longer act for you: its calls are refused from now on. It has to ask you again to get
        access back.
      </ConfirmDialog>
    </>
  );
}

export function AuthorizedAppsPart() {
  const apps = useQuery(authorizedAppsQuery);
  return (
    <section aria-labelledby="authorized-apps-title">
      <Typography id="authorized-apps-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Authorized applications
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Applications you allowed to use your account through the Parlance API.
      </Typography>
      {apps.isPending && <Typography color="text.secondary">Loading…</Typography>}
      {apps.error && <Alert severity="error">{messageOf(apps.error, 'Could not load the applications.')}</Alert>}
      {apps.data?.length === 0 && <Typography>{OAUTH_TEXTS.noApps}</Typography>}
      {apps.data && apps.data.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Authorized applications">
          {apps.data.map((app) => (
            <Box
              component="li"
              key={app.id}
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                p: 2,
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                gap: 1.5,
                alignItems: { sm: 'flex-start' },
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{app.clientName}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  By {app.ownerName}. Authorized {when(app.authorizedAt)};{' '}
                  {app.lastUsedAt ? `last used ${when(app.lastUsedAt)}` : 'not used yet'}.
                </Typography>
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {app.scopes.map((scope) => (
                    <Typography component="li" variant="body2" key={scope}>
                      {OAUTH_SCOPE_WORDS[scope]}
                    </Typography>
                  ))}
                </Box>
              </Box>
              <RevokeAppButton app={app} />
            </Box>
          ))}
        </Stack>
      )}
    </section>
  );
}
