import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled block of running text (terms, privacy, help pages); `id` makes it a #link target. */
export function TextSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      id={id}
      sx={{
        scrollMarginTop: 80,
        mb: 4,
        '& p': { my: 1.25, lineHeight: 1.7 },
        '& ul': { my: 1.25, pl: 3, lineHeight: 1.7 },
        '& li': { mb: 0.5 },
      }}
    >
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Typography component="div" color="text.secondary">
        {children}
      </Typography>
    </Box>
  );
}
