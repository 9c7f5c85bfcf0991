import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One profile section: a heading, a line saying what it is for, and its form. */
export function SectionCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby="profile-section-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="profile-section-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {intro}
        </Typography>
      )}
      <Box sx={{ mt: intro ? 0 : 2 }}>{children}</Box>
    </Paper>
  );
}

/** Loading and error states of a section's data. */
export function SectionState({ loading, error }: { loading: boolean; error: unknown }) {
  if (loading)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 3 }}>
        <CircularProgress size={22} />
        <Typography color="text.secondary">Loading…</Typography>
      </Box>
    );
  if (error)
    return (
      <Alert severity="error" role="alert">
        {error instanceof Error ? error.message : 'Could not load this section. Please reload the page.'}
      </Alert>
    );
  return null;
}
