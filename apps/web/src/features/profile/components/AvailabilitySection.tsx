import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete } from '../../../ui/Autocomplete';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  type AvailabilityInput,
  availabilityInputSchema,
  TRANSLATOR_TEXTS,
  type TranslatorProfile,
} from '@parlance/shared';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast';
import { fieldErrorsOf, messageOf } from '../api';
import { timeZonesQuery, translatorProfileQuery, useSaveAvailability } from '../translator-api';
import { showServerErrors, textField } from './form-field';
import { SectionCard, SectionState } from './SectionCard';

export function AvailabilitySection() {
  const profile = useQuery(translatorProfileQuery);
  const zones = useQuery(timeZonesQuery);
  return (
    <SectionCard
      title="Availability"
      intro="Your time zone tells customers when you work; during a vacation no projects are offered to you."
    >
      <SectionState loading={profile.isPending || zones.isPending} error={profile.error ?? zones.error} />
      {profile.data && zones.data && <AvailabilityForm profile={profile.data} zones={zones.data.map((z) => z.id)} />}
    </SectionCard>
  );
}

function guessZone(zones: string[]): string {
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zones.includes(local) ? local : '';
}

function AvailabilityForm({ profile, zones }: { profile: TranslatorProfile; zones: string[] }) {
  const save = useSaveAvailability();
  const { register, control, handleSubmit, setError, formState } = useForm<AvailabilityInput>({
    resolver: zodResolver(availabilityInputSchema),
    defaultValues: {
      time_zone: profile.timeZone || guessZone(zones),
      vacation_from: profile.vacationFrom ?? '',
      vacation_to: profile.vacationTo ?? '',
    },
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast(TRANSLATOR_TEXTS.saved, { variant: 'success' });
    } catch (err) {
      if (!showServerErrors(fieldErrorsOf(err), setError, ['time_zone', 'vacation_from', 'vacation_to']))
        toast(messageOf(err, 'Could not save.'), { variant: 'error' });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Availability">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <Controller
            control={control}
            name="time_zone"
            render={({ field, fieldState }) => (
              <Autocomplete
                options={zones}
                value={field.value || null}
                onChange={(_e, v) => field.onChange(v ?? '')}
                getOptionLabel={(z) => z.replace(/_/g, ' ')}
                renderInput={(params) => (
                  <Field
                    {...params}
                    id="time-zone"
                    label="Time zone"
                    required
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message ?? ' '}
                  />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Vacation
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Both days, or neither.
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Field
            {...textField(register, errors, 'vacation_from')}
            label="First day"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Field
            {...textField(register, errors, 'vacation_to')}
            label="Last day"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
      </Grid>
      <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ mt: 2 }}>
        Save availability
      </Button>
    </form>
  );
}
