import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ORDER_TEXTS } from '@parlance/shared';
import { useId, useState } from 'react';
import { fieldErrorsOf, messageOf, updateOrder, useExpertises } from '../api';
import { StepActions } from './StepActions';
import type { StepProps } from './step-props';

// Step 3: the subject of the content, so that a translator who knows the field takes the work.

export function ExpertiseStep({ order, onNext, onBack, onFinishLater, nextLabel }: StepProps) {
  const expertises = useExpertises();
  const [value, setValue] = useState(order.expertise ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const labelId = useId();

  async function next(e: React.FormEvent) {
    e.preventDefault();
    if (!value) {
      setError(ORDER_TEXTS.wizardChooseExpertise);
      return;
    }
    setBusy(true);
    try {
      onNext(await updateOrder(order.pid, { expertise: value, step: 'brief' }));
    } catch (err) {
      setError(fieldErrorsOf(err).expertise ?? messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={next} aria-label="Expertise">
      <Typography variant="h6" component="h2" id={labelId} sx={{ mb: 0.5 }}>
        What is your content about?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        We match your order with translators who know the field.
      </Typography>
      {expertises.isPending && <Skeleton variant="rounded" height={180} />}
      {expertises.isError && <Alert severity="error">We could not load the expertises. Please reload the page.</Alert>}
      {expertises.data && (
        <RadioGroup
          aria-labelledby={labelId}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
            gap: 1,
          }}
        >
          {expertises.data.map((x) => (
            <FormControlLabel
              key={x.slug}
              value={x.slug}
              control={<Radio />}
              label={x.name}
              sx={{
                m: 0,
                pr: 1.5,
                border: 1,
                borderRadius: 1,
                borderColor: value === x.slug ? 'primary.main' : 'divider',
                bgcolor: value === x.slug ? 'action.selected' : 'transparent',
              }}
            />
          ))}
        </RadioGroup>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <StepActions onBack={onBack} onFinishLater={onFinishLater} busy={busy} nextLabel={nextLabel} />
    </Box>
  );
}
