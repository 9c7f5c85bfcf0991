import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type PromotionInput, promotionInputSchema } from '@parlance/shared';
import { useForm } from 'react-hook-form';
import { http, messageOf } from '../../../app/http';
import { Field } from '../../../ui/Field';
import { toast } from '../../../ui/toast';

// The promotions mail (the email_promotion switch, ADR 0097): goes only to the people who turned
// "News, offers and promotions" on, each with a one-click unsubscribe.

export function PromotionForm() {
  const send = useMutation({
    mutationFn: (input: PromotionInput) =>
      http.postJson<{ message: string; recipients: number }>('/api/2/admin/mail/promotions', input),
  });
  const { register, handleSubmit, reset, formState } = useForm<PromotionInput>({
    resolver: zodResolver(promotionInputSchema),
    defaultValues: { subject: '', text: '' },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      const answer = await send.mutateAsync(input);
      toast(`${answer.message}: ${answer.recipients}`, { variant: 'success' });
      reset();
    } catch (err) {
      toast(messageOf(err, 'Could not send the promotion.'), { variant: 'error' });
    }
  });
  const errors = formState.errors;
  return (
    <Paper variant="outlined" sx={{ maxWidth: 760, p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography component="h2" variant="h6">
        Send a promotion
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        It goes only to the people who turned on “News, offers and promotions”, with a link to stop them.
      </Typography>
      <form noValidate onSubmit={onSubmit} aria-label="Send a promotion">
        <Stack spacing={2}>
          <Field
            {...register('subject')}
            id="promotion-subject"
            label="Subject"
            required
            fullWidth
            error={!!errors.subject}
            helperText={errors.subject?.message}
          />
          <Field
            {...register('text')}
            id="promotion-text"
            label="Text"
            required
            fullWidth
            multiline
            minRows={4}
            error={!!errors.text}
            helperText={errors.text?.message}
          />
          <div>
            <Button type="submit" variant="contained" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send promotion'}
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
