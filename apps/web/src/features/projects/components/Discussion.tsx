import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { MODERATION_TEXTS, PROJECT_LIMITS, type ProjectDetail } from '@parlance/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messageOf, projectQuery, sendProjectMessage } from '../api';
import { formatDateTime } from '../../../ui/format';
import { Section } from './Section';

/** The thread between the customer and the translator (admins may write too). */
export function Discussion({ project }: { project: ProjectDetail }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: (text: string) => sendProjectMessage(project.id, text),
    onSuccess: () => {
      setBody('');
      void client.invalidateQueries({ queryKey: projectQuery(project.id).queryKey });
    },
    onError: (err) => setError(messageOf(err)),
  });
  const canWrite = project.actions.includes('message');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { checkProjectMessage } = await import('../message-check');
    const checked = checkProjectMessage(body);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    send.mutate(checked.value.body);
  }

  return (
    <Section title="Discussion">
      {project.messages.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: canWrite ? 2 : 0 }}>
          No messages yet.
          {canWrite && project.viewerRole === 'customer' && ' Questions for your translator go here.'}
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
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-label="Write a message"
          sx={{ display: 'grid', gap: 1 }}
        >
          <Field
            label="Your message"
            multiline
            minRows={2}
            fullWidth
            value={body}
            onChange={(e) => {
              setBody(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.messageMaxLength } }}
          />
          <Box>
            <Button type="submit" variant="contained" loading={send.isPending}>
              Send
            </Button>
          </Box>
        </Box>
      )}
    </Section>
  );
}
