import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageContainerProps {
  title: string;
  /** a line under the title */
  subtitle?: ReactNode;
  /** narrow text pages (terms, privacy) read better at a measure of about 75 characters */
  narrow?: boolean;
  children: ReactNode;
}

/** The standard page frame: width, padding and a heading. */
export function PageContainer({ title, subtitle, narrow = false, children }: PageContainerProps) {
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: narrow ? 820 : 1200,
        mx: 'auto',
        px: { xs: 2, sm: 3, md: 4 },
        py: { xs: 3, md: 4 },
      }}
    >
      <Box component="header" sx={{ mb: 3 }}>
        {/* a title may hold a person's name (200 characters, long words): it wraps, never widens the page */}
        <Typography
          component="h1"
          variant="h4"
          sx={{ fontWeight: 700, fontSize: { xs: 26, md: 32 }, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.75 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {children}
    </Box>
  );
}
