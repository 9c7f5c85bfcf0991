import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MAIL_TEXTS } from '@parlance/shared';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { HttpError, messageOf } from '../../../app/http';
import { AppLink } from '../../../ui/AppLink';
import { PageContainer } from '../../../ui/PageContainer';
import { useUnsubscribe, useUnsubscribeInfo } from '../api';

// /unsubscribe?token=… : where a mail's unsubscribe link lands (ADR 0097). Opening it changes
// nothing (mail scanners follow links); the button makes the same POST a mail provider's one-click
// unsubscribe makes (RFC 8058). No sign-in: the signed token names the person and the one switch.

export default function UnsubscribePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);
  let body: ReactNode;
  if (token === '' || (info.isError && info.error instanceof HttpError && info.error.status === 400)) {
    body = (
      <Alert severity="warning" data-testid="unsubscribe-invalid">
        {MAIL_TEXTS.unsubscribeInvalid}
      </Alert>
    );
  } else if (info.isPending) {
    body = <Skeleton variant="rounded" height={160} role="status" aria-busy="true" aria-label="Loading" />;
  } else if (info.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void info.refetch()}>
            Try again
          </Button>
        }
      >
        {messageOf(info.error)}
      </Alert>
    );
  } else if (unsubscribe.isSuccess || info.data.off) {
    body = (
      <Alert severity="success" data-testid="unsubscribe-done" role="status">
        <strong>{info.data.label}</strong>
        <br />
        {unsubscribe.isSuccess ? MAIL_TEXTS.unsubscribeDone : MAIL_TEXTS.unsubscribeAlreadyOff}{' '}
        <AppLink href="/profile#mailing">{MAIL_TEXTS.turnBackOn}</AppLink>
      </Alert>
    );
  } else {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {MAIL_TEXTS.unsubscribeQuestion}
        </Typography>
        <Box>
          <Typography data-testid="unsubscribe-label" sx={{ fontWeight: 600 }}>
            {info.data.label}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {MAIL_TEXTS.unsubscribeAccount} {info.data.email}
          </Typography>
        </Box>
        {unsubscribe.isError && <Alert severity="error">{messageOf(unsubscribe.error)}</Alert>}
        <Box>
          <Button variant="contained" onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
            {MAIL_TEXTS.unsubscribeButton}
          </Button>
        </Box>
      </Paper>
    );
  }
  return (
    <PageContainer title={MAIL_TEXTS.unsubscribeTitle} narrow>
      {body}
    </PageContainer>
  );
}
