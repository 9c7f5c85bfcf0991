import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UserData } from '@parlance/shared';
import type { ReactNode } from 'react';

const TYPE_LABEL: Record<UserData['type'], string> = { customer: 'Customer', translator: 'Translator', admin: 'Admin' };

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? { xs: 'span 2', lg: 'auto' } : undefined }}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', textTransform: 'uppercase', letterSpacing: '.06em' }}
      >
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}>{children}</Typography>
    </Box>
  );
}

/** Facts about the signed-in account that the app already knows (no made-up numbers). */
export function AccountSummary({ user }: { user: UserData }) {
  const unread = user.statistics.unreadMessages;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Your account"
      sx={{
        p: 2.5,
        mb: 3,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      <Fact label="Account">{TYPE_LABEL[user.type]}</Fact>
      <Fact label="User ID">{user.id}</Fact>
      <Fact label="Email" wide>
        {user.email}
      </Fact>
      <Fact label="Unread messages">{unread}</Fact>
    </Paper>
  );
}
