import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TEXTS } from '@parlance/shared';
import { StatusPage } from '../ui/StatusPage';

/** What a page that crashed shows (spec 1 section 8, error boundary). */
export function ErrorFallback({ message, onReset }: { message: string; onReset: () => void }) {
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
        {message}
      </Typography>
    </StatusPage>
  );
}

export function messageOfError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return TEXTS.unexpectedError;
}
