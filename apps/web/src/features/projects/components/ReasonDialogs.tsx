import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { PROJECT_TEXTS, type ProjectDetail, type ProjectDisputeInput, type RESOLVE_OUTCOMES } from '@parlance/shared';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../../ui/FormDialog';
import { formatCredits } from '../../../ui/money';
import { toast } from '../../../ui/toast';
import { useZodForm } from '../../../ui/zod-form';
import { messageOf, projectCalls, useProjectMove } from '../api';
import { DisputedSegmentsNote, DisputeSegmentPicker } from './DisputeSegments';

// The dialogs of the project page that ask for something: the customer's dispute reason, and the
// admin's reassign (a translator id) and dispute resolution.

interface ProjectDialogProps {
  open: boolean;
  project: ProjectDetail;
  onClose: () => void;
}

const loadDisputeSchema = () => import('../form-schemas').then((m) => m.projectDisputeWithSegmentsSchema);
const loadReassignSchema = () => import('../form-schemas').then((m) => m.projectReassignSchema);
const loadResolveSchema = () => import('../form-schemas').then((m) => m.projectResolveSchema);

type ResolveOutcome = (typeof RESOLVE_OUTCOMES)[number];

export function DisputeDialog({
  open,
  project,
  onClose,
  picked = [],
}: ProjectDialogProps & { picked?: { id: number; comment: string }[] }) {
  const dispute = useProjectMove((v: ProjectDisputeInput) => projectCalls.dispute(project.id, v));
  const { register, control, handleSubmit, setError, formState } = useZodForm(loadDisputeSchema, {
    defaultValues: { reason: '', segments: picked },
  });
  const { errors } = formState;
  const submit = handleSubmit(async (values) => {
    try {
      await dispute.mutateAsync(values);
      toast(PROJECT_TEXTS.disputed, { variant: 'success' });
      onClose();
    } catch (err) {
      setError('root', { type: 'server', message: messageOf(err) });
    }
  });
  // a translation delivered from the editor (or readable there) has segments to point at
  const hasSegments = project.actions.includes('open-editor');
  return (
    <FormDialog
      open={open}
      title="Dispute the translation"
      submitLabel="Send dispute"
      busy={formState.isSubmitting}
      error={errors.root?.message ?? errors.segments?.message ?? errors.segments?.root?.message ?? null}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Tell us what is wrong with the delivery. Our team reviews it with you and the translator; the translator is not
        paid meanwhile.
      </Typography>
      <Field
        label="What is wrong?"
        multiline
        minRows={4}
        fullWidth
        autoFocus
        {...register('reason')}
        error={!!errors.reason}
        helperText={errors.reason?.message ?? ' '}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      {hasSegments && (
        <Controller
          control={control}
          name="segments"
          render={({ field }) => (
            <DisputeSegmentPicker
              projectId={project.id}
              value={(field.value ?? []).map((s) => ({ id: Number(s.id), comment: s.comment ?? '' }))}
              onChange={field.onChange}
            />
          )}
        />
      )}
    </FormDialog>
  );
}

export function ReassignDialog({ open, project, onClose }: ProjectDialogProps) {
  const reassign = useProjectMove((id: number) => projectCalls.reassign(project.id, id));
  const { register, handleSubmit, setError, formState } = useZodForm(loadReassignSchema, {
    defaultValues: { translatorId: '' },
  });
  const { errors } = formState;
  const submit = handleSubmit(async ({ translatorId }) => {
    try {
      await reassign.mutateAsync(translatorId);
      toast('Project reassigned', { variant: 'success' });
      onClose();
    } catch (err) {
      setError('root', { type: 'server', message: messageOf(err) });
    }
  });
  return (
    <FormDialog
      open={open}
      title="Reassign the project"
      submitLabel="Reassign"
      busy={formState.isSubmitting}
      error={errors.root?.message ?? null}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The project goes to this translator and starts (or continues) In Progress.
      </Typography>
      <Field
        label="Translator ID"
        autoFocus
        {...register('translatorId')}
        error={!!errors.translatorId}
        helperText={errors.translatorId?.message ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </FormDialog>
  );
}

export function ResolveDialog({ open, project, onClose }: ProjectDialogProps) {
  const resolve = useProjectMove((v: { outcome: ResolveOutcome; refundCredits?: number }) =>
    projectCalls.resolve(project.id, v.outcome, v.refundCredits),
  );
  const { register, control, handleSubmit, setError, formState, watch } = useZodForm(loadResolveSchema, {
    defaultValues: { refundCredits: '' },
  });
  const { errors } = formState;
  const price = project.priceCredits ?? 0;
  const submit = handleSubmit(async ({ outcome, refundCredits }) => {
    try {
      await resolve.mutateAsync({ outcome, refundCredits: outcome === 'partial' ? refundCredits : undefined });
      toast('Dispute resolved', { variant: 'success' });
      onClose();
    } catch (err) {
      setError('root', { type: 'server', message: messageOf(err) });
    }
  });
  return (
    <FormDialog
      open={open}
      title="Resolve the dispute"
      submitLabel="Resolve"
      busy={formState.isSubmitting}
      error={errors.root?.message ?? errors.outcome?.message ?? null}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {project.disputeReason && (
        <Typography sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
          <strong>The customer wrote:</strong> {project.disputeReason}
        </Typography>
      )}
      <DisputedSegmentsNote project={project} />
      <Controller
        name="outcome"
        control={control}
        render={({ field }) => (
          <RadioGroup aria-label="Outcome" value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur}>
            <FormControlLabel
              value="refund"
              control={<Radio />}
              label="Refund the customer in full (project cancelled)"
            />
            <FormControlLabel value="partial" control={<Radio />} label="Partial refund, the rest to the translator" />
            <FormControlLabel value="pay" control={<Radio />} label="Pay the translator (project completed)" />
          </RadioGroup>
        )}
      />
      {watch('outcome') === 'partial' && (
        <Field
          label="Credits to refund"
          sx={{ mt: 1 }}
          {...register('refundCredits')}
          error={!!errors.refundCredits}
          helperText={errors.refundCredits?.message ?? (price ? `Between 1 and ${formatCredits(price)}` : ' ')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
    </FormDialog>
  );
}
