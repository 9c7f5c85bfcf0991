import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { Field } from '../../../ui/Field';
import { useQuery } from '@tanstack/react-query';
import { type Networks, networksInputSchema, PROFILE_EXTRA_TEXTS, SOCIAL_NETWORKS } from '@parlance/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../../../ui/toast';
import { fieldErrorsOf, messageOf } from '../api';
import { networksQuery, useSaveNetworks } from '../extras-api';
import { showServerErrors, textField } from './form-field';
import { SectionCard, SectionState } from './SectionCard';

// Social networks (updateNetworksInfo): shown on the public profile (/profile/show).

type Values = z.input<typeof networksInputSchema>;
const FIELDS = SOCIAL_NETWORKS.map((n) => n.id);

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
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(networksInputSchema),
    mode: 'onTouched',
    defaultValues: networks,
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
              {...textField(register, errors, n.id)}
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
