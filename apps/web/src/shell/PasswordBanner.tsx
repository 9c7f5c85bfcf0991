import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { TEXTS } from '@parlance/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../ui/toast';
import { useState } from 'react';
import { lazy } from '../ui/lazy';
import { http } from '../app/http';

import { LazyPart } from './LazyPart';

const PasswordLinkSentDialog = lazy(() =>
  import('./PasswordLinkSentDialog').then((m) => ({ default: m.PasswordLinkSentDialog })),
);

/** For a user without a password (spec 1 section 4): mail a link to set one. */
export function PasswordBanner() {
  const [sentOpen, setSentOpen] = useState(false);
  const [hidden, setHidden] = useState(false);
  const send = useMutation({
    mutationFn: () => http.postForm<{ status: string }>('/api/2/account/auth/send-password-link', {}),
    onSuccess: () => setSentOpen(true),
    onError: (e) => toast(e.message, { variant: 'error' }),
  });
  if (hidden && !sentOpen) return null;
  return (
    <>
      {!hidden && (
        <Alert
          severity="info"
          onClose={() => setHidden(true)}
          sx={{ borderRadius: 0, borderBottom: 1, borderColor: 'divider', alignItems: 'center' }}
          action={
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              disabled={send.isPending}
              onClick={() => send.mutate()}
              startIcon={send.isPending ? <CircularProgress size={14} color="inherit" /> : undefined}
              sx={{ mr: 1 }}
            >
              Send
            </Button>
          }
        >
          Your account has no password yet. We can email you a link to set one, so you can also sign in with your email
          and password.
        </Alert>
      )}
      {sentOpen && (
        <LazyPart>
          <PasswordLinkSentDialog
            message={TEXTS.passwordLinkSent}
            onClose={() => {
              setSentOpen(false);
              setHidden(true);
            }}
          />
        </LazyPart>
      )}
    </>
  );
}
