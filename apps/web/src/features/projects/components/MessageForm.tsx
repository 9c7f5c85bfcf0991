import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PROJECT_LIMITS } from '@parlance/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Field } from '../../../ui/Field';
import { useZodForm } from '../../../ui/zod-form';
import { messageOf, projectQuery, sendProjectMessage } from '../api';

const loadSchema = () => import('../form-schemas').then((m) => m.projectMessageSchema);

/**
 * The discussion's composer. A chunk of its own (with react-hook-form), loaded as the project page
 * renders: the page's first load has no room for the form library.
 */
export function MessageForm({ projectId }: { projectId: number }) {
  const client = useQueryClient();
  const { register, handleSubmit, reset, setError, formState } = useZodForm(loadSchema, {
    defaultValues: { body: '' },
  });
  const error = formState.errors.body?.message;

  const submit = handleSubmit(async ({ body }) => {
    try {
      await sendProjectMessage(projectId, body);
      reset();
      void client.invalidateQueries({ queryKey: projectQuery(projectId).queryKey });
    } catch (err) {
      setError('body', { type: 'server', message: messageOf(err) });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Write a message" sx={{ display: 'grid', gap: 1 }}>
      <Field
        label="Your message"
        multiline
        minRows={2}
        fullWidth
        {...register('body')}
        error={!!error}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.messageMaxLength } }}
      />
      <Box>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          Send
        </Button>
      </Box>
    </Box>
  );
}
