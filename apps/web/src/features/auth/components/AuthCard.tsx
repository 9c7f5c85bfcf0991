import Box from '@mui/material/Box';
import { LIMITS } from '@parlance/shared';
import type { ReactNode } from 'react';

// The centred card every sign-in screen sits in (the spec's auth dialog, at most 560 px wide).
// Box with typography styles rather than Paper and Typography: this is on the first load of /auth.
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-labelledby="auth-card-title"
      sx={{
        bgcolor: 'background.paper',
        width: '100%',
        maxWidth: LIMITS.dialogMaxWidth,
        mx: 'auto',
        // a full-width surface on phones, a floating card from tablets up
        my: { xs: 0, sm: 6 },
        px: { xs: 2.5, sm: 5 },
        py: { xs: 3, sm: 4.5 },
        border: { xs: 0, sm: 1 },
        borderColor: { sm: 'divider' },
        borderRadius: { xs: 0, sm: 3 },
        boxShadow: { xs: 'none', sm: '0 8px 28px rgba(30, 40, 90, 0.08)' },
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, mb: 3 }}>
        <Box id="auth-card-title" component="h1" sx={{ typography: 'h5', fontWeight: 700, m: 0 }}>
          {title}
        </Box>
        {subtitle && (
          <Box component="p" sx={{ typography: 'body2', color: 'text.secondary', m: 0 }}>
            {subtitle}
          </Box>
        )}
      </Box>
      {children}
      {footer && (
        <Box component="p" sx={{ typography: 'body2', color: 'text.secondary', mt: 3, mb: 0, textAlign: 'center' }}>
          {footer}
        </Box>
      )}
    </Box>
  );
}
