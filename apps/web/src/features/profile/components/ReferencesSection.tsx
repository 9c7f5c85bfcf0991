import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type RefereesInput, refereesInputSchema, TRANSLATOR_TEXTS, type TranslatorProfile } from '@parlance/shared';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast';
import { messageOf } from '../api';
import { translatorProfileQuery, useSaveReferees } from '../translator-api';
import { SectionCard, SectionState } from './SectionCard';

const EMPTY = { name: '', email: '', company: '', relationship: '' };

export function ReferencesSection() {
  const profile = useQuery(translatorProfileQuery);
  return (
    <SectionCard title="References" intro="Up to three clients or colleagues who can speak for your work.">
      <SectionState loading={profile.isPending} error={profile.error} />
      {profile.data && <ReferencesForm profile={profile.data} />}
    </SectionCard>
  );
}

function ReferencesForm({ profile }: { profile: TranslatorProfile }) {
  const save = useSaveReferees();
  const { register, control, handleSubmit, formState } = useForm<RefereesInput>({
    resolver: zodResolver(refereesInputSchema),
    defaultValues: { referees: profile.referees.length ? profile.referees : [EMPTY] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'referees' });
  const errors = formState.errors.referees;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast(TRANSLATOR_TEXTS.saved, { variant: 'success' });
    } catch (err) {
      toast(messageOf(err, 'Could not save.'), { variant: 'error' });
    }
  });
  const field = (i: number, name: 'name' | 'email' | 'company' | 'relationship', label: string) => {
    const { ref, ...rest } = register(`referees.${i}.${name}`);
    const error = errors?.[i]?.[name]?.message;
    return (
      <Field
        {...rest}
        inputRef={ref}
        id={`referee-${i}-${name}`}
        label={`${label}`}
        fullWidth
        required={name === 'name' || name === 'email'}
        error={!!error}
        helperText={error}
      />
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-label="References">
      <Stack spacing={2}>
        {fields.map((f, i) => (
          <Paper key={f.id} variant="outlined" sx={{ p: 2 }} role="group" aria-label={`Reference ${i + 1}`}>
            <Typography sx={{ fontWeight: 600, mb: 1 }}>Reference {i + 1}</Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>{field(i, 'name', 'Name')}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field(i, 'email', 'Email')}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field(i, 'company', 'Company')}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field(i, 'relationship', 'How you worked together')}</Grid>
            </Grid>
            {fields.length > 1 && (
              <Button size="small" color="error" onClick={() => remove(i)} sx={{ mt: 1 }}>
                Remove reference {i + 1}
              </Button>
            )}
          </Paper>
        ))}
        {errors?.root?.message || errors?.message ? (
          <Typography role="alert" color="error">
            {errors?.root?.message ?? errors?.message}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1}>
          {fields.length < 3 && (
            <Button variant="outlined" onClick={() => append(EMPTY)}>
              Add a reference
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Save references
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
