import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PROJECT_STATUS_COLORS, PROJECT_STATUS_LABELS, type ProjectDetail } from '@parlance/shared';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../ui/format';
import { Section } from './Section';

/** What the event's action means to a reader; unknown actions show as they are, in words. */
const ACTION_TEXT: Record<string, string> = {
  pay: 'Paid',
  paid: 'Paid',
  create: 'Ordered and paid',
  created: 'Ordered and paid',
  take: 'Taken by a translator',
  start: 'Translation started',
  'take-edit': 'Taken by an editor',
  deliver: 'Translation delivered',
  'deliver-edit': 'Edited translation delivered',
  approve: 'Approved',
  dispute: 'Disputed',
  cancel: 'Cancelled',
  hold: 'Put on hold',
  release: 'Released',
  reassign: 'Reassigned',
  'resolve-pay': 'Dispute resolved: the translator is paid',
  'resolve-partial': 'Dispute resolved: partial refund',
  'resolve-refund': 'Dispute resolved: refunded',
  'auto-complete': 'Completed automatically',
  'mark-delayed': 'Past the deadline',
  preprocess: 'Preparing the source files',
  'finish-preprocess': 'Source files ready',
  postprocess: 'Formatting the delivery',
  'finish-postprocess': 'Delivery formatted',
  expire: 'Expired: nobody took it in time, refunded in full',
  'machine-deliver': 'Delivered by machine translation',
  'hand-over': 'Machine translation failed: opened to translators',
};

function actionText(action: string): string {
  const known = ACTION_TEXT[action];
  if (known) return known;
  const words = action.replaceAll(/[-_.]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type TimelineEvent = ProjectDetail['events'][number];

/** The project's status history, oldest first; `extra` adds something under a step (the sample's guidance). */
export function StatusTimeline<E extends TimelineEvent>({
  events,
  extra,
}: {
  events: E[];
  extra?: (event: E) => ReactNode;
}) {
  return (
    <Section title="Timeline">
      {events.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No status changes yet.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Status timeline" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {events.map((e, i) => (
            <Box component="li" key={e.id} sx={{ position: 'relative', pl: 3, pb: i === events.length - 1 ? 0 : 2 }}>
              {i < events.length - 1 && (
                <Box
                  aria-hidden
                  sx={{ position: 'absolute', left: 5, top: 14, bottom: 0, width: 2, bgcolor: 'divider' }}
                />
              )}
              <Box
                aria-hidden
                sx={{
                  position: 'absolute',
                  left: 0,
                  top: 4,
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: PROJECT_STATUS_COLORS[e.toStatus],
                }}
              />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {PROJECT_STATUS_LABELS[e.toStatus]}
              </Typography>
              <Typography variant="body2">
                {actionText(e.action)}
                {e.actorName ? ` · ${e.actorName}` : ''}
              </Typography>
              {e.note && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {e.note}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(e.createdAt)}
              </Typography>
              {extra?.(e)}
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}
