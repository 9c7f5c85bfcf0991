import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../../ui/money';

/** Credits as dollars with 2 decimals and thousands separators (1 credit = 0.01 USD). */
export const usd = (credits: number) => formatMoney(credits, { symbol: '$', rate: 1 });

interface DashCardProps {
  title: string;
  /** id of the section (for tests and links) */
  id: string;
  action?: ReactNode;
  loading: boolean;
  failed: boolean;
  children: ReactNode;
  /** grid columns this card spans on wide screens */
  span?: 1 | 2;
  /** the loading state, in the shape and size of the content (default: three lines) */
  skeleton?: ReactNode;
}

/**
 * One card of the translator dashboard with its own loading state. A card whose call failed shows a
 * quiet line and nothing else (spec 2 section 8): the other cards go on.
 */
export function DashCard({ title, id, action, loading, failed, children, span = 1, skeleton }: DashCardProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={id}
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0, gridColumn: { md: span === 2 ? 'span 2' : 'auto' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {loading ? (
        <Stack spacing={1} role="status" aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
          {skeleton ?? (
            <>
              <Skeleton variant="rounded" height={28} />
              <Skeleton variant="rounded" height={28} />
              <Skeleton variant="rounded" height={28} width="60%" />
            </>
          )}
        </Stack>
      ) : failed ? (
        <Typography variant="body2" color="text.secondary">
          Not available right now.
        </Typography>
      ) : (
        children
      )}
    </Paper>
  );
}

/** A figure with its label, as on the control panels. */
export function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', textTransform: 'uppercase', letterSpacing: '.06em' }}
      >
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontSize: '1.25rem' }}>{value}</Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </div>
  );
}
