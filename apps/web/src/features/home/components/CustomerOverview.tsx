import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { PATHS, PROJECT_STATUS_LABELS, type UserData } from '@parlance/shared';
import type { ReactNode } from 'react';
import { AppLink } from '../../../ui/AppLink';
import { type StatusCounts, useLatestLines, useStatusCounts } from '../api';

const OPEN: { key: keyof StatusCounts; label: string; segment: string }[] = [
  { key: 'PENDING', label: PROJECT_STATUS_LABELS.PENDING, segment: 'pending' },
  { key: 'IN_PROGRESS', label: PROJECT_STATUS_LABELS.IN_PROGRESS, segment: 'in-progress' },
  { key: 'READY', label: PROJECT_STATUS_LABELS.READY, segment: 'ready' },
  { key: 'COMPLETED', label: PROJECT_STATUS_LABELS.COMPLETED, segment: 'completed' },
];
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const num = (n: number) => n.toLocaleString('en-US');

function Card({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** The customer's control panel: credits, open projects by status, latest statement lines, unread messages. */
export function CustomerOverview({ user }: { user: UserData }) {
  const counts = useStatusCounts(true);
  const lines = useLatestLines(true);
  const unread = user.statistics.unreadMessages;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Card
        title="Available credits"
        action={
          <Button component={AppLink} href={PATHS.wizard} variant="contained" size="small" startIcon={<AddIcon />}>
            Order a translation
          </Button>
        }
      >
        {lines.data ? (
          <Typography sx={{ fontSize: 32, fontWeight: 700 }} data-testid="cpanel-credits">
            {num(lines.data.balance)}
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              credits (${(lines.data.balance / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })})
            </Typography>
          </Typography>
        ) : lines.isError ? (
          <Typography color="text.secondary">Not available right now.</Typography>
        ) : (
          <Skeleton width={180} height={48} />
        )}
        <Typography variant="body2" sx={{ mt: 1 }}>
          <AppLink href={PATHS.mbox}>
            {unread === 0 ? 'No unread messages' : unread === 1 ? '1 unread message' : `${unread} unread messages`}
          </AppLink>
        </Typography>
      </Card>

      <Card title="Your projects">
        {counts.data ? (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 1,
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            }}
          >
            {OPEN.map((s) => (
              <Box component="li" key={s.key}>
                <Button
                  component={AppLink}
                  href={`${PATHS.myProjects}/customer/${s.segment}`}
                  variant="outlined"
                  fullWidth
                  sx={{ justifyContent: 'space-between', textTransform: 'none' }}
                >
                  <span>{s.label}</span>
                  <Box component="span" sx={{ fontWeight: 700 }} data-testid={`cpanel-count-${s.key}`}>
                    {num(counts.data[s.key])}
                  </Box>
                </Button>
              </Box>
            ))}
          </Box>
        ) : counts.isError ? (
          <Typography color="text.secondary">Not available right now.</Typography>
        ) : (
          <Skeleton height={88} />
        )}
      </Card>

      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <Card
          title="Latest statement lines"
          action={
            <Button component={AppLink} href={PATHS.customerStatement} size="small">
              Full statement
            </Button>
          }
        >
          {lines.data ? (
            lines.data.data.length === 0 ? (
              <Typography color="text.secondary">No credit movements in the last 90 days.</Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {lines.data.data.slice(0, 5).map((r) => (
                  <Box
                    component="li"
                    key={r.id}
                    data-testid="cpanel-line"
                    sx={{
                      display: 'flex',
                      gap: 2,
                      py: 0.75,
                      borderTop: 1,
                      borderColor: 'divider',
                      alignItems: 'baseline',
                    }}
                  >
                    <Typography variant="body2" color="text.secondary" sx={{ width: 110, flex: 'none' }}>
                      {dateFormat.format(new Date(r.date))}
                    </Typography>
                    <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap title={r.description}>
                      {r.actionLabel} · {r.description}
                    </Typography>
                    <Typography
                      variant="body2"
                      sx={{
                        fontWeight: 600,
                        whiteSpace: 'nowrap',
                        color: r.amount < 0 ? 'error.dark' : 'success.dark',
                      }}
                    >
                      {r.amount > 0 ? '+' : ''}
                      {num(r.amount)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )
          ) : lines.isError ? (
            <Typography color="text.secondary">Not available right now.</Typography>
          ) : (
            <Skeleton height={120} />
          )}
        </Card>
      </Box>
    </Box>
  );
}
