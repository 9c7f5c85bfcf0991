import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AdminTabs } from './AdminTabs';

/** The frame of every admin page: title, the admin tabs, the content. */
export function AdminPageLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 24, md: 30 }, mb: 1 }}>
        Admin
      </Typography>
      <AdminTabs />
      {children}
    </Box>
  );
}
