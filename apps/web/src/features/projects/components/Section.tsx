import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** A titled panel of the project page. */
export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Typography
        id={id}
        component="h2"
        variant="subtitle1"
        sx={{ fontWeight: 700, mb: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}
      >
        <span style={{ flex: 1 }}>{title}</span>
        {action}
      </Typography>
      {children}
    </Paper>
  );
}
