import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PROJECT_LIMITS } from '@parlance/shared';
import { Hint } from '../../../ui/Hint';

/** Whether the list follows new projects live, or (connection down) by polling. */
export function LiveIndicator({ connected }: { connected: boolean }) {
  const explained = connected
    ? 'New projects appear here as soon as they are paid.'
    : `The live connection is down; the list refreshes every ${PROJECT_LIMITS.openProjectsPollMs / 1000} seconds while it reconnects.`;
  return (
    <Hint title={explained} placement="below" inline="flex">
      <Box
        aria-label={explained}
        data-testid="live-indicator"
        data-connected={connected}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
      >
        <Box
          aria-hidden
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: connected ? 'success.main' : 'warning.main',
          }}
        />
        <Typography variant="body2" color="text.secondary">
          {connected ? 'Live' : 'Reconnecting…'}
        </Typography>
      </Box>
    </Hint>
  );
}
