import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { Field } from '../../../ui/Field';
import { useQuery } from '@tanstack/react-query';
import { type AboutMeInput, aboutMeInputSchema, bioWordCount, TRANSLATOR_TEXTS } from '@parlance/shared';
import { useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast';
import { fieldErrorsOf, messageOf } from '../api';
import { translatorProfileQuery, useSaveBio } from '../translator-api';
import { showServerErrors } from './form-field';
import { SectionCard, SectionState } from './SectionCard';

export function BioSection() {
  const profile = useQuery(translatorProfileQuery);
  return (
    <SectionCard title="About me" intro="A few sentences customers read before they choose you.">
      <SectionState loading={profile.isPending} error={profile.error} />
      {profile.data && <BioForm bio={profile.data.bio} />}
    </SectionCard>
  );
}

function BioForm({ bio }: { bio: string }) {
  const save = useSaveBio();
  const { register, handleSubmit, setError, watch, formState } = useForm<AboutMeInput>({
    resolver: zodResolver(aboutMeInputSchema),
    defaultValues: { about_me: bio },
  });
  const words = bioWordCount(watch('about_me') ?? '');
  const { ref, ...rest } = register('about_me');
  const error = formState.errors.about_me?.message;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast(TRANSLATOR_TEXTS.saved, { variant: 'success' });
    } catch (err) {
      if (!showServerErrors(fieldErrorsOf(err), setError, ['about_me']))
        toast(messageOf(err, 'Could not save.'), { variant: 'error' });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="About me">
      <Field
        {...rest}
        inputRef={ref}
        id="about-me"
        label="Bio"
        multiline
        minRows={4}
        fullWidth
        error={!!error}
        helperText={error ?? `${words} ${words === 1 ? 'word' : 'words'} (at least 5)`}
      />
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ mt: 2 }}>
        Save bio
      </Button>
    </form>
  );
}
