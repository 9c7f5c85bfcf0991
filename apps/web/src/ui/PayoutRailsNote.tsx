import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { PayoutRailsOverview } from '@parlance/shared';

// How each payout method is paid on this server (ADR 0093), in the server's plain words: shown to
// translators beside their payout methods and to finance on /convert, so that nothing that is not
// connected looks as if it were. A warning when any method runs in test mode or is not connected.

export function PayoutRailsNote({ rails, title }: { rails: PayoutRailsOverview | undefined; title: string }) {
  if (!rails || rails.length === 0) return null;
  const warn = rails.some((r) => r.rail === 'sandbox' || r.rail === 'not_connected');
  return (
    <Alert severity={warn ? 'warning' : 'info'} role="note" sx={{ mb: 2 }} aria-label={title}>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {rails.map((r) => (
          <li key={r.method}>{r.note}</li>
        ))}
      </Box>
    </Alert>
  );
}
