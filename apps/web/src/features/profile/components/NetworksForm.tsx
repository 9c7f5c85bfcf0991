import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { type Networks, PROFILE_EXTRA_TEXTS, SOCIAL_NETWORKS } from '@parlance/shared';
import { useState } from 'react';
import { Field } from '../../../ui/Field';
import { toast } from '../../../ui/toast';
import { useZodForm } from '../../../ui/zod-form';
import { fieldErrorsOf, messageOf } from '../api';
import { useSaveNetworks } from '../extras-api';
import { showServerErrors } from './form-field';

const FIELDS = SOCIAL_NETWORKS.map((n) => n.id);
const loadSchema = () => import('../form-schemas').then((m) => m.networksInputSchema);

/** The links: each checked when left, then on every change. */
export function NetworksForm({ networks }: { networks: Networks }) {
  const save = useSaveNetworks();
  const [commonError, setCommonError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useZodForm(loadSchema, {
    mode: 'onTouched',
    defaultValues: { ...networks },
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setCommonError(null);
    try {
      await save.mutateAsync(values);
      toast(PROFILE_EXTRA_TEXTS.networksSaved, { variant: 'success' });
    } catch (err) {
      if (!showServerErrors(fieldErrorsOf(err), setError, FIELDS))
        setCommonError(messageOf(err, 'Could not save your social networks.'));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Social networks">
      {commonError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {commonError}
        </Alert>
      )}
      <Grid container spacing={2}>
        {SOCIAL_NETWORKS.map((n) => (
          <Grid key={n.id} size={{ xs: 12, sm: 6 }}>
            <Field
              {...register(n.id)}
              id={`profile-${n.id}`}
              error={!!errors[n.id]}
              helperText={errors[n.id]?.message}
              fullWidth
              label={n.label}
              type="url"
              placeholder={n.hosts.length ? `https://${n.hosts[0]}/…` : 'https://…'}
            />
          </Grid>
        ))}
      </Grid>
      <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ mt: 2 }}>
        Save networks
      </Button>
    </form>
  );
}
