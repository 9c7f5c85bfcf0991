import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface StatusPageProps {
  /** the large code above the title, e.g. 404 */
  code?: string;
  title: string;
  children?: ReactNode;
  /** buttons under the text */
  actions?: ReactNode;
}

/** A centred full-page message: not found, wrong account, errors. */
export function StatusPage({ code, title, children, actions }: StatusPageProps) {
  return (
    <Box
      component="section"
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 2,
        py: { xs: 6, md: 10 },
        gap: 2,
      }}
    >
      {code && (
        <Typography
          aria-hidden
          sx={{
            fontSize: { xs: 72, md: 112 },
            fontWeight: 800,
            lineHeight: 1,
            letterSpacing: '-0.04em',
            color: 'primary.main',
            opacity: 0.9,
          }}
        >
          {code}
        </Typography>
      )}
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children && (
        <Typography component="div" color="text.secondary" sx={{ maxWidth: 560 }}>
          {children}
        </Typography>
      )}
      {actions && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1.5, mt: 2 }}>{actions}</Box>
      )}
    </Box>
  );
}
