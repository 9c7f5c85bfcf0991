import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { PROJECT_TEXTS, type ProjectDetail } from '@parlance/shared';
import { useState } from 'react';
import { FormDialog } from '../../../ui/FormDialog';
import { formatCredits } from '../../../ui/money';
import { toast } from '../../../ui/toast';
import { useZodForm } from '../../../ui/zod-form';
import { messageOf, projectCalls, useProjectMove } from '../api';

// The dialogs of the project page that ask for something: the customer's dispute reason, and the
// admin's reassign (a translator id) and dispute resolution.

interface ProjectDialogProps {
  open: boolean;
  project: ProjectDetail;
  onClose: () => void;
}

const loadDisputeSchema = () => import('../form-schemas').then((m) => m.projectDisputeSchema);

export function DisputeDialog({ open, project, onClose }: ProjectDialogProps) {
  const dispute = useProjectMove((r: string) => projectCalls.dispute(project.id, r));
  const { register, handleSubmit, setError, formState } = useZodForm(loadDisputeSchema, {
    defaultValues: { reason: '' },
  });
  const { errors } = formState;
  const submit = handleSubmit(async ({ reason }) => {
    try {
      await dispute.mutateAsync(reason);
      toast(PROJECT_TEXTS.disputed, { variant: 'success' });
      onClose();
    } catch (err) {
      setError('root', { type: 'server', message: messageOf(err) });
    }
  });
  return (
    <FormDialog
      open={open}
      title="Dispute the translation"
      submitLabel="Send dispute"
      busy={formState.isSubmitting}
      error={errors.root?.message ?? null}
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
    </FormDialog>
  );
}

export function ReassignDialog({ open, project, onClose }: ProjectDialogProps) {
  const [translatorId, setTranslatorId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reassign = useProjectMove((id: number) => projectCalls.reassign(project.id, id));
  function submit() {
    const id = Number(translatorId);
    if (!Number.isInteger(id) || id <= 0) {
      setError(PROJECT_TEXTS.reassignTargetInvalid);
      return;
    }
    reassign.mutate(id, {
      onSuccess: () => {
        toast('Project reassigned', { variant: 'success' });
        onClose();
      },
      onError: (err) => setError(messageOf(err)),
    });
  }
  return (
    <FormDialog
      open={open}
      title="Reassign the project"
      submitLabel="Reassign"
      busy={reassign.isPending}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The project goes to this translator and starts (or continues) In Progress.
      </Typography>
      <Field
        label="Translator ID"
        autoFocus
        value={translatorId}
        onChange={(e) => {
          setTranslatorId(e.target.value.replace(/\D/g, ''));
          setError(null);
        }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </FormDialog>
  );
}

type Outcome = 'refund' | 'partial' | 'pay';

export function ResolveDialog({ open, project, onClose }: ProjectDialogProps) {
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const resolve = useProjectMove((v: { outcome: Outcome; refundCredits?: number }) =>
    projectCalls.resolve(project.id, v.outcome, v.refundCredits),
  );
  const price = project.priceCredits ?? 0;
  function submit() {
    if (!outcome) {
      setError(PROJECT_TEXTS.resolveInvalid);
      return;
    }
    const refund = Number(amount);
    if (outcome === 'partial' && (!Number.isInteger(refund) || refund < 1 || (price > 0 && refund > price))) {
      setError(PROJECT_TEXTS.partialRefundInvalid);
      return;
    }
    resolve.mutate(
      { outcome, refundCredits: outcome === 'partial' ? refund : undefined },
      {
        onSuccess: () => {
          toast('Dispute resolved', { variant: 'success' });
          onClose();
        },
        onError: (err) => setError(messageOf(err)),
      },
    );
  }
  return (
    <FormDialog
      open={open}
      title="Resolve the dispute"
      submitLabel="Resolve"
      busy={resolve.isPending}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      {project.disputeReason && (
        <Typography sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
          <strong>The customer wrote:</strong> {project.disputeReason}
        </Typography>
      )}
      <RadioGroup
        aria-label="Outcome"
        value={outcome}
        onChange={(e) => {
          setOutcome(e.target.value as Outcome);
          setError(null);
        }}
      >
        <FormControlLabel value="refund" control={<Radio />} label="Refund the customer in full (project cancelled)" />
        <FormControlLabel value="partial" control={<Radio />} label="Partial refund, the rest to the translator" />
        <FormControlLabel value="pay" control={<Radio />} label="Pay the translator (project completed)" />
      </RadioGroup>
      {outcome === 'partial' && (
        <Field
          label="Credits to refund"
          sx={{ mt: 1 }}
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value.replace(/\D/g, ''));
            setError(null);
          }}
          helperText={price ? `Between 1 and ${formatCredits(price)}` : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
    </FormDialog>
  );
}
