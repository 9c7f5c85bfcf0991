import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TEXTS } from '@parlance/shared';
import { isChunkLoadError } from '../ui/lazy';
import { StatusPage } from '../ui/StatusPage';

/**
 * What a page that crashed shows (spec 1 section 8, error boundary). A chunk that could not be
 * fetched gets 'Loading chunk failed' and a reload: trying the same address again would fail the
 * same way after a deployment removed the old chunks, while a reload fetches the new ones.
 */
export function ErrorFallback({ error, onReset }: { error: unknown; onReset: () => void }) {
  if (isChunkLoadError(error)) {
    return (
      <StatusPage
        title={TEXTS.loadingChunkFailed}
        actions={
          <Button variant="contained" size="large" onClick={() => window.location.reload()}>
            {TEXTS.reloadPage}
          </Button>
        }
      >
        <Typography component="p">{TEXTS.loadingChunkFailedHint}</Typography>
      </StatusPage>
    );
  }
  return (
    <StatusPage
      title={TEXTS.somethingWentWrong}
      actions={
        <Button variant="contained" size="large" onClick={onReset}>
          {TEXTS.tryAgain}
        </Button>
      }
    >
      <Typography component="p" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
        {messageOfError(error)}
      </Typography>
    </StatusPage>
  );
}

export function messageOfError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return TEXTS.unexpectedError;
}
