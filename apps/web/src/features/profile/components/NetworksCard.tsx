import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { Field } from '../../../ui/Field';
import { useQuery } from '@tanstack/react-query';
import { type Networks, PROFILE_EXTRA_TEXTS, SOCIAL_NETWORKS } from '@parlance/shared';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import { fieldErrorsOf, messageOf } from '../api';
import { networksQuery, useSaveNetworks } from '../extras-api';
import { useCheckedForm } from '../use-checked-form';
import { SectionCard, SectionState } from './SectionCard';

// Social networks (updateNetworksInfo): shown on the public profile (/profile/show).

const FIELDS = SOCIAL_NETWORKS.map((n) => n.id);
const loadCheck = () => import('../account-checks').then((m) => m.checkNetworks);

export function NetworksCard() {
  const networks = useQuery(networksQuery);
  return (
    <SectionCard
      title="Social networks"
      intro="Links customers see on your public profile. Leave a field empty to remove it."
    >
      <SectionState loading={networks.isPending} error={networks.error} />
      {networks.data && <NetworksForm networks={networks.data} />}
    </SectionCard>
  );
}

function NetworksForm({ networks }: { networks: Networks }) {
  const save = useSaveNetworks();
  const [commonError, setCommonError] = useState<string | null>(null);
  const form = useCheckedForm({ ...networks }, loadCheck, 'touched');
  const { errors, submitting: isSubmitting } = form;
  const onSubmit = form.handleSubmit(async (values) => {
    setCommonError(null);
    try {
      await save.mutateAsync(values);
      toast(PROFILE_EXTRA_TEXTS.networksSaved, { variant: 'success' });
    } catch (err) {
      if (!form.showServerErrors(fieldErrorsOf(err), FIELDS))
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
              {...form.field(n.id)}
              id={`profile-${n.id}`}
              error={!!errors[n.id]}
              helperText={errors[n.id]}
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
