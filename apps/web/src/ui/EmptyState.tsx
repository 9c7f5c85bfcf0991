import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A quiet box in place of an empty list. */
export function EmptyState({ icon, title, hint }: { icon?: ReactNode; title: string; hint?: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ py: 6, px: 3, textAlign: 'center', color: 'text.secondary', borderStyle: 'dashed', bgcolor: 'transparent' }}
    >
      {icon}
      <Typography variant="subtitle1" component="p" sx={{ color: 'text.primary', fontWeight: 600, mt: icon ? 1 : 0 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {hint}
        </Typography>
      )}
    </Paper>
  );
}
