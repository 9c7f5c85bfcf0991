import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PROFILE_EXTRA_TEXTS, type TelegramSubscription } from '@parlance/shared';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import { messageOf } from '../api';
import { smsTelegramLink, telegramQuery, useSandboxStart, useSetTelegramSubscription } from '../extras-api';
import { SectionCard, SectionState } from './SectionCard';

// Telegram notifications (GET/POST telegram/subscription, POST telegram/sms): open the bot link,
// press Start, and the notifications your mailing preferences allow also arrive in Telegram.

export function TelegramSection() {
  const state = useQuery(telegramQuery);
  return (
    <SectionCard
      title="Telegram Notifications"
      intro="Get your project notifications in Telegram too. They follow your mailing preferences."
    >
      <SectionState loading={state.isPending} error={state.error} />
      {state.data && <TelegramState state={state.data} />}
    </SectionCard>
  );
}

function TelegramState({ state }: { state: TelegramSubscription }) {
  const setSubscription = useSetTelegramSubscription();
  const sandboxStart = useSandboxStart();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      if (done) toast(done, { variant: 'success' });
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const turn = (on: boolean) =>
    run(
      () => setSubscription.mutateAsync(on),
      on ? PROFILE_EXTRA_TEXTS.telegramSubscribed : PROFILE_EXTRA_TEXTS.telegramUnsubscribed,
    );

  const errorAlert = error && (
    <Alert severity="error" role="alert">
      {error}
    </Alert>
  );

  if (state.has_subscribed)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" role="status" sx={{ alignSelf: 'stretch' }}>
          {PROFILE_EXTRA_TEXTS.telegramSubscribed}
          {state.username ? ` for @${state.username}` : ''}.
          {state.sandbox && ' (Sandbox: the messages are kept in the admin outbox.)'}
        </Alert>
        {errorAlert}
        <Button variant="outlined" color="inherit" disabled={busy} onClick={() => void turn(false)}>
          Turn off Telegram notifications
        </Button>
      </Stack>
    );

  if (state.connected)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info" role="status" sx={{ alignSelf: 'stretch' }}>
          {PROFILE_EXTRA_TEXTS.telegramUnsubscribed}. Your Telegram chat is still linked.
        </Alert>
        {errorAlert}
        <Button variant="contained" disabled={busy} onClick={() => void turn(true)}>
          Turn on Telegram notifications
        </Button>
      </Stack>
    );

  return (
    <Stack spacing={2}>
      {state.sandbox && (
        <Alert severity="info" role="status">
          No Telegram bot is configured on this server (sandbox). Messages go to the outbox admins read; press “Simulate
          Start” instead of opening Telegram.
        </Alert>
      )}
      <Box component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
        <li>
          <Typography>
            Open <strong>@{state.bot}</strong> in Telegram and press <strong>Start</strong>.
          </Typography>
        </li>
        <li>
          <Typography>Come back here and confirm.</Typography>
        </li>
      </Box>
      {errorAlert}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {state.link && (
          <Button variant="contained" href={state.link} target="_blank" rel="noopener noreferrer">
            Open @{state.bot}
          </Button>
        )}
        {state.sandbox && state.code ? (
          <Button
            variant="contained"
            color="secondary"
            disabled={busy}
            onClick={() =>
              void run(() => sandboxStart.mutateAsync(state.code ?? ''), PROFILE_EXTRA_TEXTS.telegramSubscribed)
            }
          >
            Simulate Start
          </Button>
        ) : (
          <Button variant="outlined" disabled={busy} onClick={() => void turn(true)}>
            I pressed Start
          </Button>
        )}
        <Button
          variant="text"
          disabled={busy}
          onClick={() => void run(() => smsTelegramLink(), PROFILE_EXTRA_TEXTS.telegramSmsSent)}
        >
          Text me the link
        </Button>
      </Stack>
      {state.link && (
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          Link: {state.link}
        </Typography>
      )}
    </Stack>
  );
}
