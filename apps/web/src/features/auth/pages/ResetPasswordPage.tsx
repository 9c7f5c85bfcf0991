import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PATHS, TEXTS } from '@parlance/shared';
import { Suspense, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { messageOf, useCheckToken } from '../api';
import { AuthCard } from '../components/AuthCard';
import { TextButton, TextLink } from '../../../ui/TextLink';

// /auth/resetPassword (spec 1 sections 2, 4 and 5): without a token, ask for a reset link by e-mail;
// with ?token=, check it and set a new password (?create=1: "Create your password"), which signs in.
// Both forms are chunks of their own, with react-hook-form (15 kB would not fit this page's first
// load): validation on leaving a field typed in, then on every change; server errors per field.

const ResetLinkForm = lazy(() => import('../components/ResetLinkForm').then((m) => ({ default: m.ResetLinkForm })));
const NewPasswordForm = lazy(() =>
  import('../components/NewPasswordForm').then((m) => ({ default: m.NewPasswordForm })),
);

/** A form's room while its code loads. */
function FormLoading({ height }: { height: number }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: height }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <SetPasswordView token={token} create={params.get('create') === '1'} />;
  return <RequestLinkView initialEmail={params.get('email') ?? ''} />;
}

// --- request a link ----------------------------------------------------------------------------

function RequestLinkView({ initialEmail }: { initialEmail: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
          <MarkEmailReadOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
          <Typography role="status">
            We sent a link to <strong>{sentTo}</strong>. Open it to choose a new password; it works once, within the
            next hour.
          </Typography>
          <Typography variant="body2" color="text.secondary">
            No e-mail after a few minutes? Look in your spam folder, or{' '}
            <TextButton onClick={() => setSentTo(null)}>send it again</TextButton>.
          </Typography>
          <Button component={RouterLink} to={PATHS.auth} variant="outlined">
            Back to sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={<TextLink href={PATHS.auth}>Back to sign in</TextLink>}
    >
      <Suspense fallback={<FormLoading height={130} />}>
        <ResetLinkForm initialEmail={initialEmail} onSent={setSentTo} />
      </Suspense>
    </AuthCard>
  );
}

// --- set a new password ------------------------------------------------------------------------

function SetPasswordView({ token, create }: { token: string; create: boolean }) {
  const title = create ? 'Create your password' : 'Choose a new password';
  const check = useCheckToken(token);

  if (check.isPending) {
    return (
      <AuthCard title={title}>
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Checking your link" />
        </Box>
      </AuthCard>
    );
  }
  if (check.isError || !check.data) {
    return (
      <AuthCard title="This link cannot be used">
        <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="warning" sx={{ width: '100%' }}>
            {check.isError ? messageOf(check.error, TEXTS.resetTokenInvalid) : TEXTS.resetTokenInvalid}
          </Alert>
          <Button component={RouterLink} to={PATHS.resetPassword} variant="contained">
            Request a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} subtitle="Use it to sign in from now on.">
      <Suspense fallback={<FormLoading height={260} />}>
        <NewPasswordForm token={token} create={create} />
      </Suspense>
    </AuthCard>
  );
}
