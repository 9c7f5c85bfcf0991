import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { isMachineOnlyType, MODERATION_TEXTS, type ProjectDetail } from '@parlance/shared';
import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { lazy } from '../../../ui/lazy';
import { formatDateTime } from '../../../ui/format';
import { Section } from './Section';

const MessageForm = lazy(() => import('./MessageForm').then((m) => ({ default: m.MessageForm })));

/** Where a customer's question goes: a machine-only order has no translator to read it. */
function CustomerHint({ machineOnly }: { machineOnly: boolean }) {
  if (!machineOnly) return ' Questions for your translator go here.';
  return (
    <>
      {' '}
      A machine translates this order, so no translator reads this discussion; for questions, see the{' '}
      <Link component={RouterLink} to="/help-center">
        Help center
      </Link>
      .
    </>
  );
}

/** The thread between the customer and the translator (admins may write too). */
export function Discussion({ project }: { project: ProjectDetail }) {
  const canWrite = project.actions.includes('message');

  return (
    <Section title="Discussion">
      {project.messages.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: canWrite ? 2 : 0 }}>
          No messages yet.
          {canWrite && project.viewerRole === 'customer' && (
            <CustomerHint machineOnly={isMachineOnlyType(project.type)} />
          )}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Messages"
          sx={{ listStyle: 'none', p: 0, m: 0, mb: canWrite ? 2 : 0, display: 'grid', gap: 1.25 }}
        >
          {project.messages.map((m) => (
            <Box
              component="li"
              key={m.id}
              sx={{
                justifySelf: m.mine ? 'end' : 'start',
                maxWidth: '85%',
                px: 1.5,
                py: 1,
                borderRadius: 2,
                bgcolor: m.mine ? 'rgba(57, 73, 171, 0.08)' : 'grey.100',
              }}
            >
              <Typography variant="caption" color="text.secondary" component="p">
                {m.mine ? 'You' : m.authorName} · {formatDateTime(m.createdAt)}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Typography>
              {(m.moderationStatus === 'pending' || m.moderationStatus === 'declined') && (
                <Typography
                  variant="caption"
                  component="p"
                  role="status"
                  sx={{ mt: 0.5, color: m.moderationStatus === 'declined' ? 'error.dark' : 'warning.dark' }}
                >
                  {m.moderationStatus === 'declined' ? MODERATION_TEXTS.declined : MODERATION_TEXTS.underModeration}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
      {canWrite && (
        // the composer's height while it loads, so the page does not move when it arrives
        <Suspense fallback={<Box sx={{ minHeight: 140 }} />}>
          <MessageForm projectId={project.id} />
        </Suspense>
      )}
    </Section>
  );
}
