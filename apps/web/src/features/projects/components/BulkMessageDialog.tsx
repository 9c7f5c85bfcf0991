import Alert from '@mui/material/Alert';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { bulkMessageSchema, PROJECT_LIMITS, PROJECT_TEXTS } from '@parlance/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../ui/toast';
import { useZodForm } from '../../../ui/zod-form';
import { messageOf, sendBulkMessage, useRefreshProjects } from '../api';
import { DialogForm, DialogShell } from '../../../ui/FormDialog';

interface BulkMessageDialogProps {
  open: boolean;
  projectIds: number[];
  onClose: () => void;
  onSent: () => void;
}

const loadSchema = async () => bulkMessageSchema;

/** One message to the translators of several projects at once (at least 2: spec 1 §5). */
export function BulkMessageDialog({ open, projectIds, onClose, onSent }: BulkMessageDialogProps) {
  return (
    <DialogShell open={open} onClose={onClose}>
      {open && <BulkMessageForm projectIds={projectIds} onClose={onClose} onSent={onSent} />}
    </DialogShell>
  );
}

function BulkMessageForm({ projectIds, onClose, onSent }: Omit<BulkMessageDialogProps, 'open'>) {
  const refresh = useRefreshProjects();
  const send = useMutation({ mutationFn: (m: string) => sendBulkMessage(projectIds, m), onSettled: refresh });
  const { register, handleSubmit, formState } = useZodForm(loadSchema, { defaultValues: { projectIds, message: '' } });
  // the dialog loads on demand, and with it the schema that says whether there is anything to send
  const tooFew = !bulkMessageSchema.shape.projectIds.safeParse(projectIds).success;
  const error = formState.errors.message?.message;

  const submit = handleSubmit(async (values) => {
    const r = await send.mutateAsync(values.message).catch(() => null);
    if (!r) return;
    toast(r.sent === 1 ? PROJECT_TEXTS.messageSent : `${PROJECT_TEXTS.messageSent} to ${r.sent} projects`, {
      variant: 'success',
    });
    onSent();
  });

  return (
    <DialogForm
      title="Message the translators"
      submitLabel="Send message"
      busy={formState.isSubmitting}
      error={send.isError ? messageOf(send.error) : null}
      canSubmit={!tooFew}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {tooFew ? (
        <Alert severity="warning">{PROJECT_TEXTS.bulkMessageNeedsTwo}</Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Your message goes to the discussion of each of the {projectIds.length} selected projects (
            {projectIds.map((id) => `#${id}`).join(', ')}).
          </Typography>
          <Field
            label="Message"
            multiline
            minRows={4}
            fullWidth
            autoFocus
            {...register('message')}
            error={!!error}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.messageMaxLength } }}
          />
        </>
      )}
    </DialogForm>
  );
}
